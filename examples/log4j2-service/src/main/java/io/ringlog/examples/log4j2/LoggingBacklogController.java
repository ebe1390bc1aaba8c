package io.ringlog.examples.log4j2;

import io.ringlog.examples.service.LoggingBacklog;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /benchmark/logging-backlog}: how many log events wait in the asynchronous queues of the running variant
 * (Ringlog's {@code <RingAsync>}, Log4j2's {@code <Async>}, the Async Loggers' ring), and which queues those are. The
 * web-service benchmark waits for it to read 0 before each measured run and reads it again at the end: lines still
 * queued then belong to requests whose logging the variant deferred past the measurement.
 */
@RestController
public class LoggingBacklogController {

    /**
     * @return {@code {"queued":N,"queues":["..."],"callersBlocked":N,"callersBlockedMillis":N,"requestThread":"platform"}}
     *     ({@link LoggingBacklog})
     */
    @GetMapping(path = "/benchmark/logging-backlog", produces = "application/json")
    public Map<String, Object> backlog() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        LoggingBacklog backlog = LoggingBacklog.ofRinglogAppenders();
        for (Appender appender : config.getAppenders().values()) {
            if (appender instanceof AsyncAppender async) {
                backlog.add("Async " + appender.getName(), async.getQueueCapacity() - async.getQueueRemainingCapacity());
            }
        }
        for (LoggerConfig logger : config.getLoggers().values()) {
            if (logger instanceof AsyncLoggerConfig asyncLogger) {
                // Every AsyncLoggerConfig of a configuration shares one ring: read it once. Its remaining capacity
                // can go below zero while callers wait for room (Disruptor 4 claims before it waits): clamp.
                RingBufferAdmin ring = asyncLogger.createRingBufferAdmin(context.getName());
                backlog.add("Async Loggers' ring", ring.getBufferSize() - Math.max(0, ring.getRemainingCapacity()));
                break;
            }
        }
        return backlog.answer();
    }
}
