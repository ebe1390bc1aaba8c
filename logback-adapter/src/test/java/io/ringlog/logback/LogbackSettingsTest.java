package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.core.ContextBase;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.Status;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The translation from Logback's vocabulary into core settings, with its errors and warnings. */
class LogbackSettingsTest {

    private final ContextBase context = new ContextBase();
    private final ContextAwareBase status = new ContextAwareBase();
    private final LogbackSettings settings = new LogbackSettings();

    @BeforeEach
    void setUp() {
        status.setContext(context);
    }

    private List<String> messages(int level) {
        return context.getStatusManager().getCopyOfStatusList().stream().filter(s -> s.getLevel() == level)
                .map(Status::getMessage).collect(Collectors.toList());
    }

    @Test
    void defaultsAreLosslessAndMatchTheDocumentation() {
        PipelineSettings translated = settings.toPipelineSettings("A", status);
        assertThat(translated).isNotNull();
        assertThat(translated.name()).isEqualTo("A");
        assertThat(translated.capacity()).isEqualTo(8192);
        assertThat(translated.fullQueuePolicy()).isEqualTo(FullQueuePolicy.BLOCK);
        assertThat(translated.discardingThreshold()).isZero();
        assertThat(translated.maxBlockTimeNanos()).isNegative();
        assertThat(translated.drainTimeoutMillis()).isEqualTo(1000);
        assertThat(translated.maxBatchSize()).isEqualTo(1024);
        assertThat(translated.drainOnJvmExit()).isTrue();
        assertThat(settings.jmx).isTrue();
        assertThat(settings.includeCallerData).isFalse();
        assertThat(settings.flushAtEndOfBatch).isTrue();
        assertThat(context.getStatusManager().getCount()).isZero();
    }

    @Test
    void everyPropertyIsTranslated() {
        settings.queueSize = 1000;
        settings.discardingThreshold = 200;
        settings.fullQueuePolicy = "drop-below-warn";
        settings.maxBlockTime = "250";
        settings.maxFlushTime = "0";
        settings.maxBatchSize = 64;
        settings.drainOnExit = false;
        PipelineSettings translated = settings.toPipelineSettings("A", status);
        assertThat(translated.capacity()).isEqualTo(1024);
        assertThat(translated.discardingThreshold()).isEqualTo(200);
        assertThat(translated.fullQueuePolicy()).isEqualTo(FullQueuePolicy.DROP_BELOW_WARN);
        assertThat(translated.maxBlockTimeNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        assertThat(translated.drainTimeoutMillis()).isZero();
        assertThat(translated.maxBatchSize()).isEqualTo(64);
        assertThat(translated.drainOnJvmExit()).isFalse();
    }

    @Test
    void neverBlockAloneMeansDropAllSilently() {
        settings.neverBlock = true;
        assertThat(settings.toPipelineSettings("A", status).fullQueuePolicy()).isEqualTo(FullQueuePolicy.DROP_ALL);
        assertThat(context.getStatusManager().getCount()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"BLOCK", "DROP_BELOW_WARN"})
    void neverBlockWinsOverAConflictingPolicyWithAWarning(String policy) {
        settings.neverBlock = true;
        settings.fullQueuePolicy = policy;
        assertThat(settings.toPipelineSettings("A", status).fullQueuePolicy()).isEqualTo(FullQueuePolicy.DROP_ALL);
        assertThat(messages(Status.WARN)).singleElement().asString()
                .startsWith("neverBlock=true conflicts with fullQueuePolicy=" + policy + "; neverBlock wins");
    }

    @Test
    void maxBlockTimeWithDropAllIsPointedOut() {
        settings.fullQueuePolicy = "DROP_ALL";
        settings.maxBlockTime = "10";
        assertThat(settings.toPipelineSettings("A", status)).isNotNull();
        assertThat(messages(Status.WARN)).singleElement().asString().contains("maxBlockTime=10 has no effect");
    }

    @Test
    void invalidValuesAreErrorsThatNameTheProperty() {
        assertInvalid(() -> settings.queueSize = 0, "Invalid queue size [0]");
        assertInvalid(() -> settings.queueSize = -5, "Invalid queue size [-5]");
        assertInvalid(() -> settings.discardingThreshold = -1,
                "Invalid configuration: discardingThreshold must be between 0 (off) and the queue size minus one (8191), was -1");
        assertInvalid(() -> settings.discardingThreshold = 8192,
                "Invalid configuration: discardingThreshold must be between 0 (off) and the queue size minus one (8191), was 8192");
        assertInvalid(() -> {
            settings.queueSize = 1000;
            settings.discardingThreshold = 1000;
        }, "Invalid configuration: discardingThreshold must be between 0 (off) and the queue size minus one (999), was 1000");
        assertInvalid(() -> settings.maxBlockTime = "-2",
                "Invalid configuration: maxBlockTime must be -1 (wait without bound) or >= 0, was -2 milliseconds");
        assertInvalid(() -> settings.maxFlushTime = "-1", "Invalid maxFlushTime [-1]");
        assertInvalid(() -> settings.maxBatchSize = 0, "Invalid configuration: maxBatchSize must be >= 1, was 0");
        assertInvalid(() -> settings.fullQueuePolicy = "FAST", "Unknown fullQueuePolicy [FAST]: expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "maxBlockTime | 500 milliseconds | 500",
            "maxBlockTime | 1 second         | 1000",
            "maxBlockTime | -1               | -1",
            "maxFlushTime | 2 seconds        | 2000",
            "maxFlushTime | 1.5 minutes      | 90000",
            "maxFlushTime | ' 250 '          | 250"})
    void timesAcceptMillisecondsAndLogbackDurations(String property, String value, long millis) {
        if (property.equals("maxBlockTime")) {
            settings.maxBlockTime = value;
            long nanos = settings.toPipelineSettings("A", status).maxBlockTimeNanos();
            assertThat(nanos < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(nanos)).isEqualTo(millis);
        } else {
            settings.maxFlushTime = value;
            assertThat(settings.toPipelineSettings("A", status).drainTimeoutMillis()).isEqualTo(millis);
        }
        assertThat(context.getStatusManager().getCount()).isZero();
    }

    @Test
    void shutdownGracePeriodKeepsLogstashsMeaningOfZeroAndNegative() {
        settings.maxFlushTimeProperty = LogbackSettings.SHUTDOWN_GRACE_PERIOD;
        settings.maxFlushTime = "-1";
        assertThat(settings.toPipelineSettings("A", status).drainTimeoutMillis()).as("no bound").isZero();
        settings.maxFlushTime = "30 seconds";
        assertThat(settings.toPipelineSettings("A", status).drainTimeoutMillis()).isEqualTo(30_000);
        assertThat(context.getStatusManager().getCount()).isZero();
        settings.maxFlushTime = "0";
        assertThat(settings.toPipelineSettings("A", status).drainTimeoutMillis()).as("do not wait: as little as Ringlog can").isEqualTo(1);
        assertThat(messages(Status.WARN)).singleElement().asString()
                .startsWith("shutdownGracePeriod=0 means 'do not wait' in logstash-logback-encoder");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "5 fortnights", "1x5 seconds", "-5 seconds", "150ms", "1,000"})
    void anUnparsableTimeIsAnErrorNamingTheValueAndThePropertyAsWritten(String value) {
        assertInvalid(() -> settings.maxBlockTime = value, "Invalid maxBlockTime [" + value + "]: expected milliseconds");
        assertInvalid(() -> settings.maxFlushTime = value, "Invalid maxFlushTime [" + value + "]: expected milliseconds");
        assertInvalid(() -> {
            settings.maxBlockTime = value;
            settings.maxBlockTimeProperty = "appendTimeout";
        }, "Invalid appendTimeout [" + value + "]: expected milliseconds");
    }

    private void assertInvalid(Runnable change, String error) {
        LogbackSettings fresh = new LogbackSettings();
        ContextBase freshContext = new ContextBase();
        ContextAwareBase freshStatus = new ContextAwareBase();
        freshStatus.setContext(freshContext);
        settings.queueSize = fresh.queueSize;
        settings.discardingThreshold = fresh.discardingThreshold;
        settings.maxFlushTime = fresh.maxFlushTime;
        settings.maxBatchSize = fresh.maxBatchSize;
        settings.maxBlockTime = fresh.maxBlockTime;
        settings.maxBlockTimeProperty = fresh.maxBlockTimeProperty;
        settings.maxFlushTimeProperty = fresh.maxFlushTimeProperty;
        settings.fullQueuePolicy = fresh.fullQueuePolicy;
        change.run();
        assertThat(settings.toPipelineSettings("A", freshStatus)).as(error).isNull();
        List<Status> statuses = freshContext.getStatusManager().getCopyOfStatusList();
        assertThat(statuses).singleElement().satisfies(s -> {
            assertThat(s.getLevel()).isEqualTo(Status.ERROR);
            assertThat(s.getMessage()).startsWith(error).endsWith(
                    "appender [A] is not started, so its events are not logged until the configuration is fixed.");
        });
    }
}
