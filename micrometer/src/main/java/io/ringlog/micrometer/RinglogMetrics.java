package io.ringlog.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Publishes every live Ringlog appender, of Logback and of Log4j2, to a {@link MeterRegistry}; each meter is tagged
 * {@code framework} ({@code logback} or {@code log4j2}), {@code context} (the logging context's name, {@code default}
 * when it has none) and {@code appender}:
 * <ul>
 * <li>gauges {@code ringlog.queue.size} (events queued) and {@code ringlog.queue.capacity};
 * <li>function counters {@code ringlog.events.enqueued}, {@code ringlog.events.delivered},
 * {@code ringlog.events.failed}, {@code ringlog.events.delivered.directly} (written on the caller's thread, outside the
 * ring: after a stop, after the consumer thread failed, or from a thread that must not wait) and
 * {@code ringlog.events.dropped} (tagged {@code level}: {@code trace} ...
 * {@code error}, and {@code reason}: {@code queue_full}, {@code discarding_threshold}, {@code block_time_exceeded},
 * {@code already_shutdown}; see {@link io.ringlog.core.DropReason});
 * <li>function timer {@code ringlog.callers.blocked}: its count is the callers that found the ring full and waited,
 * its total time how long they waited.
 * </ul>
 * Every event that reached an appender is in exactly one of {@code enqueued}, {@code dropped} and
 * {@code delivered.directly}, also while a failed consumer leaves the callers writing directly.
 *
 * <p>It follows reconfiguration: an appender started after {@link #bindTo} gets its meters when it starts, and an
 * appender's meters are removed as soon as no appender of the same framework, context name and appender name is
 * live. The counters of such an identity never decrease: a restarted appender's new pipeline counts from zero, so the
 * final counts of the pipelines that stopped are added to those of the live ones, and they are kept (a few longs per
 * identity) for as long as the binder is bound, so an identity that comes back continues where it left off.
 *
 * <p>Any thread. {@link #close()} unsubscribes and removes the meters it registered. Bind it once per registry.
 */
public final class RinglogMetrics implements MeterBinder, AutoCloseable {
    private final Tags tags;
    private final List<RegistryBinding> bindings = Collections.synchronizedList(new ArrayList<>());

    /** A binder whose meters carry only Ringlog's own tags. */
    public RinglogMetrics() {
        this(Collections.emptyList());
    }

    /** A binder whose meters also carry {@code tags}. */
    public RinglogMetrics(Iterable<Tag> tags) {
        this.tags = Tags.of(tags);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        bindings.add(RegistryBinding.bind(registry, tags));
    }

    /** Stops following the appenders and removes every meter this binder registered. Idempotent. */
    @Override
    public void close() {
        List<RegistryBinding> bound;
        synchronized (bindings) {
            bound = new ArrayList<>(bindings);
            bindings.clear();
        }
        bound.forEach(RegistryBinding::close);
    }
}
