package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RingAsyncSettingsTest {

    private static RingAsyncAppender.Builder<?> builder() {
        return RingAsyncAppender.newBuilder().setName("R");
    }

    @Test
    void defaultsFollowAsyncExceptTheBoundedShutdownTimeout() {
        PipelineSettings settings = RingAsyncSettings.from(builder());
        assertThat(settings.capacity()).isEqualTo(RingAsyncAppender.DEFAULT_BUFFER_SIZE).isEqualTo(8192);
        assertThat(settings.fullQueuePolicy()).isEqualTo(FullQueuePolicy.BLOCK);
        assertThat(settings.drainTimeoutMillis()).isEqualTo(10_000);
        assertThat(settings.maxBlockTimeNanos()).isNegative();
        assertThat(settings.discardingThreshold()).isZero();
        assertThat(settings.maxBatchSize()).isEqualTo(1024);
        assertThat(settings.drainOnJvmExit()).isTrue();
        assertThat(settings.name()).isEqualTo("R");
    }

    @Test
    void translatesTheAttributes() {
        PipelineSettings settings = RingAsyncSettings.from(builder().setBufferSize(1000).setShutdownTimeout(0)
                .setMaxBlockTime(250).setDiscardingThreshold(10).setMaxBatchSize(64).setDrainOnExit(false));
        assertThat(settings.capacity()).isEqualTo(1024);
        assertThat(settings.drainTimeoutMillis()).isZero();
        assertThat(settings.maxBlockTimeNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        assertThat(settings.discardingThreshold()).isEqualTo(10);
        assertThat(settings.maxBatchSize()).isEqualTo(64);
        assertThat(settings.drainOnJvmExit()).isFalse();
    }

    @Test
    void blockingFalseMeansNeverWaitAndWinsOverAContradictingPolicy() {
        assertThat(RingAsyncSettings.from(builder().setBlocking(false)).fullQueuePolicy()).isEqualTo(FullQueuePolicy.DROP_ALL);
        assertThat(RingAsyncSettings.from(builder().setBlocking(true)).fullQueuePolicy()).isEqualTo(FullQueuePolicy.BLOCK);
        assertThat(RingAsyncSettings.from(builder().setBlocking(true).setFullQueuePolicy("drop_below_warn")).fullQueuePolicy())
                .isEqualTo(FullQueuePolicy.DROP_BELOW_WARN);
        assertThat(RingAsyncSettings.from(builder().setBlocking(false).setFullQueuePolicy("drop_below_warn")).fullQueuePolicy())
                .isEqualTo(FullQueuePolicy.DROP_ALL);
        assertThat(RingAsyncSettings.from(builder().setBlocking(false).setFullQueuePolicy("BLOCK")).fullQueuePolicy())
                .isEqualTo(FullQueuePolicy.DROP_ALL);
    }

    @Test
    void rejectsInvalidValuesNamingTheAttribute() {
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setBufferSize(0))).hasMessageContaining("bufferSize").hasMessageContaining("was 0");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setShutdownTimeout(-1))).hasMessageContaining("shutdownTimeout");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setMaxBlockTime(-2)))
                .hasMessage("maxBlockTime must be -1 (wait without bound) or >= 0, was -2 milliseconds");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setBufferSize(16).setDiscardingThreshold(16)))
                .hasMessage("discardingThreshold must be between 0 (off) and the queue size minus one (15), was 16");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setBufferSize(1000).setDiscardingThreshold(1000)))
                .as("as in Logback, the bufferSize as configured bounds it, not as rounded up to 1024")
                .hasMessage("discardingThreshold must be between 0 (off) and the queue size minus one (999), was 1000");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setMaxBatchSize(0))).hasMessageContaining("maxBatchSize");
        assertThatThrownBy(() -> RingAsyncSettings.from(builder().setFullQueuePolicy("SOMETIMES")))
                .hasMessageContaining("SOMETIMES").hasMessageContaining("BLOCK, DROP_BELOW_WARN, DROP_ALL");
    }
}
