package io.ringlog.logback;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Records the JFR event {@code jdk.VirtualThreadPinned} (a virtual thread that blocked while pinned to its carrier),
 * with no threshold, from {@link #start()} to {@link #stop()}. Test thread only; the stream's thread adds events.
 */
final class PinnedEvents implements AutoCloseable {

    private static final String PINNED = "jdk.VirtualThreadPinned";
    private static final int FRAMES = 12;

    private final RecordingStream stream = new RecordingStream();
    private final List<String> pinned = new ArrayList<>();

    private PinnedEvents() {
        stream.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
        stream.onEvent(PINNED, event -> {
            String described = describe(event);
            synchronized (pinned) {
                pinned.add(described);
            }
        });
    }

    /** Starts recording. */
    static PinnedEvents start() {
        PinnedEvents events = new PinnedEvents();
        events.stream.startAsync();
        return events;
    }

    /** Stops recording once every event recorded so far has been handled; returns the pinned blocks, described. */
    List<String> stop() {
        stream.stop();
        synchronized (pinned) {
            return List.copyOf(pinned);
        }
    }

    @Override
    public void close() {
        stream.close();
    }

    private static String describe(RecordedEvent event) {
        StringBuilder text = new StringBuilder("pinned for ").append(event.getDuration().toNanos() / 1_000).append(" us");
        if (event.getStackTrace() != null) {
            List<RecordedFrame> frames = event.getStackTrace().getFrames();
            for (int i = 0; i < Math.min(FRAMES, frames.size()); i++) {
                RecordedFrame frame = frames.get(i);
                text.append("\n    at ").append(frame.getMethod().getType().getName()).append('.')
                        .append(frame.getMethod().getName()).append(':').append(frame.getLineNumber());
            }
        }
        return text.toString();
    }
}
