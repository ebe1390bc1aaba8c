package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.NetworkSinkContract;
import io.ringlog.contract.WireFormat;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

/**
 * The network sink contract against {@link RingAsyncAppender} in front of Logback's stock
 * {@code ch.qos.logback.classic.net.SocketAppender} ({@code contract-socket.xml}), its serialised events read back
 * as Logback's own receiver reads them.
 *
 * <p>Why this appender: it ships with Logback and is the TCP appender Logback users have without another dependency.
 * logstash-logback-encoder's {@code LogstashTcpSocketAppender} is an asynchronous appender itself (its own ring and
 * writer thread, events dropped after {@code appendTimeout}): behind Ringlog a stall would end in its ring, never in
 * Ringlog's, and the test would show that appender's policy rather than Ringlog's. The stock SocketAppender also queues
 * (a deque of {@code queueSize} events that a thread of its own writes out, each append waiting at most
 * {@code eventDelayLimit} for room, then dropping with an INFO status); configured with {@code queueSize} 1 and
 * {@code eventDelayLimit} 10 s it holds one event besides the one being written, so a peer that is down or stalled
 * blocks Ringlog's consumer in that append within two events, and Ringlog's policy decides what callers experience.
 * It never throws, so nothing is counted as failed; what it loses when a connection breaks, TCP loses silently.
 */
class LogbackNetworkSinkIT extends NetworkSinkContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }

    @Override
    protected WireFormat wireFormat() {
        return in -> {
            // Logback's HardenedLoggingEventInputStream changed its constructors in 1.5; a filtered stream reads every line.
            ObjectInputStream events = new ObjectInputStream(in);
            events.setObjectInputFilter(ObjectInputFilter.Config.createFilter("ch.qos.logback.**;org.slf4j.**;java.**;!*"));
            return () -> {
                try {
                    ILoggingEvent event = (ILoggingEvent) events.readObject();
                    return event.getLevel() + "|" + event.getThreadName() + "|" + event.getFormattedMessage();
                } catch (EOFException end) {
                    return null;
                } catch (ClassNotFoundException unexpected) {
                    throw new IOException(unexpected);
                }
            };
        };
    }
}
