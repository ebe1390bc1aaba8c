package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every accepted event is in the file however the JVM ends: System.exit with Logback's shutdown hook and without it,
 * main returning, and an uncaught exception on main; also System.exit without the hook into a FILE with
 * immediateFlush=false, whose buffer Ringlog flushes after its exit drain. The child logs 20,000 lines from 2
 * threads while the downstream is stalled, so they are still queued when the JVM starts to exit (asserted), and
 * only a drain can write them.
 */
class JvmExitPathsIT {

    private static final int PER_THREAD = 10_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({"exit, exit-paths-hook, 3", "exit, exit-paths-nohook, 3", "return, exit-paths-nohook, 0", "throw, exit-paths-nohook, 1", "exit, exit-paths-buffered, 3"})
    void everyAcceptedLineIsInTheFile(String way, String scenario, int exitCode) throws Exception {
        Path file = dir.resolve(way + "-" + scenario + ".log");
        Path output = dir.resolve(way + "-" + scenario + ".out");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        long begin = System.nanoTime();
        Process child = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", classPath, ExitPathsMain.class.getName(),
                way, scenario, file.toString(), String.valueOf(PER_THREAD))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child JVM did not exit: " + Files.readString(output));
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        String childOutput = Files.readString(output);
        assertThat(child.exitValue()).as(childOutput).isEqualTo(exitCode);
        if (way.equals("throw")) {
            assertThat(childOutput).contains("uncaught on main, on purpose");
        }
        Matcher queued = Pattern.compile("queued=(\\d+)").matcher(childOutput);
        assertThat(queued.find()).as(childOutput).isTrue();
        long queuedAtExit = Long.parseLong(queued.group(1));
        assertThat(queuedAtExit).as("lines still queued when main finished logging").isGreaterThan(PER_THREAD);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).as(childOutput).hasSize(2 * PER_THREAD + 1).doesNotHaveDuplicates().startsWith("stall first");
        int[] next = new int[2];
        for (String line : lines.subList(1, lines.size())) {
            String[] parts = line.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]++);
        }
        System.out.printf("[figures] logback JVM exit (%s, %s): exit code %d, queued at exit %d, in file %d of %d, child ran %d ms%n",
                way, scenario, child.exitValue(), queuedAtExit, lines.size(), 2 * PER_THREAD + 1, millis);
    }
}
