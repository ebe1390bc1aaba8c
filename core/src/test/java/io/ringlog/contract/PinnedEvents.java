package io.ringlog.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Records the JFR event {@code jdk.VirtualThreadPinned} (a virtual thread that blocked while pinned to its carrier),
 * with no threshold and with stack traces, from {@link #start()} to {@link #stop()}. Uses only the JFR API of Java 11,
 * so it compiles into the release-17 test-jar; the event itself exists from JDK 21. Test thread only.
 */
final class PinnedEvents implements AutoCloseable {

    private static final String PINNED = "jdk.VirtualThreadPinned";
    private static final int FRAMES = 12;

    private final Recording recording = new Recording();

    private PinnedEvents() {
        recording.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
    }

    /** Starts recording. */
    static PinnedEvents start() {
        PinnedEvents events = new PinnedEvents();
        events.recording.start();
        return events;
    }

    /** Stops recording and returns every pinned block recorded, described with the top of its stack. */
    List<String> stop() {
        recording.stop();
        try {
            Path dump = Files.createTempFile("ringlog-pinned", ".jfr");
            try {
                recording.dump(dump);
                List<String> pinned = new ArrayList<>();
                for (RecordedEvent event : RecordingFile.readAllEvents(dump)) {
                    if (PINNED.equals(event.getEventType().getName())) {
                        pinned.add(describe(event));
                    }
                }
                return pinned;
            } finally {
                Files.deleteIfExists(dump);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the JFR recording of pinned virtual threads", e);
        }
    }

    @Override
    public void close() {
        recording.close();
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
