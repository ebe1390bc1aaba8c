package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.spi.ILoggingEvent;
import org.junit.jupiter.api.Test;

class ChildDeliveryTest {

    private static EventSlot slot(ILoggingEvent event) {
        EventSlot slot = new EventSlot(CallerEncoding.NONE);
        slot.write(CallerEncoding.NONE, event, null);
        return slot;
    }

    private static ChildAppenders children(StreamFixture... streams) {
        ChildAppenders children = new ChildAppenders();
        for (StreamFixture stream : streams) {
            children.addAppender(stream.appender);
        }
        return children;
    }

    @Test
    void flushesEveryStreamChildOncePerBatchAndPicksUpNewChildren() {
        StreamFixture flushing = new StreamFixture("FLUSHING", true);
        StreamFixture buffered = new StreamFixture("BUFFERED", false);
        ChildAppenders children = children(flushing, buffered);
        ChildDelivery delivery = new ChildDelivery(children, CallerEncoding.NONE, flushing.appender, true);

        delivery.deliver(slot(flushing.event("a")), false);
        assertThat(buffered.stream.flushes).as("not before the end of the batch").isZero();
        delivery.deliver(slot(flushing.event("b")), true);
        assertThat(flushing.stream.flushes).isBetween(1, 2);
        assertThat(buffered.stream.flushes).as("immediateFlush=false is flushed at the end of the batch").isBetween(1, 2);
        assertThat(buffered.stream.writes).isEqualTo(2);
        assertThat(buffered.appender.isImmediateFlush()).as("its configured value, between deliveries").isFalse();

        StreamFixture late = new StreamFixture("LATE", true);
        children.addAppender(late.appender);
        delivery.deliver(slot(flushing.event("c")), false);
        delivery.deliver(slot(flushing.event("d")), true);
        assertThat(late.stream.text()).isEqualTo("c\nd\n");
        assertThat(late.stream.writes).isEqualTo(2);
        assertThat(late.stream.flushes).isBetween(1, 2);
    }

    /**
     * A child shared by two Ringlog appenders: the second plans while the first has switched the child's immediateFlush
     * for one event; it must restore the configured value, not the switched one.
     */
    @Test
    void aChildSharedByTwoAppendersKeepsItsConfiguredImmediateFlush() {
        StreamFixture shared = new StreamFixture("SHARED", true);
        ChildDelivery first = new ChildDelivery(children(shared), CallerEncoding.NONE, shared.appender, true);
        first.deliver(slot(shared.event("a")), true);
        shared.appender.setImmediateFlush(false); // as the first one leaves it while it appends an event within a batch
        ChildDelivery second = new ChildDelivery(children(shared), CallerEncoding.NONE, shared.appender, true);
        second.deliver(slot(shared.event("b")), false);
        shared.appender.setImmediateFlush(true); // the first one restores it
        second.deliver(slot(shared.event("c")), true);

        assertThat(shared.appender.isImmediateFlush()).as("the configured immediateFlush").isTrue();
        assertThat(shared.stream.text()).isEqualTo("a\nb\nc\n");
    }

    /** Logback's doAppend drops an event for a stopped appender with a warning, at most a few times: it is a failure. */
    @Test
    void anEventForAStoppedChildFailsWhileTheOtherChildrenStillGetIt() {
        StreamFixture stopped = new StreamFixture("STOPPED", true);
        StreamFixture running = new StreamFixture("RUNNING", true);
        ChildDelivery delivery = new ChildDelivery(children(stopped, running), CallerEncoding.NONE, running.appender, true);
        stopped.appender.stop();

        assertThatThrownBy(() -> delivery.deliver(slot(running.event("a")), true))
                .isInstanceOf(ChildAppenderFailure.class).hasMessageContaining("Appender [STOPPED]")
                .hasRootCauseMessage("appender [STOPPED] had stopped, so the event was not written to it");
        assertThat(running.stream.text()).isEqualTo("a\n");
    }

    @Test
    void withoutFlushAtEndOfBatchAnImmediateFlushFalseChildIsLeftAlone() {
        StreamFixture flushing = new StreamFixture("FLUSHING", true);
        StreamFixture buffered = new StreamFixture("BUFFERED", false);
        ChildDelivery delivery = new ChildDelivery(children(flushing, buffered), CallerEncoding.NONE, flushing.appender, false);

        delivery.deliver(slot(flushing.event("a")), false);
        delivery.deliver(slot(flushing.event("b")), true);
        assertThat(flushing.stream.flushes).as("immediateFlush=true is still batched").isBetween(1, 2);
        assertThat(buffered.stream.writes).isEqualTo(2);
        assertThat(buffered.stream.flushes).as("immediateFlush=false is left alone").isZero();

        delivery.afterLastDelivery();
        assertThat(buffered.stream.flushes).as("until a drain completes").isEqualTo(1);
    }

    @Test
    void everyChildIsServedBeforeTheFirstFailureIsRethrown() {
        StreamFixture sibling = new StreamFixture("SIBLING", true);
        ThrowingAppender first = new ThrowingAppender();
        first.setName("FIRST");
        first.setContext(sibling.context);
        first.start();
        ThrowingAppender second = new ThrowingAppender();
        second.setName("SECOND");
        second.setContext(sibling.context);
        second.start();
        ChildAppenders children = new ChildAppenders();
        children.addAppender(first);
        children.addAppender(sibling.appender);
        children.addAppender(second);
        ChildDelivery delivery = new ChildDelivery(children, CallerEncoding.NONE, sibling.appender, true);

        assertThatThrownBy(() -> delivery.deliver(slot(sibling.event("throw-runtime")), true))
                .isInstanceOf(ChildAppenderFailure.class)
                .hasMessageContaining("Appender [FIRST]")
                .hasCauseInstanceOf(IllegalStateException.class)
                .satisfies(t -> assertThat(t.getSuppressed()).singleElement().isInstanceOf(IllegalStateException.class));
        assertThatThrownBy(() -> delivery.deliver(slot(sibling.event("throw-error")), true))
                .isInstanceOf(ChildAppenderFailure.class)
                .hasCauseInstanceOf(ThrowingAppender.SimulatedError.class);
        delivery.deliver(slot(sibling.event("fine")), true);
        assertThat(sibling.stream.text()).isEqualTo("throw-runtime\nthrow-error\nfine\n");
    }

    /** Records what it is handed and where batches end; throws from doAppend on "throw-runtime" (ThrowingAppender). */
    static final class BatchRecorder extends ThrowingAppender implements EndOfBatchListener {
        final java.util.List<String> calls = new java.util.ArrayList<>();

        @Override
        protected void append(ILoggingEvent event) {
            calls.add(event.getFormattedMessage());
        }

        @Override
        public void endOfBatch() {
            calls.add("|");
        }
    }

    @Test
    void aListeningChildIsToldWhereEachBatchEndsEvenWhenItThrewOrFilteredTheLastEvent() {
        StreamFixture sibling = new StreamFixture("SIBLING", true);
        BatchRecorder recorder = new BatchRecorder();
        recorder.setName("RECORDER");
        recorder.setContext(sibling.context);
        recorder.addFilter(new ch.qos.logback.core.filter.Filter<ILoggingEvent>() {
            @Override
            public ch.qos.logback.core.spi.FilterReply decide(ILoggingEvent event) {
                return event.getFormattedMessage().equals("filtered") ? ch.qos.logback.core.spi.FilterReply.DENY
                        : ch.qos.logback.core.spi.FilterReply.NEUTRAL;
            }
        });
        recorder.start();
        ChildAppenders children = new ChildAppenders();
        children.addAppender(recorder);
        ChildDelivery delivery = new ChildDelivery(children, CallerEncoding.NONE, sibling.appender, true);

        delivery.deliver(slot(sibling.event("a")), false);
        delivery.deliver(slot(sibling.event("b")), true);
        delivery.deliver(slot(sibling.event("c")), false);
        delivery.deliver(slot(sibling.event("filtered")), true);
        delivery.deliver(slot(sibling.event("d")), false);
        assertThatThrownBy(() -> delivery.deliver(slot(sibling.event("throw-runtime")), true))
                .isInstanceOf(ChildAppenderFailure.class);
        assertThat(recorder.calls).containsExactly("a", "b", "|", "c", "|", "d", "|");
    }

    @Test
    void clearReleasesTheEvent() {
        StreamFixture fixture = new StreamFixture("OUT", true);
        EventSlot slot = slot(fixture.event("x"));
        new ChildDelivery(new ChildAppenders(), CallerEncoding.NONE, fixture.appender, true).clear(slot);
        assertThat(slot.event()).isNull();
    }
}
