package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;

/**
 * An encoder that is not thread-safe, as many in-house encoders are: it reuses one {@link StringBuilder} for every
 * event (Logback's own {@code XMLLayout} did up to 1.5.2x). Correct on one thread at a time, which is what a child of
 * the stock {@code AsyncAppender} gets; called from several threads at once it writes torn, lost and duplicated lines.
 * Writes {@code <thread> <message>} per line.
 */
public class SharedBufferEncoder extends EncoderBase<ILoggingEvent> {

    private final StringBuilder buffer = new StringBuilder(128);

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        buffer.setLength(0);
        append(event.getThreadName());
        buffer.append(' ');
        append(event.getFormattedMessage());
        buffer.append('\n');
        return buffer.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Character by character, as an escaping encoder does. */
    private void append(String text) {
        for (int i = 0; i < text.length(); i++) {
            buffer.append(text.charAt(i));
        }
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }
}
