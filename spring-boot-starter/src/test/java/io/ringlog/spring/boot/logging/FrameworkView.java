package io.ringlog.spring.boot.logging;

import java.util.List;

/** What a starter test reads of one logging framework's running configuration. Implemented once per framework. */
public interface FrameworkView {

    /** The names of the appenders attached to the root logger. */
    List<String> rootAppenders();

    /** The names of the appenders the Ringlog appender delivers to. */
    List<String> ringlogTargets();

    /** Spring Boot's default appenders in this framework: console, then file. */
    List<String> bootAppenders();

    /** The Ringlog appender's {@code callerEncoding}: AUTO, ALWAYS or NEVER. */
    String callerEncoding();

    /** {@code logback} or {@code log4j2}: the {@code framework} tag of the meters. */
    String framework();
}
