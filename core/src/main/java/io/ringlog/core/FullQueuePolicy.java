package io.ringlog.core;

import java.util.Locale;

/**
 * What a caller experiences when the ring is full. Chosen per appender; the default is {@link #BLOCK}.
 */
public enum FullQueuePolicy {
    /** The caller waits for a free slot (optionally bounded by a maximum block time); nothing is lost. */
    BLOCK,
    /** Events below WARN are dropped and counted at once; WARN and ERROR wait for a free slot. */
    DROP_BELOW_WARN,
    /** Any event is dropped and counted at once; the caller never waits. */
    DROP_ALL;

    /**
     * Parses a policy name as written in a configuration file, ignoring case and accepting {@code -}
     * for {@code _}.
     *
     * @throws IllegalArgumentException naming the accepted values when {@code name} is none of them
     */
    public static FullQueuePolicy parse(String name) {
        if (name != null) {
            String normalized = name.trim().replace('-', '_').toUpperCase(Locale.ROOT);
            for (FullQueuePolicy policy : values()) {
                if (policy.name().equals(normalized)) {
                    return policy;
                }
            }
        }
        throw new IllegalArgumentException("Unknown fullQueuePolicy '" + name + "': expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL");
    }
}
