package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copy is taken on the caller's thread, at call time, without disturbing the caller's event for the appenders after RING. */
class EventCopyIT {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void messageParametersAndThreadContextAreCapturedAtCallTime() {
        try (LoggerContext context = TestContexts.start("copy.xml", dir)) {
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            GateAppender sibling = appender(context, "SIBLING", GateAppender.class);
            Logger logger = context.getLogger("copy");

            StringBuilder mutable = new StringBuilder("v1");
            ThreadContext.put("request", "r1");
            logger.info("mutable {} and reusable {} {}", mutable, "a", 42);
            mutable.setLength(0);
            mutable.append("CHANGED");
            ThreadContext.put("request", "r2");
            logger.info("second {}", "b");
            ThreadContext.remove("request");

            // The sibling appender after RING still sees the caller's parameters: the copy took nothing away.
            assertThat(sibling.received().get(0).parameters()).hasSize(3).contains("a", 42);
            assertThat(sibling.received().get(1).parameters()).containsExactly("b");

            gate.open();
            await().atMost(WAIT).until(() -> gate.count() == 2);
            List<GateAppender.Received> received = gate.received();
            assertThat(received.get(0).message()).isEqualTo("mutable v1 and reusable a 42");
            assertThat(received.get(0).parameters()).hasSize(3).contains("a", 42);
            assertThat(received.get(0).context()).isEqualTo(Map.of("request", "r1"));
            assertThat(received.get(1).message()).isEqualTo("second b");
            assertThat(received.get(1).context()).isEqualTo(Map.of("request", "r2"));
            assertThat(received).extracting(GateAppender.Received::thread).containsOnly("ringlog-RING");
        } finally {
            ThreadContext.clearAll();
        }
    }

    @Test
    void aMessageWithMoreParametersThanTheSlotsArrayIsCopiedWhole() {
        try (LoggerContext context = TestContexts.start("copy.xml", dir)) {
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            GateAppender sibling = appender(context, "SIBLING", GateAppender.class);
            Object[] twelve = IntStream.range(0, 12).boxed().toArray();
            context.getLogger("copy").info("{} {} {} {} {} {} {} {} {} {} {} {}", twelve);

            gate.open();
            await().atMost(WAIT).until(() -> gate.count() == 1);
            assertThat(gate.received().get(0).message()).isEqualTo("0 1 2 3 4 5 6 7 8 9 10 11");
            assertThat(gate.received().get(0).parameters()).containsExactly(twelve);
            assertThat(sibling.received().get(0).parameters()).containsExactly(twelve);
        }
    }

    @Test
    void includeLocationCarriesTheCallersLocation() {
        try (LoggerContext context = TestContexts.start("location.xml", dir)) {
            context.getLogger("with").info("here");
            context.getLogger("without").info("here");
        }
        assertThat(lines(dir.resolve("with.log"))).containsExactly("here|includeLocationCarriesTheCallersLocation");
        assertThat(lines(dir.resolve("without.log"))).hasSize(1).noneMatch(line -> line.contains("includeLocation"));
    }

    @Test
    void nothingOfADeliveredEventStaysReachable() {
        try (LoggerContext context = TestContexts.start("retention.xml", dir)) {
            Logger logger = context.getLogger("retention");
            List<WeakReference<Object>> parts = new ArrayList<>();
            logAndForget(logger, parts);
            logger.info("a later event, so that Log4j2's own thread-local event lets go of the first");
            await().atMost(WAIT).until(() -> appender(context, "RING", RingAsyncAppender.class).getStats().delivered() == 2);

            await().atMost(WAIT).untilAsserted(() -> {
                System.gc();
                assertThat(parts).allSatisfy(part -> assertThat(part.get()).isNull());
            });
            assertThat(lines(dir.resolve("retention.log")).get(0)).startsWith("p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 {big=value} java.lang.IllegalStateException: gone");
        } finally {
            ThreadContext.clearAll();
        }
    }

    /** Logs an event whose parameters (more than a slot holds inline), context value and exception only it references. */
    private static void logAndForget(Logger logger, List<WeakReference<Object>> parts) {
        Object[] parameters = new Object[11];
        for (int i = 0; i < 10; i++) {
            parameters[i] = new StringBuilder("p").append(i);
        }
        Throwable failure = new IllegalStateException("gone");
        parameters[10] = failure;
        String value = new String("value".toCharArray());
        ThreadContext.put("big", value);
        logger.info("{} {} {} {} {} {} {} {} {} {}", parameters);
        ThreadContext.remove("big");
        for (Object part : parameters) {
            parts.add(new WeakReference<>(part));
        }
        parts.add(new WeakReference<>(value));
    }
}
