package io.ringlog.core;

/** A mutable slot for the core tests: what a producer wrote, copied at offer time. */
final class TestSlot {
    String message;
    int producer;
    long index;
    EventLevel level;
    Object attachment;

    /** Writes a {@link TestEvent} into the slot; stateless, like an adapter's writer. */
    static final SlotWriter<TestSlot, TestEvent> WRITER = (slot, event) -> {
        if (event.failOnCopy) {
            throw new IllegalStateException("copy failed for " + event.message);
        }
        slot.message = event.message;
        slot.producer = event.producer;
        slot.index = event.index;
        slot.level = event.level;
        slot.attachment = event.attachment;
    };
}
