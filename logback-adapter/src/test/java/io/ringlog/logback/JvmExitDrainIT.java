package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child JVM logs and calls System.exit(0) without a Logback shutdown hook: drainOnExit writes every line. */
class JvmExitDrainIT {

    private static final int LINES = 2000;

    @TempDir
    Path dir;

    @Test
    void everyLineReachesTheFileWhenTheJvmExitsWithoutStoppingLogback() throws Exception {
        Path file = dir.resolve("exit.log");
        assertThat(runChild(file, true)).isZero();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < LINES; i++) {
            expected.add("line " + i);
        }
        assertThat(lines).containsExactlyElementsOf(expected);
    }

    @Test
    void withoutDrainOnExitTheExitDoesNotWaitForAHeldDownstream() throws Exception {
        Path file = dir.resolve("no-drain.log");
        long begin = System.nanoTime();
        assertThat(runChild(file, false)).isZero();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin))
                .as("an exit drain would have waited maxFlushTime (10 s) for the closed gate").isLessThan(10_000);
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).hasSizeLessThan(LINES);
    }

    private int runChild(Path file, boolean drainOnExit) throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Path output = dir.resolve("child-" + drainOnExit + ".out");
        Process child = new ProcessBuilder(java, "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", classPath,
                ExitDrainMain.class.getName(), file.toString(), String.valueOf(drainOnExit), String.valueOf(LINES))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child JVM did not exit: " + Files.readString(output));
        }
        Matcher queued = Pattern.compile("queued=(\\d+)").matcher(Files.readString(output));
        assertThat(queued.find()).as("child output: %s", Files.readString(output)).isTrue();
        assertThat(Long.parseLong(queued.group(1))).as("lines still queued at exit").isPositive();
        return child.exitValue();
    }
}
