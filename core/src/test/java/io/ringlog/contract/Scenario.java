package io.ringlog.contract;

/**
 * The configurations every adapter provides, as {@code contract-<name>.xml} beside its contract test. Each
 * defines a Ringlog appender named {@code ASYNC} for the logger {@code contract} (additivity off, level
 * TRACE), whose settings come from the system properties below (the framework's own lookup syntax).
 */
public enum Scenario {
    /** ASYNC → FILE: a file appender at the path in {@value #FILE_PROPERTY}, with the pattern {@code %level|%thread|%X{user}|%msg%n}. */
    FILE("file"),
    /** ASYNC → GATED: a test appender reporting {@code <MDC user>|<formatted message>} to {@code TestSinks.get("GATED")}. */
    GATED("gated"),
    /** ASYNC → FAILING and FILE: FAILING throws a RuntimeException on messages containing "boom", an Error on "fatal-error". */
    FAILING("failing"),
    /** As FILE, with caller data / location on and the pattern {@code %M|%msg%n}. */
    CALLER("caller"),
    /** ASYNC → REENTRANT: on "trigger" it logs 50 ERROR events to {@code contract}, then reports each message it gets to {@code TestSinks.get("REENTRANT")}. */
    REENTRANT("reentrant"),
    /** As FILE, with a queue size of 0. */
    BAD_QUEUE_SIZE("bad-queue-size"),
    /** As FILE, with fullQueuePolicy "SOMETIMES". */
    BAD_POLICY("bad-policy"),
    /** An ASYNC appender without any appender reference. */
    NO_APPENDER_REF("no-appender-ref");

    /** The file the FILE appender writes. */
    public static final String FILE_PROPERTY = "ringlog.file";
    /** Queue size / buffer size. */
    public static final String QUEUE_SIZE = "ringlog.queueSize";
    /** fullQueuePolicy. */
    public static final String POLICY = "ringlog.policy";
    /** discardingThreshold. */
    public static final String THRESHOLD = "ringlog.threshold";
    /** The block bound in milliseconds (-1 = none). */
    public static final String MAX_BLOCK_TIME = "ringlog.maxBlockTime";
    /** The drain bound in milliseconds (maxFlushTime / shutdownTimeout). */
    public static final String DRAIN_TIMEOUT = "ringlog.drainTimeout";

    private final String fileName;

    Scenario(String name) {
        this.fileName = "contract-" + name + ".xml";
    }

    /** The configuration's file name, looked up beside the adapter's contract test. */
    public String fileName() {
        return fileName;
    }
}
