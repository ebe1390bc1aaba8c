package io.ringlog.log4j2;

import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.NetworkSinkContract;
import io.ringlog.contract.WireFormat;

/**
 * The network sink contract against {@code <RingAsync>} in front of Log4j2's stock {@code <Socket protocol="TCP">}
 * ({@code contract-socket.xml}): it writes each event's layout as text on the connection, in the thread that appends, so
 * a peer that stalls blocks Ringlog's consumer in the write, and a write that fails is counted as failed
 * ({@code ignoreExceptions="false"}).
 */
class Log4j2NetworkSinkIT extends NetworkSinkContract {

    @Override
    protected ContractHarness newHarness() {
        return new Log4j2ContractHarness();
    }

    @Override
    protected WireFormat wireFormat() {
        return WireFormat.lines();
    }
}
