package io.ringlog.logback;

import io.ringlog.contract.ShutdownHookLoggingContract;

/** {@link ShutdownHookLoggingContract} for Logback: a stock logback.xml with the class swapped, no shutdown hook. */
class ShutdownHookLoggingIT extends ShutdownHookLoggingContract {
    @Override
    protected Class<?> childMain() {
        return ShutdownHookLoggingMain.class;
    }
}
