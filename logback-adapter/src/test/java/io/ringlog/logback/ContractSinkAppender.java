package io.ringlog.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.TestSinks;

/**
 * The contract's test appenders for Logback, one class with a {@code role}: {@code gated} reports
 * {@code <MDC user>|<message>} to the sink named like the appender; {@code failing} throws out of
 * {@code doAppend} (a RuntimeException on "boom", an Error on "fatal-error"); {@code reentrant} logs 50
 * ERROR events to the contract logger on "trigger", then reports each message it receives; {@code slow} spends
 * {@link TestSinks#SLOW_SINK_COST_NANOS} on each event and keeps nothing.
 */
public class ContractSinkAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private String role = "gated";

    public void setRole(String role) {
        this.role = role;
    }

    @Override
    public void doAppend(ILoggingEvent event) {
        if ("failing".equals(role)) {
            String message = event.getFormattedMessage();
            if (message.contains("fatal-error")) {
                throw new ThrowingAppender.SimulatedError("fatal-error requested by the contract");
            }
            if (message.contains("boom")) {
                throw new IllegalStateException("boom requested by the contract");
            }
        }
        super.doAppend(event);
    }

    @Override
    protected void append(ILoggingEvent event) {
        try {
            switch (role) {
                case "failing":
                    return;
                case "slow":
                    TestSinks.payTheSlowSinksCost();
                    return;
                case "reentrant":
                    if ("trigger".equals(event.getFormattedMessage())) {
                        LoggerContext loggerContext = (LoggerContext) getContext();
                        for (int i = 0; i < 50; i++) {
                            loggerContext.getLogger(ContractHarness.LOGGER).error("reentrant {}", i);
                        }
                    }
                    TestSinks.get(getName()).deliver(event.getFormattedMessage());
                    return;
                default:
                    String user = event.getMDCPropertyMap().get("user");
                    TestSinks.get(getName()).deliver((user == null ? "" : user) + "|" + event.getFormattedMessage());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
