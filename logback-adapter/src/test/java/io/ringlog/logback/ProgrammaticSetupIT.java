package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.status.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Set-up in code, as frameworks and tests do it: {@code new RingAsyncAppender()}, {@code setContext},
 * {@code addAppender} with a child nobody started, {@code start}; with and without a name.
 */
class ProgrammaticSetupIT {

    @TempDir
    Path dir;

    private final LoggerContext context = new LoggerContext();

    @BeforeEach
    void setUp() {
        context.setName("programmatic");
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    @AfterEach
    void tearDown() {
        context.stop();
    }

    private FileAppender<ILoggingEvent> unstartedFile(String name, Path file) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setContext(context);
        appender.setName(name);
        appender.setFile(file.toString());
        appender.setEncoder(encoder);
        return appender;
    }

    @Test
    void anUnnamedAppenderStartsItsUnstartedChildDeliversAndStopsIt() throws Exception {
        Path file = dir.resolve("unnamed.log");
        FileAppender<ILoggingEvent> child = unstartedFile(null, file);
        RingAsyncAppender ring = new RingAsyncAppender();
        ring.setContext(context);
        ring.addAppender(child);
        ring.start();

        assertThat(ring.isStarted()).isTrue();
        assertThat(child.isStarted()).as("started by Ringlog, since nobody else did").isTrue();
        assertThat(context.getStatusManager().getCopyOfStatusList()).noneMatch(s -> s.getLevel() == Status.ERROR);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(ring);
        Logger log = context.getLogger("app");
        for (int i = 0; i < 1000; i++) {
            log.info("line {}", i);
        }
        await().until(() -> ring.getStats().delivered() == 1000);
        ring.stop();

        assertThat(child.isStarted()).as("stopped with its owner").isFalse();
        assertThat(Files.readAllLines(file)).containsExactlyElementsOf(
                IntStream.range(0, 1000).mapToObj(i -> "line " + i).collect(Collectors.toList()));
    }

    @Test
    void twoUnnamedAppendersRunSideBySideWithTheirOwnMBeans() {
        List<RingAsyncAppender> rings = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            RingAsyncAppender ring = new RingAsyncAppender();
            ring.setContext(context);
            ring.addAppender(unstartedFile("FILE" + i, dir.resolve("side" + i + ".log")));
            ring.start();
            rings.add(ring);
        }
        assertThat(rings).allMatch(RingAsyncAppender::isStarted);
        assertThat(context.getStatusManager().getCopyOfStatusList()).anyMatch(s -> s.getLevel() == Status.WARN
                && s.getMessage().startsWith("Ringlog registered the MBean of appender [RingAsyncAppender@")
                && s.getMessage().contains("instance=2"));
        rings.forEach(RingAsyncAppender::stop);
    }

    @Test
    void toolsThatWalkAppendersFindTheChildren() {
        FileAppender<ILoggingEvent> first = unstartedFile("FIRST", dir.resolve("first.log"));
        FileAppender<ILoggingEvent> second = unstartedFile("SECOND", dir.resolve("second.log"));
        RingAsyncAppender ring = new RingAsyncAppender();
        ring.setContext(context);
        ring.setName("RING");
        ring.addAppender(first);
        ring.addAppender(second);
        ring.start();

        List<Appender<ILoggingEvent>> walked = new ArrayList<>();
        ring.iteratorForAppenders().forEachRemaining(walked::add);
        assertThat(walked).containsExactly(first, second);
        assertThat(ring.getAppender("SECOND")).isSameAs(second);
        assertThat(ring.isAttached(first)).isTrue();
        assertThat(ring.detachAppender("FIRST")).isTrue();
        assertThat(ring.isAttached(first)).isFalse();
        assertThat(ring.detachAppender(second)).isTrue();
        assertThat(ring.iteratorForAppenders().hasNext()).isFalse();

        ring.addAppender(first);
        ring.detachAndStopAllAppenders();
        assertThat(first.isStarted()).isFalse();
        assertThat(ring.getAppender("FIRST")).isNull();
        ring.stop();
    }

    @Test
    void aChildThatCannotStartIsReported() {
        FileAppender<ILoggingEvent> broken = new FileAppender<>();
        broken.setContext(context);
        broken.setName("BROKEN");
        RingAsyncAppender ring = new RingAsyncAppender();
        ring.setContext(context);
        ring.setName("RING");
        ring.addAppender(broken);
        ring.start();
        assertThat(context.getStatusManager().getCopyOfStatusList()).anyMatch(s -> s.getLevel() == Status.WARN
                && s.getMessage().startsWith("Child appender [BROKEN] did not start (see its own errors)"));
        ring.stop();
    }
}
