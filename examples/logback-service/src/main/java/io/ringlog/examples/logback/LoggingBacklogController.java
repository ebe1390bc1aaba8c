package io.ringlog.examples.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AsyncAppenderBase;
import io.ringlog.examples.service.LoggingBacklog;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /benchmark/logging-backlog}: how many log events wait in the asynchronous queues of the running variant
 * (Ringlog's {@code RingAsyncAppender}, Logback's {@code AsyncAppender}), and which queues those are. The web-service
 * benchmark waits for it to read 0 before each measured run and reads it again at the end: lines still queued then
 * belong to requests whose logging the variant deferred past the measurement.
 */
@RestController
public class LoggingBacklogController {

    /**
     * @return {@code {"queued":N,"queues":["..."],"callersBlocked":N,"callersBlockedMillis":N,"requestThread":"platform"}}
     *     ({@link LoggingBacklog})
     */
    @GetMapping(path = "/benchmark/logging-backlog", produces = "application/json")
    public Map<String, Object> backlog() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Set<Appender<ILoggingEvent>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        LoggingBacklog backlog = LoggingBacklog.ofRinglogAppenders();
        for (Logger logger : context.getLoggerList()) {
            for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext(); ) {
                Appender<ILoggingEvent> appender = it.next();
                if (!seen.add(appender)) {
                    continue;
                }
                if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
                    backlog.add("AsyncAppender " + appender.getName(), async.getNumberOfElementsInQueue());
                }
            }
        }
        return backlog.answer();
    }
}
