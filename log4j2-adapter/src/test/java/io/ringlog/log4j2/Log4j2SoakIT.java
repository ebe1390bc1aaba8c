package io.ringlog.log4j2;

import io.ringlog.contract.AsyncAppenderSoakContract;
import io.ringlog.contract.ContractHarness;

/** The bounded soak, run against {@code <RingAsync>} only with {@code -Psoak} (see the parent POM). */
class Log4j2SoakIT extends AsyncAppenderSoakContract {

    @Override
    protected ContractHarness newHarness() {
        return new Log4j2ContractHarness();
    }
}
