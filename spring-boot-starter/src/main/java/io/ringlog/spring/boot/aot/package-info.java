/**
 * Native-image support: {@link io.ringlog.spring.boot.aot.RinglogRuntimeHints}, the reflection and resource hints
 * that Logback's and Log4j2's configuration of Ringlog's appenders need under GraalVM.
 */
package io.ringlog.spring.boot.aot;
