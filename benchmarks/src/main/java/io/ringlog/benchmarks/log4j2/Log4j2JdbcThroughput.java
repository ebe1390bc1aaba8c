package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.Delivery;
import io.ringlog.benchmarks.support.Messages;
import io.ringlog.benchmarks.support.PostgresServer;
import io.ringlog.benchmarks.support.SideResults;
import java.net.URL;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A database sink: callers log as fast as Log4j2's {@code <JDBC bufferSize="500">} into a real PostgreSQL (started
 * per trial on a loopback port) lets them, synchronously, behind {@code <Async>} or behind {@code <RingAsync>}. Every
 * event is one row, so the score is rows per second once the queue is full (the queue holds at most 8,192 events:
 * over a 2 s iteration that flatters an async contender by at most ~4,000 rows/s). The trial fails unless the table
 * holds exactly one row per event logged, after the context stopped (and drained). Secondary result
 * {@code jdbc.rows.per.insert}: rows per flush, from the number of sessions the database saw, with
 * {@code -prof io.ringlog.benchmarks.support.SideResultsProfiler}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class Log4j2JdbcThroughput {
    /** The system property the configurations read the JDBC URL from. */
    public static final String URL_PROPERTY = "ringlog.bench.jdbc.url";

    private static final Queue<Caller> CALLERS = new ConcurrentLinkedQueue<>();

    /** The contender under test. */
    @Param
    public JdbcContender contender;

    private PostgresServer database;
    private LoggerContext context;
    private Logger logger;
    private long sessionsBefore;

    /** One per JMH worker thread: the events that thread logged. */
    @State(Scope.Thread)
    public static class Caller {
        long logged;

        /** Registers the thread's counter for the end-of-trial check. */
        @Setup(Level.Trial)
        public void register() {
            CALLERS.add(this);
        }
    }

    /** Starts the server and loads the contender's configuration. */
    @Setup(Level.Trial)
    public void start() throws Exception {
        database = PostgresServer.start();
        System.setProperty(URL_PROPERTY, database.url());
        URL config = JdbcContender.class.getResource(contender.resource());
        if (config == null) {
            throw new IllegalStateException("no configuration " + contender.resource());
        }
        context = new LoggerContext("bench-jdbc-" + contender, null, config.toURI());
        context.start();
        if (context.getConfiguration().getAppender("DB") == null) {
            context.stop();
            throw new IllegalStateException("configuration " + config + " did not load its JDBC appender");
        }
        logger = context.getLogger(Messages.LOGGER);
        sessionsBefore = database.sessions();
    }

    /** Stops the context (draining the queue into the table), then checks one row per event. */
    @TearDown(Level.Trial)
    public void verifyRows() throws Exception {
        try {
            context.stop(1, TimeUnit.MINUTES);
            long logged = 0;
            for (Caller caller : CALLERS) {
                logged += caller.logged;
            }
            long rows = database.rows();
            // The flushes: the sessions opened since the start, less those of rows() and of the readings.
            long inserts = Math.max(1, database.sessions() - sessionsBefore - 3);
            SideResults.put("jdbc.rows.per.insert", (double) rows / inserts, "rows");
            Delivery.verify("log4j2 JDBC " + contender, true, logged, rows);
        } finally {
            database.close();
        }
    }

    /** One INFO event with two parameters: one row. */
    @Benchmark
    public void log(Caller caller) {
        logger.info(Messages.TEMPLATE, Messages.order(), Messages.quantity((int) caller.logged++));
    }
}
