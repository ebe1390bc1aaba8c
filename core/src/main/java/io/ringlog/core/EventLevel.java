package io.ringlog.core;

/**
 * The severity of an event as the pipeline sees it: the adapters map their framework's levels onto these
 * five (Log4j2's FATAL counts as {@link #ERROR}).
 */
public enum EventLevel {
    TRACE, DEBUG, INFO, WARN, ERROR;

    /** True for TRACE, DEBUG and INFO: the levels that the dropping policies and the discarding threshold may drop. */
    public boolean isBelowWarn() {
        return this.ordinal() < WARN.ordinal();
    }
}
