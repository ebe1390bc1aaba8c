package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** What the report states about the machine, the JVM and the library versions of a run. */
final class Environment {

    private Environment() {
    }

    /** The environment of this JVM (the forks run on the same java). */
    static Properties capture() throws IOException {
        Properties env = new Properties();
        env.setProperty("env.java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vm.vendor") + ")");
        env.setProperty("env.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.setProperty("env.cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        env.setProperty("env.cpu", cpuModel());
        long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        env.setProperty("env.memory", String.format("%.1f GiB", memory / (1024.0 * 1024 * 1024)));
        env.setProperty("env.started", java.time.OffsetDateTime.now().toString());
        try (InputStream in = Environment.class.getResourceAsStream("/io/ringlog/benchmarks/versions.properties")) {
            if (in != null) {
                Properties versions = new Properties();
                versions.load(in);
                versions.forEach((key, value) -> env.setProperty("version." + key, String.valueOf(value)));
            }
        }
        String git = System.getenv("RINGLOG_GIT_REVISION");
        env.setProperty("env.git", git == null || git.isBlank() ? "unknown" : git);
        return env;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the OS line says enough
        }
        return "unknown";
    }
}
