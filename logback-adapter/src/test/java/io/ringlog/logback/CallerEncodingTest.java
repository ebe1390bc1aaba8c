package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.log4j.XMLLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.rolling.RollingFileAppender;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which children {@link CallerEncoding} encodes on the caller, and what it encodes for them there. */
class CallerEncodingTest {

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CallerEncoding install(CallerEncodingMode mode, StreamFixture... streams) {
        Appender<ILoggingEvent>[] children = new Appender[streams.length];
        for (int i = 0; i < streams.length; i++) {
            children[i] = streams[i].appender;
        }
        return CallerEncoding.install(children, mode, streams[0].appender, "RING");
    }

    private static StreamFixture stream(Encoder<ILoggingEvent> encoder) {
        StreamFixture stream = new StreamFixture("FILE", true);
        encoder.setContext(stream.context);
        if (encoder instanceof PatternLayoutEncoder) {
            ((PatternLayoutEncoder) encoder).setPattern("%msg%n");
        }
        encoder.start();
        stream.appender.setEncoder(encoder);
        return stream;
    }

    private static LayoutWrappingEncoder<ILoggingEvent> wrapping(ch.qos.logback.core.Layout<ILoggingEvent> layout) {
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setLayout(layout);
        return encoder;
    }

    @Test
    void autoEncodesOnTheCallerOnlyForEncodersKnownToBeThreadSafe() {
        PatternLayout pattern = new PatternLayout();
        pattern.setPattern("%msg");
        assertThat(ThreadSafeEncoders.isKnown(new PatternLayoutEncoder())).isTrue();
        assertThat(ThreadSafeEncoders.isKnown(new JsonEncoder())).isTrue();
        assertThat(ThreadSafeEncoders.isKnown(wrapping(pattern))).isTrue();
        assertThat(ThreadSafeEncoders.isKnown(wrapping(new XMLLayout()))).as("XMLLayout: one shared buffer up to 1.5.2x").isFalse();
        assertThat(ThreadSafeEncoders.isKnown(new SharedBufferEncoder())).isFalse();
        assertThat(ThreadSafeEncoders.isKnown(new ThreadRecordingEncoder())).as("a subclass may override encode").isFalse();

        assertThat(install(CallerEncodingMode.AUTO, stream(new PatternLayoutEncoder())).size()).isEqualTo(1);
        assertThat(install(CallerEncodingMode.AUTO, stream(new SharedBufferEncoder())).size()).isZero();
        assertThat(install(CallerEncodingMode.ALWAYS, stream(new SharedBufferEncoder())).size()).as("always").isEqualTo(1);
        assertThat(install(CallerEncodingMode.NEVER, stream(new PatternLayoutEncoder()))).isSameAs(CallerEncoding.NONE);
    }

    @Test
    void aChildClassThatOverridesTheAppendPathIsFoundByReflection() {
        assertThat(StockAppendPath.overrideIn(FileAppender.class)).isNull();
        assertThat(StockAppendPath.overrideIn(RollingFileAppender.class)).isNull();
        assertThat(StockAppendPath.overrideIn(ConsoleAppender.class)).isNull();
        assertThat(StockAppendPath.overrideIn(FlushLoggingAppender.class)).as("overrides start only").isNull();
        assertThat(StockAppendPath.overrideIn(MaskingFileAppender.class)).isEqualTo(MaskingFileAppender.class.getName() + ".subAppend");
        assertThat(StockAppendPath.overrideIn(WritingOutAppender.class)).isEqualTo(WritingOutAppender.class.getName() + ".writeOut");
        assertThat(StockAppendPath.overrideIn(Below.class)).as("inherited from a class of the application")
                .isEqualTo(WritingOutAppender.class.getName() + ".writeOut");
    }

    @Test
    void aChildWhoseLevelFilterRefusesTheEventIsNotEncodedFor() {
        StreamFixture file = stream(new PatternLayoutEncoder());
        ThresholdFilter warn = new ThresholdFilter();
        warn.setLevel("WARN");
        warn.start();
        file.appender.addFilter(warn);
        CallerEncoding encoding = install(CallerEncodingMode.AUTO, file);

        assertThat(encoding.size()).as("a ThresholdFilter is decided on the caller").isEqualTo(1);
        assertThat(encoding.encodeAhead(file.event("refused"))).as("INFO: not encoded").isNull();
        ILoggingEvent warning = new LoggingEvent(CallerEncodingTest.class.getName(), file.context.getLogger("app"), Level.WARN, "taken",
                null, null);
        assertThat(new String((byte[]) encoding.encodeAhead(warning), StandardCharsets.UTF_8)).startsWith("taken");
    }

    @Test
    void aLogCallNestedInTheCallersOwnEncodingEncodesIntoAnArrayOfItsOwn() {
        StreamFixture first = stream(new PatternLayoutEncoder());
        StreamFixture second = stream(new PatternLayoutEncoder());
        CallerEncoding encoding = install(CallerEncodingMode.AUTO, first, second);

        Object outer = encoding.encodeAhead(first.event("outer"));
        Object nested = encoding.encodeAhead(first.event("nested"));
        assertThat(nested).as("the nested call's array").isNotSameAs(outer);
        encoding.release(nested);
        assertThat(new String((byte[]) ((Object[]) outer)[0], StandardCharsets.UTF_8)).startsWith("outer");
        encoding.release(outer);
        assertThat(encoding.encodeAhead(first.event("next"))).as("the thread's array, free again").isSameAs(outer);
    }

    @Test
    void bytesHandedOverOnTheCallersThreadAreWrittenWithoutASecondEncoding() {
        StreamFixture file = stream(new PatternLayoutEncoder());
        CallerEncoding encoding = install(CallerEncodingMode.AUTO, file);
        ILoggingEvent event = file.event("once");
        byte[] ahead = "encoded ahead\n".getBytes(StandardCharsets.UTF_8);

        encoding.handOverOnThisThread(event, ahead);
        try {
            file.appender.doAppend(event);
        } finally {
            encoding.withdrawOnThisThread();
        }
        assertThat(file.stream.text()).isEqualTo("encoded ahead\n");
    }

    /** An application's stream appender that changes the event in {@code writeOut}. */
    static class WritingOutAppender extends FileAppender<ILoggingEvent> {
        @Override
        protected void writeOut(ILoggingEvent event) throws java.io.IOException {
            super.writeOut(event);
        }
    }

    /** A subclass of it that overrides nothing. */
    static class Below extends WritingOutAppender {
    }
}
