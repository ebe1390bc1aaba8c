/**
 * The Logback contenders, each a real {@code logback.xml} under {@code src/main/resources/io/ringlog/benchmarks/logback/},
 * loaded into a private {@code LoggerContext} through Joran (no SLF4J binding involved), and the benchmarks that drive them.
 */
package io.ringlog.benchmarks.logback;
