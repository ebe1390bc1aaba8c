package io.ringlog.contract;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test's {@code main} class in a child JVM on the test class path, with its output captured in a file, so that
 * a test can watch what really happens when a JVM exits (shutdown hooks, halts) rather than simulate it.
 */
public final class ChildJvm {

    /** What the child did: its exit code and everything it printed. */
    public static final class Result {
        public final int exitCode;
        public final String output;

        Result(int exitCode, String output) {
            this.exitCode = exitCode;
            this.output = output;
        }
    }

    private ChildJvm() {
    }

    /**
     * Runs {@code main} with {@code args} and waits for it; fails the test if it has not exited within
     * {@code timeoutSeconds} (a hang), after killing it.
     */
    public static Result run(Class<?> main, Path output, long timeoutSeconds, String... args) throws Exception {
        return run(main, output, timeoutSeconds, List.of(), args);
    }

    /** As {@link #run(Class, Path, long, String...)}, with {@code jvmOptions} (system properties, flags) for the child. */
    public static Result run(Class<?> main, Path output, long timeoutSeconds, List<String> jvmOptions, String... args)
            throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(Arrays.asList(java, "-Xmx128m", "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(Arrays.asList("-cp", classPath, main.getName()));
        command.addAll(Arrays.asList(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!child.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("the child JVM did not exit within " + timeoutSeconds + " s: " + Files.readString(output));
        }
        return new Result(child.exitValue(), Files.readString(output));
    }
}
