package io.ringlog.spring.boot.logging;

import java.util.stream.Collectors;
import org.springframework.boot.test.system.CapturedOutput;

/**
 * Logback: Spring Boot (3.5 and later) installs a status listener that prints Logback's WARN and ERROR status messages on
 * standard error, in Logback's status format ({@code |-WARN in <origin> - <message>}): only the lines it printed count.
 */
class LogbackDropSummaryTest extends DropSummaryContract {

    @Override
    protected String standardError(CapturedOutput output) {
        return output.getErr().lines().filter(line -> line.contains("|-WARN in io.ringlog.logback.RingAsyncAppender[RINGLOG] - "))
                .collect(Collectors.joining("\n"));
    }
}
