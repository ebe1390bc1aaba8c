package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What a slot holds once a caller's offer wrote the bytes it encoded ahead. */
class EventSlotTest {

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CallerEncoding install(StreamFixture... streams) {
        Appender<ILoggingEvent>[] children = new Appender[streams.length];
        for (int i = 0; i < streams.length; i++) {
            children[i] = streams[i].appender;
        }
        // always: FailingEncoder below is a subclass Ringlog does not know
        return CallerEncoding.install(children, CallerEncodingMode.ALWAYS, streams[0].appender, "RING");
    }

    private static StreamFixture stream(String name, String pattern) {
        StreamFixture stream = new StreamFixture(name, true);
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(stream.context);
        encoder.setPattern(pattern);
        encoder.start();
        stream.appender.setEncoder(encoder);
        return stream;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void withOneChildTheSlotTakesTheVeryBytesEncodedAhead() {
        StreamFixture file = stream("FILE", "one %msg%n");
        CallerEncoding encoding = install(file);
        ILoggingEvent event = file.event("a");
        EventSlot slot = new EventSlot(encoding);

        Object ahead = encoding.encodeAhead(event);
        assertThat(ahead).isInstanceOf(byte[].class);
        encoding.writer().write(slot, event, ahead);

        assertThat(slot.event()).isSameAs(event);
        assertThat(slot.encoded(0)).as("no second encoding in the slot").isSameAs(ahead);
        assertThat(text(slot.encoded(0))).isEqualTo("one a" + System.lineSeparator());
    }

    @Test
    void withSeveralChildrenTheSlotCopiesEachChildsBytesAndTheCallersArrayIsEmptiedAfterTheOffer() {
        StreamFixture first = stream("FIRST", "first %msg%n");
        StreamFixture second = stream("SECOND", "second %msg%n");
        CallerEncoding encoding = install(first, second);
        EventSlot slot = new EventSlot(encoding);

        ILoggingEvent event = first.event("b");
        Object ahead = encoding.encodeAhead(event);
        encoding.writer().write(slot, event, ahead);
        encoding.release(ahead);

        assertThat(text(slot.encoded(encoding.indexOf(first.appender)))).isEqualTo("first b" + System.lineSeparator());
        assertThat(text(slot.encoded(encoding.indexOf(second.appender)))).isEqualTo("second b" + System.lineSeparator());
        assertThat((Object[]) ahead).as("the caller's thread retains no bytes").containsOnlyNulls();

        ILoggingEvent next = first.event("c");
        assertThat(encoding.encodeAhead(next)).as("the same array, reused by the thread's next event").isSameAs(ahead);
        encoding.release(ahead);
    }

    @Test
    void bytesEncodedByAnotherRunsEncodersAreNotStoredTheConsumerEncodesWithThisRunsOwn() {
        StreamFixture file = stream("FILE", "this run %msg%n");
        CallerEncoding thisRun = install(file);
        EventSlot slot = new EventSlot(thisRun);
        StreamFixture other = stream("OTHER", "other run %msg%n");
        CallerEncoding otherRun = install(other);
        ILoggingEvent event = file.event("d");

        otherRun.writer().write(slot, event, otherRun.encodeAhead(event));
        assertThat(slot.event()).isSameAs(event);
        assertThat(slot.encoded(0)).as("no bytes of the other run's encoders: the consumer encodes, with this run's").isNull();

        slot.clear();
        CallerEncoding.NONE.writer().write(slot, event, CallerEncoding.NONE.encodeAhead(event));
        assertThat(slot.encoded(0)).as("a caller that read the stopped appender's NONE").isNull();
    }

    @Test
    void aFailedEncodingAheadLeavesTheEventToTheConsumer() {
        StreamFixture file = stream("FILE", "%msg%n");
        file.appender.setEncoder(new FailingEncoder());
        CallerEncoding encoding = install(file);
        EventSlot slot = new EventSlot(encoding);
        ILoggingEvent event = file.event("e");

        Object ahead = encoding.encodeAhead(event);
        encoding.writer().write(slot, event, ahead);

        assertThat(ahead).isNull();
        assertThat(slot.event()).isSameAs(event);
        assertThat(slot.encoded(0)).as("null: the consumer encodes it").isNull();
    }

    /** An encoder that always throws. */
    private static final class FailingEncoder extends PatternLayoutEncoder {
        @Override
        public byte[] encode(ILoggingEvent event) {
            throw new IllegalStateException("cannot encode " + event.getMessage());
        }
    }
}
