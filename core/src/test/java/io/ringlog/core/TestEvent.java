package io.ringlog.core;

/** An event as a test offers it. */
final class TestEvent {
    final EventLevel level;
    final String message;
    final int producer;
    final long index;
    final boolean failOnCopy;
    Object attachment;

    TestEvent(EventLevel level, String message, int producer, long index, boolean failOnCopy) {
        this.level = level;
        this.message = message;
        this.producer = producer;
        this.index = index;
        this.failOnCopy = failOnCopy;
    }

    static TestEvent of(EventLevel level, String message) {
        return new TestEvent(level, message, 0, 0, false);
    }

    static TestEvent of(int producer, long index) {
        return new TestEvent(EventLevel.INFO, producer + ":" + index, producer, index, false);
    }
}
