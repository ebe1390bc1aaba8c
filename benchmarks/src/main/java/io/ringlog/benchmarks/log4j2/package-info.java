/**
 * The Log4j2 contenders, each a real {@code log4j2.xml} under {@code src/main/resources/io/ringlog/benchmarks/log4j2/},
 * loaded into a private {@code LoggerContext} (an {@code AsyncLoggerContext} for all-async), not through
 * {@code LogManager}'s selector, and the benchmarks that drive them.
 */
package io.ringlog.benchmarks.log4j2;
