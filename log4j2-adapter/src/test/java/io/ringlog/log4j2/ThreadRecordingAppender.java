package io.ringlog.log4j2;

import io.ringlog.contract.Latches;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test target ({@code <ThreadRecording>}) that counts its appends per thread, by name. With {@code onlyThread}, an
 * append on any other thread is held until {@link #release()} (a target that never returns there: the scenario);
 * with {@code logBackTo}, each event not itself a log-back is logged again, as {@code "log-back <message>"}, through
 * that logger of its own LoggerContext (a target that logs while it delivers), and each such call is counted.
 * Thread-safe.
 */
@Plugin(name = "ThreadRecording", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class ThreadRecordingAppender extends AbstractAppender {
    static final String LOG_BACK = "log-back ";

    private final String onlyThread;
    private final String logBackTo;
    private final Configuration configuration;
    private final Map<String, LongAdder> appendsByThread = new ConcurrentHashMap<>();
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger logBacks = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);

    private ThreadRecordingAppender(String name, String onlyThread, String logBackTo, Configuration configuration) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
        this.onlyThread = onlyThread;
        this.logBackTo = logBackTo;
        this.configuration = configuration;
    }

    /** The plugin factory. */
    @PluginFactory
    public static ThreadRecordingAppender create(@PluginAttribute("name") String name,
                                                 @PluginAttribute("onlyThread") String onlyThread,
                                                 @PluginAttribute("logBackTo") String logBackTo,
                                                 @PluginConfiguration Configuration configuration) {
        return new ThreadRecordingAppender(name, onlyThread, logBackTo, configuration);
    }

    @Override
    public void append(LogEvent event) {
        String thread = Thread.currentThread().getName();
        appendsByThread.computeIfAbsent(thread, ignored -> new LongAdder()).increment();
        if (onlyThread != null && !onlyThread.equals(thread)) {
            held.incrementAndGet();
            // "Forever" for the scenario; the bound only keeps a broken test from hanging the build.
            Latches.awaitThroughInterrupts(released, 2, TimeUnit.MINUTES, "the test never released " + getName());
        }
        String message = event.getMessage().getFormattedMessage();
        if (logBackTo != null && !message.startsWith(LOG_BACK)) {
            logBacks.incrementAndGet();
            configuration.getLoggerContext().getLogger(logBackTo).info(LOG_BACK + "{}", message);
        }
    }

    /** Appends per thread name (including those held), sorted by name. */
    Map<String, Long> appendsByThread() {
        Map<String, Long> counts = new TreeMap<>();
        appendsByThread.forEach((thread, count) -> counts.put(thread, count.sum()));
        return counts;
    }

    /** How many appends were held because they ran on a thread other than {@code onlyThread}. */
    int held() {
        return held.get();
    }

    /** How many log-back calls this target made. */
    int logBacks() {
        return logBacks.get();
    }

    /** Lets every held and later append through. */
    void release() {
        released.countDown();
    }
}
