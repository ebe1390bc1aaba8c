package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What the report states about the machine, the JVM and the library versions of a run. The CPU model and its cores
 * come from {@code /proc/cpuinfo}; every report names them above its results ({@link #machine}), since a ranking
 * measured on one host holds for that host.
 */
public final class Environment {

    private Environment() {
    }

    /** The environment of this JVM (the forks run on the same java). */
    public static Properties capture() throws IOException {
        Properties env = new Properties();
        env.setProperty("env.java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vm.vendor") + ")");
        env.setProperty("env.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.setProperty("env.cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        List<String> cpuinfo = cpuinfo();
        env.setProperty("env.cpu", cpuModel(cpuinfo));
        String topology = topology(cpuinfo);
        if (!topology.isEmpty()) {
            env.setProperty("env.cpu.topology", topology);
        }
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

    /**
     * The machine in one line, for the top of a report and of each results section: the CPU model, the CPUs the JVM
     * that rendered it saw, and the cores behind them when {@code /proc/cpuinfo} said
     * ({@code AMD EPYC, 2 CPUs (2 cores, 1 thread each; virtual machine)}).
     *
     * @param env properties from {@link #capture}, possibly read back from an older run (missing keys say so)
     */
    public static String machine(Properties env) {
        String topology = env.getProperty("env.cpu.topology", "");
        return env.getProperty("env.cpu", "CPU model not recorded") + ", " + env.getProperty("env.cpus", "?") + " CPUs"
                + (topology.isEmpty() ? "" : " (" + topology + ")");
    }

    /**
     * The machine in a few words, for a chart's title: the CPU model without trademarks and clock
     * ({@code Intel Xeon Gold 6230}) and the CPUs ({@code on Intel Xeon Gold 6230 × 4 CPUs}).
     */
    static String host(Properties env) {
        return "on " + shortModel(env) + " × " + env.getProperty("env.cpus", "?") + " CPUs";
    }

    /** The CPU model without trademarks and clock ({@code Intel Xeon Gold 6230}). */
    static String shortModel(Properties env) {
        return env.getProperty("env.cpu", "unknown CPU").replaceAll("\\((R|TM|tm)\\)", "")
                .replaceAll("\\s+(CPU\\s*)?@.*$", "").replaceAll("\\s+(\\d+-Core )?Processor$", "")
                .replaceAll("\\s+", " ").trim();
    }

    private static List<String> cpuinfo() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"));
        } catch (IOException | RuntimeException e) {
            return List.of();   // not Linux: the OS line says enough
        }
    }

    static String cpuModel(List<String> cpuinfo) {
        for (String line : cpuinfo) {
            if (line.startsWith("model name")) {
                return value(line);
            }
        }
        return "unknown";
    }

    /**
     * The cores and hardware threads {@code /proc/cpuinfo} lists ({@code 2 cores, 1 thread each}, {@code 8 cores,
     * 16 threads}), and {@code virtual machine} when its flags say a hypervisor runs it; empty if it lists none.
     */
    static String topology(List<String> cpuinfo) {
        int threads = 0;
        boolean virtual = false;
        Map<String, Integer> coresPerPackage = new HashMap<>();
        String physicalId = "0";
        for (String line : cpuinfo) {
            if (line.startsWith("processor")) {
                threads++;
            } else if (line.startsWith("physical id")) {
                physicalId = value(line);
            } else if (line.startsWith("cpu cores")) {
                coresPerPackage.put(physicalId, Integer.parseInt(value(line)));
            } else if (line.startsWith("flags") && (" " + value(line) + " ").contains(" hypervisor ")) {
                virtual = true;
            }
        }
        if (threads == 0) {
            return "";
        }
        int cores = coresPerPackage.values().stream().mapToInt(Integer::intValue).sum();
        String text = cores == 0 ? threads + " hardware threads"
                : cores == threads ? String.format(Locale.ROOT, "%d cores, 1 thread each", cores)
                : String.format(Locale.ROOT, "%d cores, %d threads", cores, threads);
        return virtual ? text + "; virtual machine" : text;
    }

    private static String value(String line) {
        return line.substring(line.indexOf(':') + 1).trim();
    }
}
