package io.ringlog.log4j2;

import io.ringlog.contract.AsyncAppenderStressContract;
import io.ringlog.contract.ContractHarness;

/** The stress contract (a million events from eight producers into a real file), run against {@code <RingAsync>}. */
class Log4j2StressIT extends AsyncAppenderStressContract {

    @Override
    protected ContractHarness newHarness() {
        return new Log4j2ContractHarness();
    }
}
