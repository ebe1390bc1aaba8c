package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.message.ObjectMessage;
import org.apache.logging.log4j.message.StringMapMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ring slot is the event the targets see: through RingAsync, layouts that read every part of an event (time to the
 * nanosecond, thread, level, logger, marker, context map and stack, message, parameters, exception) write what they
 * write synchronously, while a small ring reuses every slot many times with events of every shape; and a target that
 * keeps {@code toImmutable()} copies keeps them intact after their slots were reused.
 */
class SlotFidelityIT {
    private static final int SHAPES = 8;
    private static final Marker AUDIT = new NamedMarker("AUDIT");

    @TempDir
    Path dir;

    @Test
    void everyLayoutWritesWhatSynchronousLoggingWritesAndKeptCopiesOutliveTheirSlots() throws Exception {
        int rounds = 40;
        KeepAppender keep;
        Layout<? extends Serializable> layout;
        try (LoggerContext context = TestContexts.start("fidelity.xml", dir)) {
            keep = appender(context, "KEEP", KeepAppender.class);
            layout = context.getConfiguration().getAppender("SYNC_TEXT").getLayout();
            Logger logger = context.getLogger("fidelity.shapes");
            for (int round = 0; round < rounds; round++) {
                logEveryShape(logger, round);
            }
        } finally {
            ThreadContext.clearAll();
        } // the stop drained the ring

        String sync = text("sync.log");
        assertThat(sync).contains("|one 0 of forty|", "|one 39 of forty|", "|mutable after-39|", "k5=v5-39", "[stack-39]",
                "boom 39", "Caused by: java.lang.RuntimeException: cause", "map=\"39\"");
        assertThat(text("ring.log")).isEqualTo(sync);
        assertThat(comparable(text("ring.json"))).isEqualTo(comparable(text("sync.json")));

        List<LogEvent> kept = keep.kept();
        assertThat(kept).hasSize(rounds * SHAPES);
        assertThat(kept.stream().map(event -> (String) layout.toSerializable(event)).collect(Collectors.joining())).isEqualTo(sync);
        assertThat(kept.get(1).getMessage().getParameters()).containsExactly(IntStream.range(0, 9).boxed().toArray());
    }

    private String text(String file) throws IOException {
        return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
    }

    private static void logEveryShape(Logger logger, int round) {
        StringBuilder mutable = new StringBuilder("before-" + round);
        ThreadContext.put("request", "r" + round);
        logger.info("one {} of {}", round, "forty");
        mutable.setLength(0);
        for (int i = 0; i < 6; i++) { // more entries than a slot holds inline
            ThreadContext.put("k" + i, "v" + i + "-" + round);
        }
        ThreadContext.push("stack-" + round);
        logger.warn(AUDIT, "nine {} {} {} {} {} {} {} {} {}", IntStream.range(0, 9).boxed().toArray());
        for (int i = 0; i < 6; i++) {
            ThreadContext.remove("k" + i);
        }
        ThreadContext.pop();
        logger.error("failed " + round, new IllegalStateException("boom " + round, new RuntimeException("cause")));
        logger.debug(new StringMapMessage().with("map", round).with("other", "x"));
        logger.trace(new ObjectMessage(List.of(round, "list")));
        logger.info("no parameters");
        ThreadContext.remove("request");
        logger.info("mutable {}", mutable.append("after-").append(round));
        logger.info(() -> "supplied " + round);
    }

    /**
     * Without the two fields that differ by design: synchronous logging never marks an end of batch (RingAsync marks
     * the last event of each), and a stack frame is {@code "exact"} when its class was found on the stack of the
     * thread that renders it (the consumer's, with any asynchronous appender, Log4j2's own included).
     */
    private static String comparable(String json) {
        return json.replaceAll("\"endOfBatch\":(true|false),?", "").replaceAll("\"exact\":(true|false)", "");
    }

    /** A marker without parents (Log4j2's {@code MarkerManager} carries annotations that {@code -Xlint} rejects here). */
    private record NamedMarker(String getName) implements Marker {
        @Override
        public String toString() {
            return getName;
        }

        @Override
        public Marker addParents(Marker... markers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Marker[] getParents() {
            return null;
        }

        @Override
        public boolean hasParents() {
            return false;
        }

        @Override
        public boolean isInstanceOf(Marker other) {
            return equals(other);
        }

        @Override
        public boolean isInstanceOf(String name) {
            return getName.equals(name);
        }

        @Override
        public boolean remove(Marker marker) {
            return false;
        }

        @Override
        public Marker setParents(Marker... markers) {
            throw new UnsupportedOperationException();
        }
    }
}
