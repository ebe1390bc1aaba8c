package io.ringlog.contract;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The configurations every adapter provides, as {@code contract-<name>.xml} beside its contract test. Each
 * defines a Ringlog appender named {@code ASYNC} for the logger {@code contract} (additivity off, level
 * TRACE), whose settings come from the system properties below (the framework's own lookup syntax).
 */
public enum Scenario {
    /** ASYNC → FILE: a file appender at the path in {@value #FILE_PROPERTY}, with the pattern {@code %level|%thread|%X{user}|%msg%n}. */
    FILE("file"),
    /**
     * As FILE, with a file appender that buffers ({@code immediateFlush=false}; Logback's and Log4j2's buffer is
     * 8 KiB): without a flush it writes nothing until its buffer fills or it stops.
     */
    BUFFERED_FILE("buffered-file"),
    /** ASYNC → GATED: a test appender reporting {@code <MDC user>|<formatted message>} to {@code TestSinks.get("GATED")}. */
    GATED("gated"),
    /** ASYNC → FAILING and FILE: FAILING throws a RuntimeException on messages containing "boom", an Error on "fatal-error". */
    FAILING("failing"),
    /**
     * ASYNC → SLOW and FILE: SLOW busy-spins {@link TestSinks#SLOW_SINK_COST_NANOS} per event (a downstream with a
     * fixed cost, so that the queue fills), then FILE writes the event as in {@link #FILE}.
     */
    SLOW_FILE("slow-file"),
    /** As FILE, with caller data / location on and the pattern {@code %M|%msg%n}. */
    CALLER("caller"),
    /** ASYNC → REENTRANT: on "trigger" it logs 50 ERROR events to {@code contract}, then reports each message it gets to {@code TestSinks.get("REENTRANT")}. */
    REENTRANT("reentrant"),
    /** As FILE, with a queue size of 0. */
    BAD_QUEUE_SIZE("bad-queue-size"),
    /** As FILE, with fullQueuePolicy "SOMETIMES". */
    BAD_POLICY("bad-policy"),
    /** An ASYNC appender without any appender reference. */
    NO_APPENDER_REF("no-appender-ref"),
    /**
     * ASYNC → SOCKET: the framework's stock TCP socket appender, sending to 127.0.0.1 at the port in
     * {@value #PORT_PROPERTY}, reconnecting every 100 ms, each event carrying its level, thread name and formatted
     * message ({@link NetworkSinkContract}).
     */
    SOCKET("socket"),
    /**
     * ASYNC → ROLLING: a rolling file {@code app.log} in the folder {@value #DIR_PROPERTY}, rolled at 20 KB and every
     * second into {@code app.<yyyy-MM-dd_HH-mm-ss>.<i>.log.gz} (gzip), pattern {@code %msg%n}, flushed by Ringlog at the
     * end of each batch ({@code immediateFlush=false}).
     */
    ROLLING("rolling");

    /** The file the FILE appender writes. */
    public static final String FILE_PROPERTY = "ringlog.file";
    /** The loopback port the SOCKET scenario sends to. */
    public static final String PORT_PROPERTY = "ringlog.port";
    /** The folder the ROLLING scenario writes its files to. */
    public static final String DIR_PROPERTY = "ringlog.dir";
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

    /**
     * The properties every scenario's file reads: the file path, the queue size and the policy as given, no
     * discarding threshold, no block bound and a drain bound of 10 s. The map is mutable, to override one.
     */
    public static Map<String, String> settings(Path file, int queueSize, String policy) {
        Map<String, String> properties = new HashMap<>();
        properties.put(FILE_PROPERTY, file.toString());
        properties.put(QUEUE_SIZE, Integer.toString(queueSize));
        properties.put(POLICY, policy);
        properties.put(THRESHOLD, "0");
        properties.put(MAX_BLOCK_TIME, "-1");
        properties.put(DRAIN_TIMEOUT, "10000");
        return properties;
    }

    Scenario(String name) {
        this.fileName = "contract-" + name + ".xml";
    }

    /** The configuration's file name, looked up beside the adapter's contract test. */
    public String fileName() {
        return fileName;
    }
}
