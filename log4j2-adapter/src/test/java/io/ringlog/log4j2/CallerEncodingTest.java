package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.layout.ByteBufferDestinationHelper;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessageFactory;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.Test;

/** The caller's per-thread buffer: one user at a time, grows as Log4j2's encoders drain it, and keeps little. */
class CallerEncodingTest {

    @Test
    void oneUserAtATimePerThreadAndTheSameBufferAfterwards() {
        CallerEncoding first = CallerEncoding.acquire();
        assertThat(first).isNotNull();
        try {
            assertThat(CallerEncoding.acquire()).as("in use further up the stack").isNull();
        } finally {
            first.release();
        }
        CallerEncoding again = CallerEncoding.acquire();
        try {
            assertThat(again).isSameAs(first);
        } finally {
            again.release();
        }
    }

    @Test
    void growsWhenAnEncoderDrainsItKeepingWhatItHoldsAndShrinksWhenReleased() {
        byte[] large = new byte[20_000];
        for (int i = 0; i < large.length; i++) {
            large[i] = (byte) i;
        }
        CallerEncoding encoding = CallerEncoding.acquire();
        try {
            encoding.encode(event(new SimpleMessage("m")), new EncodedTarget[0], false);
            encoding.writeBytes(large, 0, 100);
            ByteBuffer chunk = ByteBuffer.wrap(large, 100, large.length - 100);
            ByteBufferDestinationHelper.writeToUnsynchronized(chunk, encoding); // fills, drains, fills, as Log4j2 does

            assertThat(encoding.size()).isEqualTo(large.length);
            assertThat(Arrays.copyOf(encoding.bytes(), encoding.size())).isEqualTo(large);
        } finally {
            encoding.release();
        }
        assertThat(encoding.getByteBuffer().capacity()).isEqualTo(CallerEncoding.INITIAL_CAPACITY);
    }

    @Test
    void formatsAReusableMessageOnceForTheSlotAndLeavesTargetsWithoutAnEncoderToTheOrdinaryPath() {
        LogEvent event = event(ReusableMessageFactory.INSTANCE.newMessage("a {} c", "b"));
        LogEventSlot slot = new SlotBlocks(1).get();
        CallerEncoding encoding = CallerEncoding.acquire();
        try {
            encoding.encode(event, new EncodedTarget[] {null}, false);
            assertThat(encoding.length(0)).isEqualTo(CallerEncoding.NOT_ENCODED);
            assertThat(String.valueOf(encoding.formattedMessage())).isEqualTo("a b c");
            LogEventSlot.COPY_ENCODED.write(slot, encoding);
        } finally {
            encoding.release();
        }
        assertThat(encoding.event()).isNull();
        assertThat(slot.getMessage().getFormattedMessage()).isEqualTo("a b c");
        assertThat(slot.getMessage().getParameters()).containsExactly("b");
        assertThat(slot.hasEncoded()).isTrue();
        assertThat(slot.encodedLength(0)).isEqualTo(CallerEncoding.NOT_ENCODED);
        slot.clear();
        assertThat(slot.hasEncoded()).isFalse();
    }

    private static LogEvent event(Message message) {
        return Log4jLogEvent.newBuilder().setLoggerName("encoding").setLevel(Level.INFO).setMessage(message).build();
    }
}
