package io.ringlog.logback;

import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.rolling.RollingFileAppender;
import java.lang.reflect.Method;
import java.util.Set;

/**
 * Whether a stream child runs Logback's own append path, from {@code doAppend} to its encoder: bytes encoded on the
 * caller are what the child would encode only if no class of its own runs between the two. A subclass that overrides
 * {@code doAppend}, {@code append}, {@code subAppend} or {@code writeOut} may rewrite the event (masking, enrichment)
 * before it calls {@code super}, and the child's encoder must then see the rewritten event, on the consumer. A subclass
 * that passes another event object on is safe either way (the stand-in encoder hands bytes over for the very event
 * they were made for only), but cannot be told apart by its signature. Stateless; any thread.
 */
final class StockAppendPath {

    /** The append path's methods, by name, whatever their parameters. */
    private static final Set<String> APPEND_PATH = Set.of("doAppend", "append", "subAppend", "writeOut");
    /** Logback's own stream appenders: their append path is the one the stand-in encoder is written for. */
    private static final Set<Class<?>> STOCK = Set.of(OutputStreamAppender.class, FileAppender.class, RollingFileAppender.class,
            ConsoleAppender.class);

    private StockAppendPath() {
    }

    /**
     * The first class from {@code type} up to Logback's stream appenders that declares a method of the append path, as
     * {@code Class.method}, or null if there is none.
     */
    static String overrideIn(Class<?> type) {
        for (Class<?> at = type; at != null && !STOCK.contains(at); at = at.getSuperclass()) {
            for (Method method : at.getDeclaredMethods()) {
                if (APPEND_PATH.contains(method.getName()) && !method.isSynthetic()) {
                    return at.getName() + "." + method.getName();
                }
            }
        }
        return null;
    }
}
