package io.ringlog.log4j2;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/** Collects StatusLogger messages at WARN and above while open. */
final class StatusCapture implements AutoCloseable {
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Listener listener = new Listener();

    static StatusCapture start() {
        StatusCapture capture = new StatusCapture();
        StatusLogger.getLogger().registerListener(capture.listener);
        return capture;
    }

    @Override
    public void close() {
        StatusLogger.getLogger().removeListener(listener);
    }

    List<String> messages() {
        return List.copyOf(messages);
    }

    List<String> containing(String text) {
        return messages.stream().filter(m -> m.contains(text)).toList();
    }

    private final class Listener implements StatusListener {
        @Override
        public void log(StatusData data) {
            Throwable thrown = data.getThrowable();
            messages.add(data.getLevel() + " " + data.getMessage().getFormattedMessage() + (thrown == null ? "" : " | " + thrown));
        }

        @Override
        public Level getStatusLevel() {
            return Level.WARN;
        }

        @Override
        public void close() {
            // StatusLogger.removeListener closes the listener; the capture stays readable.
        }
    }
}
