package io.ringlog.examples.service;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * What {@code GET /benchmark/logging-backlog} answers: the log events waiting in the running variant's asynchronous
 * queues, which queues those are, and how many callers Ringlog's appenders have made wait for room so far. Ringlog's
 * appenders are read through their MBeans ({@code io.ringlog:type=AsyncAppender,...}), so that the services need
 * Ringlog's jars at run time only; each flavour adds its framework's own queues. Not thread-safe: one per answer.
 */
public final class LoggingBacklog {

    private final List<String> queues = new ArrayList<>();
    private long queued;
    private long callersBlocked;
    private long callersBlockedNanos;

    /** @return a backlog holding every running Ringlog appender of this JVM */
    public static LoggingBacklog ofRinglogAppenders() {
        LoggingBacklog backlog = new LoggingBacklog();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            Set<ObjectName> appenders = new TreeSet<>(server.queryNames(new ObjectName("io.ringlog:type=AsyncAppender,*"), null));
            for (ObjectName appender : appenders) {
                backlog.add("Ringlog " + appender.getKeyProperty("name"), (Long) server.getAttribute(appender, "QueueSize"));
                backlog.callersBlocked += (Long) server.getAttribute(appender, "CallersBlocked");
                backlog.callersBlockedNanos += (Long) server.getAttribute(appender, "CallersBlockedNanos");
            }
        } catch (JMException e) {
            throw new IllegalStateException("could not read Ringlog's MBeans", e);
        }
        return backlog;
    }

    /**
     * @param queue the queue's name, as the answer lists it
     * @param events the events waiting in it
     */
    public void add(String queue, long events) {
        queues.add(queue);
        queued += events;
    }

    /**
     * @return {@code {"queued":N,"queues":[...],"callersBlocked":N,"callersBlockedMillis":N,"requestThread":"virtual"}},
     *     in that order; {@code requestThread} says whether the calling thread, a request thread when the answer is
     *     built for a request, is {@code virtual} ({@code spring.threads.virtual.enabled}) or {@code platform}
     */
    public Map<String, Object> answer() {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("queued", queued);
        answer.put("queues", queues);
        answer.put("callersBlocked", callersBlocked);
        answer.put("callersBlockedMillis", callersBlockedNanos / 1_000_000);
        answer.put("requestThread", isVirtual(Thread.currentThread()) ? "virtual" : "platform");
        return answer;
    }

    /** Through reflection: the services are compiled for Java 17, and {@code Thread.isVirtual()} came with Java 21. */
    private static boolean isVirtual(Thread thread) {
        try {
            return (Boolean) Thread.class.getMethod("isVirtual").invoke(thread);
        } catch (ReflectiveOperationException e) {
            return false; // before Java 21 every thread is a platform thread
        }
    }
}
