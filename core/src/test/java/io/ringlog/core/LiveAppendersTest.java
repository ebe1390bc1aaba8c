package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LiveAppendersTest {
    private static final PipelineStats EMPTY = new PipelineStats(8, 0, 0, 0, new long[EventLevel.values().length]);

    @Test
    void listsAnAppenderFromItsRegistrationUntilItIsClosed() {
        Object context = new Object();
        LiveAppenders.Registration registration = LiveAppenders.register("logback", context, "", "ASYNC", () -> EMPTY);

        assertThat(LiveAppenders.live()).anySatisfy(appender -> {
            assertThat(appender.framework()).isEqualTo("logback");
            assertThat(appender.context()).isSameAs(context);
            assertThat(appender.contextName()).isEqualTo("default");
            assertThat(appender.name()).isEqualTo("ASYNC");
            assertThat(appender.stats()).isSameAs(EMPTY);
            assertThat(appender.failed()).as("registered without a failure flag").isFalse();
        });
        registration.close();
        registration.close();
        assertThat(LiveAppenders.live()).noneSatisfy(appender -> assertThat(appender.context()).isSameAs(context));
    }

    @Test
    void tellsWhetherTheAppendersPipelineHasFailed() {
        AtomicBoolean failed = new AtomicBoolean();
        LiveAppenders.Registration registration = LiveAppenders.register("logback", this, "ctx", "FAILING", () -> EMPTY, failed::get);
        try {
            LiveAppender appender = LiveAppenders.live().stream().filter(a -> a.name().equals("FAILING")).findFirst().orElseThrow();
            assertThat(appender.failed()).isFalse();
            failed.set(true);
            assertThat(appender.failed()).isTrue();
        } finally {
            registration.close();
        }
    }

    @Test
    void aSubscriberHearsOfLiveAppendersThenOfEachStartAndStopOnceInOrder() {
        LiveAppenders.Registration before = LiveAppenders.register("log4j2", this, "ctx", "BEFORE", () -> EMPTY);
        List<String> heard = new ArrayList<>();
        LiveAppenders.Listener listener = new LiveAppenders.Listener() {
            @Override
            public void started(LiveAppender appender) {
                if (appender.context() == LiveAppendersTest.this) {
                    heard.add("started " + appender.name());
                }
            }

            @Override
            public void stopped(LiveAppender appender) {
                if (appender.context() == LiveAppendersTest.this) {
                    heard.add("stopped " + appender.name());
                }
            }
        };
        LiveAppenders.Registration subscription = LiveAppenders.subscribe(listener);
        LiveAppenders.Registration after = LiveAppenders.register("log4j2", this, "ctx", "AFTER", () -> EMPTY);
        before.close();
        after.close();
        after.close();
        subscription.close();
        LiveAppenders.register("log4j2", this, "ctx", "UNHEARD", () -> EMPTY).close();

        assertThat(heard).containsExactly("started BEFORE", "started AFTER", "stopped BEFORE", "stopped AFTER");
    }

    @Test
    void aListenerThatThrowsNeverFailsARegistration() {
        LiveAppenders.Registration subscription = LiveAppenders.subscribe(new LiveAppenders.Listener() {
            @Override
            public void started(LiveAppender appender) {
                throw new IllegalStateException("monitoring failed");
            }

            @Override
            public void stopped(LiveAppender appender) {
                throw new IllegalStateException("monitoring failed");
            }
        });
        try {
            LiveAppenders.register("logback", this, "ctx", "ASYNC", () -> EMPTY).close();
        } finally {
            subscription.close();
        }
        assertThat(LiveAppenders.live()).noneSatisfy(appender -> assertThat(appender.context()).isSameAs(this));
    }
}
