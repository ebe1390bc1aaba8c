package io.ringlog.logback;

import io.ringlog.contract.AsyncAppenderStressContract;
import io.ringlog.contract.ContractHarness;

/** The stress contract (a million events from eight producers into a real file), run against RingAsyncAppender. */
class LogbackStressIT extends AsyncAppenderStressContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }
}
