package io.ringlog.log4j2;

import io.ringlog.contract.AsyncAppenderContract;
import io.ringlog.contract.ContractHarness;

/** The behaviour both adapters promise, run against RingAsyncAppender. */
class Log4j2ContractIT extends AsyncAppenderContract {

    @Override
    protected ContractHarness newHarness() {
        return new Log4j2ContractHarness();
    }
}
