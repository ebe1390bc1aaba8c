package io.ringlog.logback;

import ch.qos.logback.classic.filter.ThresholdFilter;

/**
 * Logback's {@code ThresholdFilter} under another class, as an application's own filter: Ringlog decides on the caller
 * only the exact classes it knows, so a child with this filter is encoded on the consumer in {@code callerEncoding=AUTO}.
 */
public class SubclassedThresholdFilter extends ThresholdFilter {
}
