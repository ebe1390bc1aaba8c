package io.ringlog.log4j2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.appender.db.jdbc.AbstractConnectionSource;
import org.apache.logging.log4j.core.appender.db.jdbc.ConnectionSource;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * {@code <CountingConnections url="..."/>}: a JDBC connection source that opens each connection through
 * {@link DriverManager}, as {@code <DriverManager>} does, and counts them. Log4j2's JDBC manager takes one
 * connection per flush of its buffer (and closes it after the commit), so the count is the number of batched
 * inserts. Thread-safe.
 */
@Plugin(name = "CountingConnections", category = Core.CATEGORY_NAME, elementType = "connectionSource", printObject = true)
public final class CountingConnectionSource extends AbstractConnectionSource {
    private static final AtomicLong OPENED = new AtomicLong();

    private final String url;

    private CountingConnectionSource(String url) {
        this.url = url;
    }

    /** The plugin factory. */
    @PluginFactory
    public static ConnectionSource create(@PluginAttribute("url") String url) {
        return new CountingConnectionSource(url);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = DriverManager.getConnection(url, "postgres", "");
        OPENED.incrementAndGet();
        return connection;
    }

    /** Connections handed out so far, by every instance: the flushes that reached the database. */
    static long opened() {
        return OPENED.get();
    }

    @Override
    public String toString() {
        return "CountingConnections[" + url + "]";
    }
}
