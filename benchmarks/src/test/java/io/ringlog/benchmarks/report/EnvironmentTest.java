package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Reads the CPU model and its cores from {@code /proc/cpuinfo} as Linux prints it, and names the machine in one line. */
class EnvironmentTest {

    @Test
    void aTwoVcpuVirtualMachine() {
        List<String> cpuinfo = cpuinfo(2, "AMD EPYC", "0", 2, "fpu vme de pse hypervisor lahf_lm");

        assertThat(Environment.cpuModel(cpuinfo)).isEqualTo("AMD EPYC");
        assertThat(Environment.topology(cpuinfo)).isEqualTo("2 cores, 1 thread each; virtual machine");
    }

    @Test
    void aMachineWithHardwareThreadsOnTwoPackages() {
        List<String> cpuinfo = new ArrayList<>(cpuinfo(4, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", "0", 2, "fpu vme ht"));
        cpuinfo.addAll(cpuinfo(4, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", "1", 2, "fpu vme ht"));

        assertThat(Environment.topology(cpuinfo)).isEqualTo("4 cores, 8 threads");
    }

    @Test
    void withoutProcCpuinfoTheLineSaysWhatIsMissing() {
        assertThat(Environment.cpuModel(List.of())).isEqualTo("unknown");
        assertThat(Environment.topology(List.of())).isEmpty();
        Properties old = new Properties();
        old.setProperty("env.cpus", "2");
        assertThat(Environment.machine(old)).isEqualTo("CPU model not recorded, 2 CPUs");
        old.setProperty("env.cpu", "AMD EPYC");
        old.setProperty("env.cpu.topology", "2 cores, 1 thread each");
        assertThat(Environment.machine(old)).isEqualTo("AMD EPYC, 2 CPUs (2 cores, 1 thread each)");
    }

    @Test
    void aChartTitleNamesTheHostInAFewWords() {
        Properties env = new Properties();
        env.setProperty("env.cpus", "4");
        env.setProperty("env.cpu", "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
        assertThat(Environment.host(env)).isEqualTo("on Intel Xeon Gold 6230 × 4 CPUs");
        env.setProperty("env.cpu", "AMD EPYC 7B13 64-Core Processor");
        assertThat(Environment.host(env)).isEqualTo("on AMD EPYC 7B13 × 4 CPUs");
        env.setProperty("env.cpu", "AMD EPYC");
        assertThat(Environment.host(env)).isEqualTo("on AMD EPYC × 4 CPUs");
    }

    /** {@code processors} entries of one package, as /proc/cpuinfo lists them (the fields the parser reads, and others). */
    private static List<String> cpuinfo(int processors, String model, String physicalId, int cores, String flags) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < processors; i++) {
            lines.add("processor\t: " + i);
            lines.add("vendor_id\t: AuthenticAMD");
            lines.add("model name\t: " + model);
            lines.add("cpu MHz\t\t: 2449.998");
            lines.add("physical id\t: " + physicalId);
            lines.add("siblings\t: " + processors);
            lines.add("core id\t\t: " + i % cores);
            lines.add("cpu cores\t: " + cores);
            lines.add("flags\t\t: " + flags);
            lines.add("");
        }
        return lines;
    }
}
