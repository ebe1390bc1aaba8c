/**
 * What a Ringlog ring costs in heap, measured outside JMH: {@code RingFootprint} starts each adapter from a real
 * configuration file with a ring of each size, fills every slot once with events of a few shapes, and reads the
 * used heap after a full collection at each step. The numbers quoted in {@code docs/guide.md} come from it.
 */
package io.ringlog.benchmarks.footprint;
