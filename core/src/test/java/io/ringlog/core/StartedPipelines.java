package io.ringlog.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The pipelines a test starts, over one {@link RecordingSink} and one {@link RecordingStatus}; {@link #stopAll()}
 * opens the sink and stops them all after the test.
 */
final class StartedPipelines {
    final RecordingSink sink = new RecordingSink();
    final RecordingStatus status = new RecordingStatus();
    private final List<AsyncPipeline<TestSlot>> started = new ArrayList<>();

    /** Creates and starts a pipeline without an exit hook. */
    AsyncPipeline<TestSlot> start(PipelineSettings.Builder settings) {
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(settings.drainOnJvmExit(false).build(), TestSlot::new, sink, status);
        pipeline.start();
        started.add(pipeline);
        return pipeline;
    }

    void stopAll() {
        sink.open();
        started.forEach(AsyncPipeline::stop);
    }
}
