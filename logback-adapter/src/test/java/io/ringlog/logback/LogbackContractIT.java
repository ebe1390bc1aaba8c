package io.ringlog.logback;

import io.ringlog.contract.AsyncAppenderContract;
import io.ringlog.contract.ContractHarness;

/** The behaviour both adapters promise, run against RingAsyncAppender. */
class LogbackContractIT extends AsyncAppenderContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }
}
