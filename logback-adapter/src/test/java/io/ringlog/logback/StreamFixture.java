package io.ringlog.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** A started OutputStreamAppender over an in-memory stream that counts writes and flushes. */
final class StreamFixture {

    final LoggerContext context = new LoggerContext();
    final CountingStream stream = new CountingStream();
    final OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();

    /** Counts the writes and flushes it receives; synchronized like a BufferedOutputStream. */
    static final class CountingStream extends ByteArrayOutputStream {
        int writes;
        int flushes;

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            writes++;
            super.write(bytes, offset, length);
        }

        @Override
        public synchronized void flush() {
            flushes++;
        }

        synchronized String text() {
            return new String(toByteArray(), StandardCharsets.UTF_8);
        }
    }

    StreamFixture(String name, boolean immediateFlush) {
        context.setMDCAdapter(new LogbackMDCAdapter());
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        appender.setContext(context);
        appender.setName(name);
        appender.setEncoder(encoder);
        appender.setImmediateFlush(immediateFlush);
        appender.setOutputStream(stream);
        appender.start();
    }

    ILoggingEvent event(String message) {
        return new LoggingEvent(StreamFixture.class.getName(), context.getLogger("app"), Level.INFO, message, null, null);
    }
}
