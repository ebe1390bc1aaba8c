package io.ringlog.log4j2;

import io.ringlog.contract.ShutdownHookLoggingContract;

/** {@link ShutdownHookLoggingContract} for Log4j2, with Log4j2's own shutdown hook disabled, as Spring Boot sets it. */
class ShutdownHookLoggingIT extends ShutdownHookLoggingContract {
    @Override
    protected Class<?> childMain() {
        return ShutdownHookLoggingMain.class;
    }
}
