package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A downstream appender that logs back through the same Ringlog appender for each event it gets, while four callers log
 * bursts into a small blocking ring: every event logged (the application's and the downstream's) must be delivered,
 * dropped, failed or delivered directly, and the file must hold exactly the delivered ones. The adapters' tests run it
 * (each {@code TargetLoggingBackIT}) with their own configuration and their own recording appender.
 */
public final class LoggingBackScenario {
    public static final int CALLERS = 4;
    private static final int BURSTS = 25;
    private static final int BURST = 4;
    public static final int LOGGED_BY_APPLICATION = CALLERS * BURSTS * BURST;
    private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

    private LoggingBackScenario() {
    }

    /** Starts the callers, each logging its bursts, and waits for them (30 s at most each). */
    public static void logFromCallers(InfoLogger logger) throws InterruptedException {
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            int caller = c;
            callers.add(TestThreads.startThread("caller-" + c, () -> logBursts(logger, caller)));
        }
        for (Thread caller : callers) {
            caller.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(caller.isAlive()).as("%s still logging after 30 s", caller.getName()).isFalse();
        }
    }

    /**
     * Every event logged is in a counter: the application's and the {@code logBacks} events the downstream logged back.
     * {@code where} says, for the failure message, on which threads the downstream ran and anything else worth knowing.
     */
    public static void assertEveryEventCounted(String framework, PipelineStats stats, int logBacks, String where) {
        long logged = LOGGED_BY_APPLICATION + logBacks;
        long counted = stats.delivered() + stats.dropped() + stats.failed() + stats.deliveredDirectly();
        System.out.printf("[figures] %s logging back: logged=%d counted=%d, %s%n", framework, logged, counted, where);
        assertThat(counted)
                .as("logged %d events (%d by the application, %d log-backs by the downstream); delivered + dropped + failed + "
                        + "deliveredDirectly = %d, so %d are in no counter: %s; %s", logged, LOGGED_BY_APPLICATION, logBacks,
                        counted, logged - counted, stats, where)
                .isEqualTo(logged);
        Accounting.assertAccounted(stats, logged);
    }

    /** The file holds every delivered event, and every event of the application (blocking: none is dropped). */
    public static void assertFileHoldsTheDelivered(List<String> lines, PipelineStats stats, String logBackPrefix) {
        assertThat(lines).as("the file holds every delivered event: %s", stats).hasSize((int) stats.delivered());
        assertThat(lines.stream().filter(line -> !line.startsWith(logBackPrefix)))
                .as("every event of the application (blocking: none is dropped)").hasSize(LOGGED_BY_APPLICATION);
    }

    private static void logBursts(InfoLogger logger, int caller) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("caller {} burst {} event {}", caller, b, i);
            }
            LockSupport.parkNanos(PAUSE_NANOS); // the scenario: bursts, between which the consumer naps
        }
    }
}
