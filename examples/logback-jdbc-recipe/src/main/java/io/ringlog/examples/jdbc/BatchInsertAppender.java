package io.ringlog.examples.jdbc;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.ringlog.logback.EndOfBatchListener;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * A Logback appender that writes log events to a database table, one multi-row {@code INSERT} per Ringlog batch: put
 * it behind {@code RingAsyncAppender}, which tells it where each batch ends ({@link EndOfBatchListener}). It collects
 * the events it is handed and inserts them at the end of the batch, or when {@code maxBatchSize} rows are waiting,
 * and inserts what is left when it stops.
 *
 * <p>The table (PostgreSQL syntax; any database with multi-row {@code VALUES} will do):
 * <pre>
 * create table log_events (id bigserial primary key, event_time timestamptz, level varchar(5),
 *                          logger varchar(255), thread varchar(255), message text)
 * </pre>
 *
 * <p>Properties: {@code url} (JDBC URL, required), {@code user}, {@code password}, {@code table} (default
 * {@value #DEFAULT_TABLE}), {@code maxBatchSize} (default {@value #DEFAULT_MAX_BATCH_SIZE}: PostgreSQL takes at most
 * 65,535 parameters in one statement, five per row here).
 *
 * <p>One connection is kept open and opened again after a failure. A failed insert loses the rows it carried: it is
 * reported through Logback's status manager with their number and thrown, so that Ringlog counts the event it
 * failed on as failed. Not attached behind Ringlog, the appender still works, but writes only every
 * {@code maxBatchSize} events and when it stops. Thread-safe (its methods hold its lock, which behind Ringlog only
 * the consumer thread takes).
 */
public class BatchInsertAppender extends AppenderBase<ILoggingEvent> implements EndOfBatchListener {
    /** The default table name. */
    public static final String DEFAULT_TABLE = "log_events";
    /** The default largest number of rows in one insert. */
    public static final int DEFAULT_MAX_BATCH_SIZE = 1000;
    private static final String COLUMNS = " (event_time, level, logger, thread, message) values ";
    private static final String ROW = "(?,?,?,?,?)";

    private String url;
    private String user;
    private String password;
    private String table = DEFAULT_TABLE;
    private int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;

    private final List<Row> pending = new ArrayList<>();
    private Connection connection;
    private long inserts;
    private long rowsInserted;

    /** The fields of one event, taken when it is appended (the event itself is not kept). */
    private static final class Row {
        final long timestamp;
        final String level;
        final String logger;
        final String thread;
        final String message;

        Row(ILoggingEvent event) {
            this.timestamp = event.getTimeStamp();
            this.level = event.getLevel().toString();
            this.logger = event.getLoggerName();
            this.thread = event.getThreadName();
            this.message = event.getFormattedMessage();
        }
    }

    @Override
    public void start() {
        if (url == null || url.isEmpty()) {
            addError("No url set for the BatchInsertAppender named [" + name + "]; it does not start");
            return;
        }
        if (maxBatchSize < 1) {
            addError("maxBatchSize must be at least 1, was " + maxBatchSize + "; the BatchInsertAppender named [" + name
                    + "] does not start");
            return;
        }
        super.start();
    }

    @Override
    protected void append(ILoggingEvent event) {
        pending.add(new Row(event));
        if (pending.size() >= maxBatchSize) {
            insertPending();
        }
    }

    /** The end of a Ringlog batch: inserts every row collected since the last insert. Consumer thread only. */
    @Override
    public synchronized void endOfBatch() {
        if (!pending.isEmpty()) {
            insertPending();
        }
    }

    /** Inserts what is left, then closes the connection. */
    @Override
    public synchronized void stop() {
        if (!isStarted()) {
            return;
        }
        try {
            if (!pending.isEmpty()) {
                insertPending();
            }
        } catch (RuntimeException alreadyReported) {
            // insertPending reported the loss through the status manager.
        } finally {
            closeConnection();
            super.stop();
        }
    }

    private void insertPending() {
        int rows = pending.size();
        try {
            Connection open = connection();
            try (PreparedStatement insert = open.prepareStatement(sql(rows))) {
                int parameter = 1;
                for (Row row : pending) {
                    insert.setTimestamp(parameter++, new Timestamp(row.timestamp));
                    insert.setString(parameter++, row.level);
                    insert.setString(parameter++, row.logger);
                    insert.setString(parameter++, row.thread);
                    insert.setString(parameter++, row.message);
                }
                insert.executeUpdate();
            }
            inserts++;
            rowsInserted += rows;
        } catch (SQLException e) {
            closeConnection();
            addError("BatchInsertAppender [" + name + "] could not insert " + rows + " events into " + table
                    + "; they are lost", e);
            throw new IllegalStateException("insert of " + rows + " log events failed: " + e.getMessage(), e);
        } finally {
            pending.clear();
        }
    }

    private String sql(int rows) {
        StringBuilder sql = new StringBuilder(32 + table.length() + COLUMNS.length() + rows * (ROW.length() + 1));
        sql.append("insert into ").append(table).append(COLUMNS).append(ROW);
        for (int i = 1; i < rows; i++) {
            sql.append(',').append(ROW);
        }
        return sql.toString();
    }

    private Connection connection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection(url, user, password);
        }
        return connection;
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                addWarn("BatchInsertAppender [" + name + "] could not close its connection", e);
            }
            connection = null;
        }
    }

    /** Multi-row inserts that succeeded. */
    public synchronized long getInserts() {
        return inserts;
    }

    /** Rows those inserts wrote. */
    public synchronized long getRowsInserted() {
        return rowsInserted;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public void setTable(String table) {
        this.table = table;
    }

    public void setMaxBatchSize(int maxBatchSize) {
        this.maxBatchSize = maxBatchSize;
    }
}
