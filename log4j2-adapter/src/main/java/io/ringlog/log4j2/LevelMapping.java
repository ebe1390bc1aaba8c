package io.ringlog.log4j2;

import io.ringlog.core.EventLevel;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.spi.StandardLevel;

/**
 * Maps Log4j2 levels, custom ones included, onto the pipeline's five by {@link Level#intLevel()}: FATAL (and OFF)
 * count as ERROR, a custom level counts as the nearest standard level at or above its severity. Stateless.
 */
final class LevelMapping {

    private LevelMapping() {
    }

    static EventLevel of(Level level) {
        int value = level.intLevel();
        if (value <= StandardLevel.ERROR.intLevel()) {
            return EventLevel.ERROR;
        }
        if (value <= StandardLevel.WARN.intLevel()) {
            return EventLevel.WARN;
        }
        if (value <= StandardLevel.INFO.intLevel()) {
            return EventLevel.INFO;
        }
        if (value <= StandardLevel.DEBUG.intLevel()) {
            return EventLevel.DEBUG;
        }
        return EventLevel.TRACE;
    }
}
