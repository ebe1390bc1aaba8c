package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.TestThreads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.spi.MDCAdapter;

/** Events are prepared on the caller's thread: what is written is what a synchronous appender would write. */
class EventPreparationIT {

    @TempDir
    Path dir;

    @Test
    void threadNameMdcAndMessageArgumentsAreCapturedAtCallTime() throws Exception {
        Path file = dir.resolve("mdc.log");
        try (LogbackFixture logback = new LogbackFixture("mdc").property("logFile", file).configure("mdc-and-args")) {
            GateAppender gate = logback.child("GATE");
            Logger log = logback.logger("app");
            MDCAdapter mdc = logback.context.getMDCAdapter();
            StringBuilder argument = new StringBuilder("before");
            Thread caller = TestThreads.startThread("caller-7", () -> {
                mdc.put("user", "alice");
                log.info("value={}", argument);
                mdc.put("user", "bob");
                argument.setLength(0);
                argument.append("after");
            });
            caller.join();
            await().until(() -> gate.arrivals() == 1);
            gate.open();
            logback.ring().stop();
        }
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactly("[caller-7] user=alice value=before");
    }

    @Test
    void callerDataNamesTheLoggingMethodWhenIncluded() throws Exception {
        assertThat(logFromANamedMethod("caller-data"))
                .containsExactly(EventPreparationIT.class.getName() + ".logFromANamedMethod hello");
    }

    /** A file child without a filter is encoded on the caller's thread: its pattern's caller data is the call site. */
    @Test
    void callerDataIsTheCallSiteForAChildEncodedOnTheCaller() throws Exception {
        assertThat(logFromANamedMethod("caller-data-off"))
                .containsExactly(EventPreparationIT.class.getName() + ".logFromANamedMethod hello");
    }

    /** A child encoded on the consumer thread ({@code callerEncoding=NEVER}) does not know the call site, as behind the stock appender. */
    @Test
    void callerDataIsUnknownForAChildEncodedOnTheConsumerWhenNotIncluded() throws Exception {
        assertThat(logFromANamedMethod("caller-data-off-filtered")).containsExactly("?.? hello");
    }

    private java.util.List<String> logFromANamedMethod(String scenario) throws Exception {
        Path file = dir.resolve(scenario + ".log");
        try (LogbackFixture logback = new LogbackFixture(scenario).property("logFile", file).configure(scenario)) {
            logback.logger("app").info("hello");
        }
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }
}
