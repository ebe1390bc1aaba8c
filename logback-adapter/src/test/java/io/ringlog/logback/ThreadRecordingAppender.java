package io.ringlog.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A test child appender that counts its appends per thread, by name. With {@code <logBackTo>}, each event not itself a
 * log-back is logged again, as {@code "log-back <message>"}, through that logger of its own context (a child that logs
 * while it delivers), and each such call is counted. Thread-safe.
 */
public class ThreadRecordingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    static final String LOG_BACK = "log-back ";

    private final Map<String, LongAdder> appendsByThread = new ConcurrentHashMap<>();
    private final AtomicInteger logBacks = new AtomicInteger();
    private String logBackTo;

    /** The logger each event is logged back through; default none. */
    public void setLogBackTo(String logBackTo) {
        this.logBackTo = logBackTo;
    }

    @Override
    protected void append(ILoggingEvent event) {
        appendsByThread.computeIfAbsent(Thread.currentThread().getName(), ignored -> new LongAdder()).increment();
        String message = event.getFormattedMessage();
        if (logBackTo != null && !message.startsWith(LOG_BACK)) {
            logBacks.incrementAndGet();
            ((LoggerContext) getContext()).getLogger(logBackTo).info(LOG_BACK + "{}", message);
        }
    }

    /** Appends per thread name, sorted by name. */
    Map<String, Long> appendsByThread() {
        Map<String, Long> counts = new TreeMap<>();
        appendsByThread.forEach((thread, count) -> counts.put(thread, count.sum()));
        return counts;
    }

    /** How many log-back calls this appender made. */
    int logBacks() {
        return logBacks.get();
    }
}
