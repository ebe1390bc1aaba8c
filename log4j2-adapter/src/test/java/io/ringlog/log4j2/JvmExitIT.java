package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM that calls System.exit with Log4j2's shutdown hook disabled still writes every line (drainOnExit). */
class JvmExitIT {
    private static final int LINES = 20_000;

    @TempDir
    Path dir;

    @Test
    void systemExitWithLog4jShutdownHookDisabledLosesNothing() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path output = dir.resolve("child.out");
        Process child = new ProcessBuilder(List.of(java, "-cp", classPath, ExitMain.class.getName(),
                TestContexts.scenario("jvm-exit.xml").toString(), dir.toString(), Integer.toString(LINES)))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean exited = child.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        String childOutput = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("child exited: %s", childOutput).isTrue();
        assertThat(child.exitValue()).as(childOutput).isZero();
        Matcher queued = Pattern.compile("queued at exit: (\\d+)").matcher(childOutput);
        assertThat(queued.find()).as(childOutput).isTrue();
        assertThat(Long.parseLong(queued.group(1))).as("events still queued when System.exit was called").isPositive();
        List<String> lines = lines(dir.resolve("app.log"));
        assertThat(lines).as(childOutput).hasSize(LINES).startsWith("line 0").endsWith("line " + (LINES - 1));
    }
}
