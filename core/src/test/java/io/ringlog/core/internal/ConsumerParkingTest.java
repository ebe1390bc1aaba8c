package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The nap adapts to the backlog the consumer finds when it wakes: longer while it is small, shorter once it is large. */
class ConsumerParkingTest {

    @Test
    void smallBatchesLengthenTheNapUpToItsMaximum() {
        ConsumerParking parking = new ConsumerParking(8192);
        assertThat(parking.napNanos()).isEqualTo(ConsumerParking.MIN_NAP_NANOS);
        parking.found(1);
        assertThat(parking.napNanos()).isEqualTo(2 * ConsumerParking.MIN_NAP_NANOS);
        for (int i = 0; i < 20; i++) {
            parking.found(1);
        }
        assertThat(parking.napNanos()).isEqualTo(ConsumerParking.MAX_NAP_NANOS);
    }

    @Test
    void batchesNearTheTargetKeepTheNapAndLargeOnesShortenItToItsMinimum() {
        ConsumerParking parking = new ConsumerParking(8192);
        for (int i = 0; i < 4; i++) {
            parking.found(1);
        }
        long lengthened = parking.napNanos();
        parking.found(ConsumerParking.TARGET_BATCH);
        parking.found(4 * ConsumerParking.TARGET_BATCH);
        assertThat(parking.napNanos()).isEqualTo(lengthened);
        parking.found(4 * ConsumerParking.TARGET_BATCH + 1);
        assertThat(parking.napNanos()).isEqualTo(lengthened / 2);
        for (int i = 0; i < 20; i++) {
            parking.found(1024);
        }
        assertThat(parking.napNanos()).isEqualTo(ConsumerParking.MIN_NAP_NANOS);
    }

    @Test
    void aSmallRingAimsAtBatchesItCanHold() {
        ConsumerParking tiny = new ConsumerParking(16);
        tiny.found(1);
        assertThat(tiny.napNanos()).as("a batch of 1 is the target of a 16-slot ring").isEqualTo(ConsumerParking.MIN_NAP_NANOS);
        tiny.found(5);
        assertThat(tiny.napNanos()).isEqualTo(ConsumerParking.MIN_NAP_NANOS);
        ConsumerParking small = new ConsumerParking(256);
        small.found(15);
        assertThat(small.napNanos()).as("256 slots aim at 16 events").isEqualTo(2 * ConsumerParking.MIN_NAP_NANOS);
        small.found(16);
        assertThat(small.napNanos()).isEqualTo(2 * ConsumerParking.MIN_NAP_NANOS);
    }
}
