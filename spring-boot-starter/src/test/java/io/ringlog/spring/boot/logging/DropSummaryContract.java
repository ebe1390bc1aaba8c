package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.FullQueuePolicy;
import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.TestApplication;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot user sees drops without reading meters: the periodic drop summary of the starter's appender reaches
 * standard error, once per summary interval (10 s), not once per dropped event. The flood passes the console's
 * threshold: an event that no appender would take is not queued, so not dropped either (Logback decides Boot's
 * {@code ThresholdFilter} on the caller). Subclassed once per framework.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class DropSummaryContract {
    private static final Pattern SUMMARY = Pattern.compile("Ringlog appender '" + RinglogLoggingListener.APPENDER_NAME
            + "' dropped ([\\d,]+) events below WARN in the last");

    /** What the application wrote to standard error during the test. */
    protected String standardError(CapturedOutput output) {
        return output.getErr();
    }

    @Test
    public void dropsAreSummarisedOnStandardErrorOncePerInterval(CapturedOutput output) throws InterruptedException {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.full-queue-policy=drop-all",
                "ringlog.queue-size=16", "logging.threshold.console=INFO").run()) {
            assertThat(context.getBean(RinglogProperties.class).getFullQueuePolicy()).as("drop-all").isEqualTo(FullQueuePolicy.DROP_ALL);
            Logger log = LoggerFactory.getLogger("io.ringlog.test.Flood");
            Thread[] threads = new Thread[4];
            for (int t = 0; t < threads.length; t++) {
                threads[t] = new Thread(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        log.info("flood {}", i);
                    }
                }, "flood-" + t);
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> SUMMARY.matcher(standardError(output)).find());
            Matcher summaries = SUMMARY.matcher(standardError(output));
            int count = 0;
            long dropped = 0;
            while (summaries.find()) {
                count++;
                dropped += Long.parseLong(summaries.group(1).replace(",", ""));
            }
            assertThat(count).as("summaries on standard error:\n%s", standardError(output)).isBetween(1, 2);
            assertThat(dropped).as("events dropped, summarised").isGreaterThan(100);
        }
    }
}
