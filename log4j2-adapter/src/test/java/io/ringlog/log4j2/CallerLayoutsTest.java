package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.filter.ThresholdFilter;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which targets {@link CallerLayouts} encodes on the caller, and that targets sharing one layout object are encoded
 * once per event (Spring Boot's structured logging through the starter: console and file in one format).
 */
class CallerLayoutsTest {
    @TempDir
    Path dir;

    private final DefaultConfiguration configuration = new DefaultConfiguration();
    private final List<Appender> opened = new ArrayList<>();

    @AfterEach
    void stop() {
        opened.forEach(Appender::stop);
    }

    @Test
    void targetsSharingALayoutAreEncodedOncePerEvent() {
        ThreadNamingLayout shared = ThreadNamingLayout.create();
        ThreadNamingLayout own = ThreadNamingLayout.create();
        CallerLayouts layouts = layoutsFor(CallerEncodingMode.AUTO, file("console", shared, null), file("file", shared, null),
                file("other", own, null));
        assertThat(layouts.size()).isEqualTo(3);

        Object ahead = layouts.encodeAhead(event(Level.INFO, "one"));
        Object[] bytes = (Object[]) ahead;
        assertThat(bytes[1]).as("the second target takes the first one's bytes").isSameAs(bytes[0]);
        assertThat(new String((byte[]) bytes[0], StandardCharsets.UTF_8)).startsWith("INFO one by ");
        assertThat(shared.calls()).as("one encoding for the two targets of the shared layout").isEqualTo(1);
        assertThat(own.calls()).isEqualTo(1);
        assertThat(layouts.encodedLength(ahead)).as("shared bytes counted once")
                .isEqualTo(((byte[]) bytes[0]).length + ((byte[]) bytes[2]).length);
        layouts.release(ahead);
        assertThat(bytes).as("the thread keeps nothing after the offer").containsOnlyNulls();
    }

    @Test
    void aTargetThatRefusesTheEventIsNotEncodedAndTheOtherStillIs() {
        ThreadNamingLayout shared = ThreadNamingLayout.create();
        CallerLayouts layouts = layoutsFor(CallerEncodingMode.AUTO, file("warnings", shared, ThresholdFilter.createFilter(Level.WARN, null, null)),
                file("all", shared, null));
        Object[] bytes = (Object[]) layouts.encodeAhead(event(Level.INFO, "info"));
        assertThat(bytes[0]).as("refused by the WARN threshold").isNull();
        assertThat(bytes[1]).isNotNull();
        assertThat(shared.calls()).isEqualTo(1);
    }

    @Test
    void autoLeavesPatternLayoutToTheConsumerAndAlwaysTakesIt() {
        PatternLayout pattern = PatternLayout.createDefaultLayout(); // %m%n
        assertThat(layoutsFor(CallerEncodingMode.AUTO, file("pattern", pattern, null)).size()).isZero();
        assertThat(layoutsFor(CallerEncodingMode.NEVER, file("naming", ThreadNamingLayout.create(), null)).size()).isZero();
        CallerLayouts always = layoutsFor(CallerEncodingMode.ALWAYS, file("pattern", pattern, null));
        assertThat(always.size()).isEqualTo(1);
        assertThat(new String((byte[]) always.encodeAhead(event(Level.INFO, "always")), StandardCharsets.UTF_8)).isEqualTo("always\n");
    }

    private CallerLayouts layoutsFor(CallerEncodingMode mode, FileAppender... files) {
        List<AppenderRef> refs = new ArrayList<>();
        List<AppenderControl> controls = new ArrayList<>();
        for (FileAppender file : files) {
            refs.add(AppenderRef.createAppenderRef(file.getName(), null, null));
            controls.add(new AppenderControl(file, null, null));
        }
        return CallerLayouts.of("RING", refs, controls, mode);
    }

    @SuppressWarnings("deprecation") // withFileName: the one spelling every supported log4j-core has
    private FileAppender file(String name, Layout<?> layout, Filter filter) {
        FileAppender file = FileAppender.newBuilder().setName(name).withFileName(dir.resolve(name + ".log").toString())
                .setLayout(layout).setFilter(filter).setConfiguration(configuration).build();
        file.start();
        opened.add(file);
        return file;
    }

    private static LogEvent event(Level level, String text) {
        return Log4jLogEvent.newBuilder().setLoggerName("test").setLevel(level).setMessage(new SimpleMessage(text)).build();
    }
}
