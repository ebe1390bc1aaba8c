package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reporter thread exists only while a summary is scheduled, and keeps nothing of the caller that created it
 * reachable: not its context class loader, not its inheritable thread locals, not the class loaders on its stack.
 */
class ReportSchedulerTest {
    private static final Duration THREAD_END = Duration.ofSeconds(10);
    private static final InheritableThreadLocal<Object> CALLER_VALUE = new InheritableThreadLocal<>();

    @BeforeEach
    void noReporterThreadYet() {
        // Pipelines stopped by earlier tests in this JVM let the thread go within the keep-alive.
        awaitNoReporterThread();
    }

    @Test
    void theThreadEndsOnceNoSummaryIsScheduledAndComesBackForTheNext() {
        AtomicInteger periodic = new AtomicInteger();
        Future<?> summaries = ReportScheduler.every(20, periodic::incrementAndGet);
        await().until(() -> periodic.get() >= 2);
        AtomicBoolean late = new AtomicBoolean();
        ReportScheduler.once(100, () -> late.set(true));
        summaries.cancel(false);

        await().until(late::get);
        awaitNoReporterThread();

        AtomicBoolean next = new AtomicBoolean();
        ReportScheduler.once(0, () -> next.set(true));
        await().until(next::get);
        awaitNoReporterThread();
    }

    @Test
    void theThreadKeepsNothingOfTheCallerThatCreatedItReachable() throws Exception {
        AtomicReference<Thread> reporter = new AtomicReference<>();
        AtomicBoolean sawCallerLoader = new AtomicBoolean();
        AtomicBoolean sawCallerValue = new AtomicBoolean();
        AtomicReference<WeakReference<ClassLoader>> callerLoader = new AtomicReference<>();
        Runnable summary = () -> {
            Thread current = Thread.currentThread();
            ClassLoader loader = callerLoader.get().get();
            sawCallerLoader.compareAndSet(false, loader != null && current.getContextClassLoader() == loader);
            sawCallerValue.compareAndSet(false, CALLER_VALUE.get() != null);
            reporter.compareAndSet(null, current);
        };
        Future<?> summaries = scheduleFromForeignCaller(summary, callerLoader);
        try {
            await().until(() -> reporter.get() != null);
            assertThat(reporter.get().isDaemon()).as("daemon").isTrue();
            assertThat(sawCallerLoader).as("the reporter runs with its creator's context class loader").isFalse();
            assertThat(sawCallerValue).as("the reporter inherited its creator's thread locals").isFalse();

            // The thread that the foreign caller created is still running, and keeps nothing of that caller alive.
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                System.gc();
                return callerLoader.get().get() == null;
            });
            assertThat(reporterThreads()).containsExactly(reporter.get());
        } finally {
            summaries.cancel(false);
        }
        awaitNoReporterThread();
    }

    /**
     * Schedules {@code summary} the way an application's code would, when no reporter thread is alive: from a frame of
     * a class loader of its own, that loader as context class loader, and an inheritable thread local holding one of
     * its objects. Restores the calling thread and keeps no strong reference to that loader.
     */
    private static Future<?> scheduleFromForeignCaller(Runnable summary, AtomicReference<WeakReference<ClassLoader>> callerLoader)
            throws Exception {
        URL testClasses = CallThrough.class.getProtectionDomain().getCodeSource().getLocation();
        Thread caller = Thread.currentThread();
        ClassLoader previous = caller.getContextClassLoader();
        AtomicReference<Future<?>> scheduled = new AtomicReference<>();
        try (URLClassLoader foreign = new URLClassLoader(new URL[] {testClasses}, null)) {
            callerLoader.set(new WeakReference<>(foreign));
            @SuppressWarnings("unchecked")
            Consumer<Runnable> callThrough = (Consumer<Runnable>) foreign.loadClass(CallThrough.class.getName())
                    .getDeclaredConstructor().newInstance();
            assertThat(callThrough.getClass().getClassLoader()).isSameAs(foreign);
            caller.setContextClassLoader(foreign);
            CALLER_VALUE.set(callThrough);
            callThrough.accept(() -> scheduled.set(ReportScheduler.every(20, summary)));
        } finally {
            CALLER_VALUE.remove();
            caller.setContextClassLoader(previous);
        }
        return scheduled.get();
    }

    private static void awaitNoReporterThread() {
        await().atMost(THREAD_END).until(() -> reporterThreads().isEmpty());
    }

    private static List<Thread> reporterThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && ReportScheduler.THREAD_NAME.equals(thread.getName()))
                .collect(Collectors.toList());
    }
}
