package io.ringlog.logback;

import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.RollingFileContract;

/**
 * The rolling file contract against {@link RingAsyncAppender} in front of Logback's {@code RollingFileAppender} with a
 * {@code SizeAndTimeBasedRollingPolicy} ({@code contract-rolling.xml}).
 */
class LogbackRollingFileIT extends RollingFileContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }
}
