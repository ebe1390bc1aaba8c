package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BatchedFlushTest {

    @Test
    void writesEveryEventButFlushesOnlyAtTheEndOfTheBatch() {
        StreamFixture fixture = new StreamFixture("OUT", true);
        BatchedFlush batched = new BatchedFlush(fixture.appender, fixture.appender);
        for (int i = 0; i < 4; i++) {
            batched.append(fixture.event("e" + i), false);
            assertThat(fixture.appender.isImmediateFlush()).as("restored after each event").isTrue();
        }
        assertThat(fixture.stream.writes).isEqualTo(4);
        assertThat(fixture.stream.flushes).isZero();

        batched.append(fixture.event("e4"), true);
        assertThat(fixture.stream.writes).isEqualTo(5);
        assertThat(fixture.stream.flushes).as("the end-of-batch write flushes (plus at most one leftover flush)").isBetween(1, 2);
        assertThat(fixture.stream.text()).isEqualTo("e0\ne1\ne2\ne3\ne4\n");

        int before = fixture.stream.flushes;
        batched.append(fixture.event("alone"), true);
        assertThat(fixture.stream.flushes).as("a batch of one: exactly one flush").isEqualTo(before + 1);
    }

    @Test
    void flushesAChildConfiguredWithImmediateFlushFalseAtTheEndOfTheBatchOnly() {
        StreamFixture fixture = new StreamFixture("OUT", false);
        BatchedFlush batched = new BatchedFlush(fixture.appender, fixture.appender);
        for (int i = 0; i < 3; i++) {
            batched.append(fixture.event("e" + i), false);
        }
        assertThat(fixture.stream.writes).isEqualTo(3);
        assertThat(fixture.stream.flushes).isZero();

        batched.append(fixture.event("e3"), true);
        assertThat(fixture.appender.isImmediateFlush()).as("restored to its configured value").isFalse();
        assertThat(fixture.stream.flushes).as("the end-of-batch write flushes (plus at most one leftover flush)").isBetween(1, 2);
        assertThat(fixture.stream.text()).isEqualTo("e0\ne1\ne2\ne3\n");

        int before = fixture.stream.flushes;
        batched.append(fixture.event("alone"), true);
        assertThat(fixture.stream.flushes).as("a batch of one: exactly one flush").isEqualTo(before + 1);
        assertThat(fixture.appender.isImmediateFlush()).isFalse();
    }

    @ParameterizedTest(name = "immediateFlush={0}")
    @ValueSource(booleans = {true, false})
    void flushesTheBatchEvenWhenTheChildRefusesItsLastEvent(boolean immediateFlush) {
        StreamFixture fixture = new StreamFixture("OUT", immediateFlush);
        Filter<ILoggingEvent> denyLast = new Filter<>() {
            @Override
            public FilterReply decide(ILoggingEvent event) {
                return event.getMessage().equals("last") ? FilterReply.DENY : FilterReply.NEUTRAL;
            }
        };
        denyLast.start();
        fixture.appender.addFilter(denyLast);
        BatchedFlush batched = new BatchedFlush(fixture.appender, fixture.appender);
        batched.append(fixture.event("e0"), false);
        batched.append(fixture.event("e1"), false);
        batched.append(fixture.event("last"), true);
        assertThat(fixture.stream.writes).isEqualTo(2);
        assertThat(fixture.stream.flushes).isEqualTo(1);
        assertThat(fixture.stream.text()).isEqualTo("e0\ne1\n");
        assertThat(fixture.appender.isImmediateFlush()).isEqualTo(immediateFlush);
    }
}
