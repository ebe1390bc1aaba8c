package io.ringlog.log4j2;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Creates the ring's slots, {@value #SLOTS_PER_BLOCK} consecutive slots at a time sharing arrays of references
 * (the event's fields, its first context entries, and the bytes encoded for it on the callers), so that the references one event stores lie next to those of
 * the events before and after it.
 *
 * <p>Why: G1 (the JVM's default collector) marks the 512-byte card of every old-generation object that receives a
 * reference, and its concurrent refinement threads then scan each marked card. A slot lives in the old generation and
 * gets new references with every event; when each slot is its own {@code MutableLogEvent} and parameter array, nearly
 * every event marks fresh cards, and on JDK 17 refinement cost more CPU per event than the consumer's whole delivery
 * (docs/benchmarks/log4j2-handoff.md). In a shared block, an event's references take 64
 * bytes, so eight consecutive events share a card and mark it once.
 *
 * <p>The price is that neighbouring slots share cache lines, so callers filling adjacent slots at the same moment
 * contend for them; measured at 4 callers on 2 cores, the shared layout was still faster than a slot of its own
 * (docs/benchmarks.md).
 *
 * <p>Thread-safety: the ring asks for a slot on the thread that first claims it (any caller, concurrently), once per
 * slot, so that an idle ring holds no slots. A block hands out its slots by an atomic counter; the caller that takes
 * the last one's successor installs a fresh block by CAS (a caller losing that race drops its block and takes a slot of
 * the winner's). The slots it returns are independent: each owns its own range of the shared arrays, and Java never
 * tears a store to one array element into its neighbours. Consecutive claims, not consecutive ring positions, share a
 * block: during the ring's first lap those are mostly the same.
 */
final class SlotBlocks implements Supplier<LogEventSlot> {
    /** Consecutive slots that share one pair of arrays: 4 KiB and 2 KiB. */
    static final int SLOTS_PER_BLOCK = 64;

    private final int encodedTargets;
    private final AtomicReference<Block> current;

    /** For slots that hold the bytes of {@code encodedTargets} targets encoded on the callers ({@link CallerLayouts}). */
    SlotBlocks(int encodedTargets) {
        this.encodedTargets = encodedTargets;
        this.current = new AtomicReference<>(new Block(encodedTargets));
    }

    @Override
    public LogEventSlot get() {
        for (;;) {
            Block block = current.get();
            int index = block.taken.getAndIncrement();
            if (index < SLOTS_PER_BLOCK) {
                return new LogEventSlot(block.fields, index * LogEventSlot.REFERENCES,
                        new SlotContextData(block.context, index * SlotContextData.REFERENCES), block.encoded,
                        index * encodedTargets, encodedTargets);
            }
            current.compareAndSet(block, new Block(encodedTargets));
        }
    }

    /** The shared arrays and how many of its slots were handed out. */
    private static final class Block {
        final Object[] fields = new Object[SLOTS_PER_BLOCK * LogEventSlot.REFERENCES];
        final Object[] context = new Object[SLOTS_PER_BLOCK * SlotContextData.REFERENCES];
        /** The bytes encoded on the callers, one entry per slot and encoded target (none without such targets). */
        final Object[] encoded;
        final AtomicInteger taken = new AtomicInteger();

        Block(int encodedTargets) {
            encoded = new Object[SLOTS_PER_BLOCK * encodedTargets];
        }
    }
}
