package io.ringlog.core.internal;

import io.ringlog.core.AsyncPipeline;
import java.lang.reflect.Field;

/** What tests of the consumer's waiting read from a running pipeline's wiring (private otherwise). */
final class PipelineInternals {
    private PipelineInternals() {
    }

    /** The pipeline's parking (a private field: the pipeline's wiring is not the tests' business otherwise). */
    static ConsumerParking parkingOf(AsyncPipeline<?> pipeline) throws ReflectiveOperationException {
        Field field = RingPipeline.class.getDeclaredField("parking");
        field.setAccessible(true);
        return (ConsumerParking) field.get(pipeline);
    }

    /** The running consumer thread of the pipeline named {@code name}. */
    static Thread consumerOf(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("ringlog-" + name))
                .findFirst().orElseThrow(() -> new AssertionError("no consumer thread ringlog-" + name));
    }
}
