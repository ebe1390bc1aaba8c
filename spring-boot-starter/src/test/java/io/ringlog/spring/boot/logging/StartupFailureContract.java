package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that fails to start (a port in use) with the starter on: the failure reaches the console before the
 * JVM exits, though it was logged through Ringlog's ring. In a JVM of its own, with this test's class path. Subclassed
 * once per framework.
 */
public abstract class StartupFailureContract {

    @TempDir
    Path dir;

    @Test
    public void theFailureReachesTheConsoleBeforeTheJvmExits() throws IOException, InterruptedException {
        Path console = dir.resolve("console.txt");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                FailingApplicationMain.class.getName()).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the failed application's JVM exits").isTrue();
        String output = Files.readString(console, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(output).isNotZero();
        assertThat(output).contains("now run behind the Ringlog appender [RINGLOG]").contains("Application run failed")
                .contains(FailingApplicationMain.FAILURE);
    }
}
