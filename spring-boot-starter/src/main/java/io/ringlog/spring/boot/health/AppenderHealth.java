package io.ringlog.spring.boot.health;

/**
 * What the {@code ringlog} health contributor reports for one appender, and for all of them (the worst one's): the
 * code of the Spring Boot health status it maps to, the same in both Boot lines.
 */
public enum AppenderHealth {
    /** Delivering, or nothing to deliver. */
    UP,
    /**
     * Its consumer thread failed: the ring is out of service, and every event is written on the caller's thread,
     * synchronously. Nothing is lost, but logging costs the callers what the downstream appenders cost until the
     * appender is restarted.
     */
    OUT_OF_SERVICE,
    /** Its downstream has failed every event, or delivered nothing while events waited, for the stall timeout. */
    DOWN;

    /** The worse of the two. */
    AppenderHealth worst(AppenderHealth other) {
        return other.ordinal() > ordinal() ? other : this;
    }
}
