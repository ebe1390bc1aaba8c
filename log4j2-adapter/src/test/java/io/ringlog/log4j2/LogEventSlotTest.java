package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessageFactory;
import org.apache.logging.log4j.message.SimpleMessage;
import org.apache.logging.log4j.util.SortedArrayStringMap;
import org.junit.jupiter.api.Test;

/** The slot as a {@link LogEvent}: what it copies, what it keeps apart from its neighbours, and what it lets go. */
class LogEventSlotTest {
    private static final Object[] NINE = IntStream.range(0, 9).boxed().toArray();

    private final SlotBlocks blocks = new SlotBlocks(0);

    @Test
    @SuppressWarnings("deprecation") // getThrownProxy: still part of LogEvent
    void copiesEveryPartAndLeavesTheCallersMessageIntact() {
        Message message = ReusableMessageFactory.INSTANCE.newMessage("{} {} {} {} {} {} {} {} {}", NINE);
        LogEvent source = event("first", message, context(6, "a"), new IllegalStateException("boom"));
        LogEventSlot slot = blocks.get();
        slot.copyFrom(source, false);

        assertThat(slot.getLoggerName()).isEqualTo("first");
        assertThat(slot.getLevel()).isEqualTo(Level.WARN);
        assertThat(slot.getThreadName()).isEqualTo("caller");
        assertThat(slot.getThreadId()).isEqualTo(7);
        assertThat(slot.getThreadPriority()).isEqualTo(3);
        assertThat(slot.getTimeMillis()).isEqualTo(1_234_567L);
        assertThat(slot.getNanoTime()).isEqualTo(42L);
        assertThat(slot.getThrown()).hasMessage("boom");
        assertThat(slot.getThrownProxy().getMessage()).isEqualTo("boom");
        assertThat(slot.getMessage()).isSameAs(slot);
        assertThat(slot.getMessage().getFormattedMessage()).isEqualTo("0 1 2 3 4 5 6 7 8");
        assertThat(slot.getMessage().getParameters()).containsExactly(NINE); // two beyond the shared block
        assertThat(message.getParameters()).containsExactly(NINE); // the caller's message still has them
        assertThat(slot.getContextData().toMap()).isEqualTo(context(6, "a").toMap());
        assertThat(slot.getContextData().<String>getValue("k5")).isEqualTo("a5"); // beyond the shared block
        assertThat(slot.getContextData().containsKey("k9")).isFalse();
        List<String> order = new ArrayList<>();
        slot.getContextData().forEach((key, value) -> order.add(key));
        assertThat(order).containsExactly("k0", "k1", "k2", "k3", "k4", "k5");
    }

    /**
     * One event with a hundred parameters and a hundred context entries does not leave its slot holding arrays for a
     * hundred of each for the rest of the run: a clear drops arrays beyond what a slot keeps, and keeps smaller ones.
     */
    @Test
    void aClearDropsOversizedArraysAndKeepsSmallOnes() {
        Object[] hundred = IntStream.range(0, 100).boxed().toArray();
        LogEventSlot slot = blocks.get();
        slot.copyFrom(event("large", ReusableMessageFactory.INSTANCE.newMessage("{}".repeat(100), hundred), context(100, "v"), null),
                false);
        assertThat(slot.getMessage().getParameters()).containsExactly(hundred);
        assertThat(slot.getContextData().size()).isEqualTo(100);
        slot.clear();
        assertThat(slot.keptParameterCapacity()).isZero();
        assertThat(slot.keptContextCapacity()).isZero();

        slot.copyFrom(event("small", ReusableMessageFactory.INSTANCE.newMessage("{} {} {} {} {} {} {} {} {}", NINE), context(6, "a"),
                null), false);
        slot.clear();
        assertThat(slot.keptParameterCapacity()).as("a small array is kept for the next event").isPositive()
                .isLessThanOrEqualTo(LogEventSlot.MAX_KEPT_PARAMETERS);
        assertThat(slot.keptContextCapacity()).isPositive().isLessThanOrEqualTo(SlotContextData.MAX_KEPT_SPILLED_ENTRIES);
    }

    @Test
    void neighboursSharingABlockKeepTheirOwnEventsAndAClearLetsGoOfEverything() {
        LogEventSlot first = blocks.get();
        LogEventSlot second = blocks.get();
        first.copyFrom(event("first", ReusableMessageFactory.INSTANCE.newMessage("{} {} {} {} {} {} {} {} {}", NINE),
                context(6, "a"), new IllegalStateException("boom")), false);
        second.copyFrom(event("second", new SimpleMessage("plain"), context(1, "b"), null), false);

        first.clear();

        assertThat(second.getLoggerName()).isEqualTo("second");
        assertThat(second.getMessage().getFormattedMessage()).isEqualTo("plain");
        assertThat(second.getContextData().toMap()).isEqualTo(Map.of("k0", "b0"));
        assertThat(first.getLoggerName()).isNull();
        assertThat(first.getThrown()).isNull();
        assertThat(first.getParameterCount()).isZero();
        assertThat(first.getContextData().isEmpty()).isTrue();
        assertThat(first.getContextStack()).isNull();
    }

    @Test
    void anImmutableCopyOutlivesTheSlotsReuseAndSwappingLeavesTheParametersInPlace() {
        LogEventSlot slot = blocks.get();
        slot.copyFrom(event("first", ReusableMessageFactory.INSTANCE.newMessage("{} {} {} {} {} {} {} {} {}", NINE),
                context(6, "a"), null), false);
        LogEvent copy = slot.toImmutable();
        Object[] swapped = slot.swapParameters(new Object[9]);

        slot.clear();
        slot.copyFrom(event("second", ReusableMessageFactory.INSTANCE.newMessage("other {}", "x"), context(1, "b"), null), false);

        assertThat(swapped).containsExactly(NINE);
        assertThat(copy.getLoggerName()).isEqualTo("first");
        assertThat(copy.getMessage().getFormattedMessage()).isEqualTo("0 1 2 3 4 5 6 7 8");
        assertThat(copy.getMessage().getParameters()).containsExactly(NINE);
        assertThat(copy.getContextData().toMap()).isEqualTo(context(6, "a").toMap());
        assertThat(slot.getMessage().getFormattedMessage()).isEqualTo("other x");
    }

    @Test
    @SuppressWarnings("deprecation") // getThrownProxy: what Log4j2's serialized form keeps of the Throwable
    void serializesAsAnIndependentLog4jEvent() throws Exception {
        LogEventSlot slot = blocks.get();
        slot.copyFrom(event("first", ReusableMessageFactory.INSTANCE.newMessage("{} {} {} {} {} {} {} {} {}", NINE),
                context(6, "a"), new IllegalStateException("boom")), false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(slot);
        }
        slot.clear();

        LogEvent read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            read = (LogEvent) in.readObject();
        }
        assertThat(read).isInstanceOf(Log4jLogEvent.class);
        assertThat(read.getLoggerName()).isEqualTo("first");
        assertThat(read.getMessage().getFormattedMessage()).isEqualTo("0 1 2 3 4 5 6 7 8");
        assertThat(read.getContextData().toMap()).isEqualTo(context(6, "a").toMap());
        assertThat(read.getThrownProxy().getMessage()).isEqualTo("boom"); // Log4j2 serializes the proxy, not the Throwable
    }

    private static LogEvent event(String logger, Message message, SortedArrayStringMap context, Throwable thrown) {
        return Log4jLogEvent.newBuilder().setLoggerName(logger).setLoggerFqcn("fqcn").setLevel(Level.WARN)
                .setMessage(message).setContextData(context).setThrown(thrown).setThreadName("caller").setThreadId(7)
                .setThreadPriority(3).setTimeMillis(1_234_567L).setNanoTime(42L).build();
    }

    private static SortedArrayStringMap context(int entries, String prefix) {
        Map<String, String> values = new TreeMap<>();
        for (int i = 0; i < entries; i++) {
            values.put("k" + i, prefix + i);
        }
        return new SortedArrayStringMap(values);
    }
}
