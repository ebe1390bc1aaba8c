package io.ringlog.logback;

import ch.qos.logback.classic.Level;
import io.ringlog.core.EventLevel;

/** Maps Logback levels onto the pipeline's five levels. Stateless; any thread. */
final class EventLevels {

    private EventLevels() {
    }

    /** The pipeline level of a Logback event level; anything above ERROR counts as ERROR, anything below DEBUG as TRACE. */
    static EventLevel of(Level level) {
        int value = level.levelInt;
        if (value >= Level.ERROR_INT) {
            return EventLevel.ERROR;
        }
        if (value >= Level.WARN_INT) {
            return EventLevel.WARN;
        }
        if (value >= Level.INFO_INT) {
            return EventLevel.INFO;
        }
        if (value >= Level.DEBUG_INT) {
            return EventLevel.DEBUG;
        }
        return EventLevel.TRACE;
    }
}
