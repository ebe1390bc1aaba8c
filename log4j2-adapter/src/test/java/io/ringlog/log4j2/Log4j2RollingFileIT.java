package io.ringlog.log4j2;

import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.RollingFileContract;

/** The rolling file contract against {@code <RingAsync>} in front of Log4j2's {@code <RollingFile>} ({@code contract-rolling.xml}). */
class Log4j2RollingFileIT extends RollingFileContract {

    @Override
    protected ContractHarness newHarness() {
        return new Log4j2ContractHarness();
    }
}
