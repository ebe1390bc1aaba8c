package io.ringlog.spring.boot.logging;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.ManagerFactory;
import org.apache.logging.log4j.core.appender.OutputStreamManager;

/**
 * Spring Boot's Log4j2 {@code Console} ({@code follow="true"}), flushing once per batch: Log4j2's own console appender
 * flushes after every event, whatever its configuration says. The layout's bytes go to {@code System.out} (or
 * {@code System.err}) as it is at each write, as with {@code follow="true"}, so that output capture keeps working. The
 * buffer ({@value #BUFFER_SIZE} bytes) is written when full, on the event {@code <RingAsync>} marks as the last of a
 * batch, and when the appender stops. Thread-safe as Log4j2's output-stream appenders are (the manager writes under its
 * lock); behind {@code <RingAsync>} only its consumer thread calls it.
 */
final class Log4j2BatchedConsole extends AbstractOutputStreamAppender<OutputStreamManager> {
    /** Bytes kept before a write to the console: a batch of a few hundred lines in one system call. */
    static final int BUFFER_SIZE = 64 * 1024;

    private Log4j2BatchedConsole(String name, Layout<? extends Serializable> layout, ConsoleAppender model, OutputStreamManager manager) {
        super(name, layout, model.getFilter(), model.ignoreExceptions(), false, null, manager);
    }

    /**
     * A console appender with {@code model}'s name, filter, target and layout, or {@code layout} in its place if not null
     * (one that makes the same bytes, shared with another appender). They share the filter: stop {@code model} before
     * starting this appender, whose start starts the filter again.
     */
    static Log4j2BatchedConsole like(ConsoleAppender model, Layout<? extends Serializable> sharedLayout) {
        ConsoleAppender.Target target = model.getTarget();
        Layout<? extends Serializable> layout = sharedLayout != null ? sharedLayout : model.getLayout();
        OutputStreamManager manager = OutputStreamManager.getManager("ringlog-batched-console." + target.name(), layout, new Factory(target));
        return new Log4j2BatchedConsole(model.getName(), layout, model, manager);
    }

    /** One manager per target, shared by the appenders writing to it, as Log4j2 shares its console managers. */
    private static final class Factory implements ManagerFactory<OutputStreamManager, Layout<?>> {
        private final ConsoleAppender.Target target;

        Factory(ConsoleAppender.Target target) {
            this.target = target;
        }

        @Override
        public OutputStreamManager createManager(String name, Layout<?> layout) {
            return new Manager(new FollowingConsole(target), name, layout);
        }
    }

    private static final class Manager extends OutputStreamManager {
        Manager(OutputStream stream, String name, Layout<?> layout) {
            super(stream, name, layout, true, BUFFER_SIZE);
        }
    }

    /** {@code System.out} or {@code System.err} as it is at each call; never closed. */
    private static final class FollowingConsole extends OutputStream {
        private final ConsoleAppender.Target target;

        FollowingConsole(ConsoleAppender.Target target) {
            this.target = target;
        }

        private PrintStream console() {
            return target == ConsoleAppender.Target.SYSTEM_ERR ? System.err : System.out;
        }

        @Override
        public void write(int b) {
            console().write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            console().write(bytes, offset, length);
        }

        @Override
        public void flush() {
            console().flush();
        }

        @Override
        public void close() {
            flush();
        }
    }
}
