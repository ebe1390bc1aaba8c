package io.ringlog.logback;

import io.ringlog.contract.AsyncAppenderSoakContract;
import io.ringlog.contract.ContractHarness;

/** The bounded soak, run against RingAsyncAppender only with {@code -Psoak} (see the parent POM). */
class LogbackSoakIT extends AsyncAppenderSoakContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }
}
