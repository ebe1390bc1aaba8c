package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Properties;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parses wrk's and Gatling's output as they print it and renders the service report, targets included, from a
 * hand-written results directory.
 */
class ServiceReportTest {

    /** Printed by {@code wrk -t2 -c20 -d2s --latency -s benchmarks/wrk-summary.lua} (Debian's wrk 4.1.0). */
    static final String WRK = "Running 2s test @ http://127.0.0.1:18999/work?n=1000\n"
            + "  2 threads and 20 connections\n"
            + "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
            + "    Latency    35.86ms  118.83ms 841.35ms   93.31%\n"
            + "    Req/Sec   775.80    377.13     1.43k    50.00%\n"
            + "  Latency Distribution\n"
            + "     50%    4.86ms\n"
            + "     75%    5.96ms\n"
            + "     90%   19.89ms\n"
            + "     99%  703.31ms\n"
            + "  2350 requests in 2.00s, 1.17MB read\n"
            + "  Socket errors: connect 0, read 3, write 0, timeout 2\n"
            + "  Non-2xx or 3xx responses: 7\n"
            + "Requests/sec:   1172.51\n"
            + "Transfer/sec:    595.42KB\n"
            + "{\"requests\":2350,\"seconds\":2.004262,\"requests_per_second\":1172.51,"
            + "\"latency_us\":{\"p50\":4860,\"p99\":703310,\"p99_9\":839214,\"max\":841350},"
            + "\"errors\":{\"connect\":0,\"read\":3,\"write\":0,\"timeout\":2,\"status\":7}}\n";

    static {
        System.setProperty("java.awt.headless", "true");   // the charts render without a display
    }

    @TempDir
    Path dir;

    @Test
    void parsesWrksOutput() {
        WrkOutput wrk = WrkOutput.parse(WRK);

        assertThat(wrk.requests()).isEqualTo(2350);
        assertThat(wrk.seconds()).isEqualTo(2.004262);
        assertThat(wrk.requestsPerSecond()).isEqualTo(1172.51);
        assertThat(wrk.p50()).isEqualTo(4860.0);
        assertThat(wrk.p99()).isEqualTo(703310.0);
        assertThat(wrk.p999()).isEqualTo(839214.0);
        assertThat(wrk.max()).isEqualTo(841350.0);
        assertThat(wrk.non2xx()).isEqualTo(7);
        assertThat(wrk.socketErrors()).isEqualTo(5);
        assertThatThrownBy(() -> WrkOutput.parse("unable to connect to 127.0.0.1:1 Connection refused"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wrk-summary.lua");
        assertThatThrownBy(() -> WrkOutput.parse(WRK.replace("\"p99_9\":839214,", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not the hook's JSON");
    }

    /** The closing block of a Gatling 3.15 run of {@code FixedRateWork} (its progress lines above are left out). */
    static final String GATLING = "Parsing log file(s) done in 0s.\n"
            + "========================================================================================================================\n"
            + "---- Global Information -------------------------------------------------------------|---Total---|-----OK----|----KO----\n"
            + "> request count                                                                      |     1,500 |     1,497 |         3\n"
            + "> min response time (ms)                                                             |        53 |        53 |        60\n"
            + "> max response time (ms)                                                             |     2,380 |     2,380 |        70\n"
            + "> mean response time (ms)                                                            |     1,045 |     1,045 |        65\n"
            + "> response time std deviation (ms)                                                   |       572 |       572 |         5\n"
            + "> response time 50th percentile (ms)                                                 |     1,098 |     1,098 |        65\n"
            + "> response time 99th percentile (ms)                                                 |     2,349 |     2,339 |        70\n"
            + "> response time 99.9th percentile (ms)                                               |     2,379 |     2,379 |        70\n"
            + "> response time 99.99th percentile (ms)                                              |     2,380 |     2,380 |        70\n"
            + "> mean throughput (rps)                                                              |       375 |       375 |         -\n"
            + "---- Response Time Distribution ----------------------------------------------------------------------------------------\n";

    @Test
    void parsesGatlingsSummary() {
        GatlingOutput gatling = GatlingOutput.parse(GATLING);

        assertThat(gatling.requests()).isEqualTo(1500);
        assertThat(gatling.failed()).isEqualTo(3);
        assertThat(gatling.p50()).isEqualTo(1098.0);
        assertThat(gatling.p99()).isEqualTo(2349.0);
        assertThat(gatling.p999()).isEqualTo(2379.0);
        assertThat(gatling.max()).isEqualTo(2380.0);
        assertThatThrownBy(() -> GatlingOutput.parse("Simulation io.ringlog.examples.load.FixedRateWork started..."))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Global Information");
    }

    @Test
    void rendersMediansRatiosChartsTargetsAndTheDeliveryVerdict() throws IOException {
        for (int repeat = 1; repeat <= 3; repeat++) {
            closed("off", repeat, "cpu", 4000, 5_000);
            closed("sync", repeat, "cpu", 1000, 700_000);
            closed("stock-async", repeat, "cpu", 2000 + repeat, 703_310);
            closed("ringlog", repeat, "cpu", 2500 + 100 * repeat, 100_000);
            closed("off", repeat, "logging", 6000, 4_000);
            closed("sync", repeat, "logging", 1200, 600_000);
            closed("stock-async", repeat, "logging", 2500, 500_000);
            closed("ringlog", repeat, "logging", 4000 - 100 * repeat, 310_000);
            closed("off", repeat, "wait", 500, 21_000);
            closed("ringlog", repeat, "wait", 490, 22_000);
            open("ringlog", repeat, "cpu", 2000, "70%");
            open("stock-async", repeat, "cpu", 1400, "70%");
            delivery("off", repeat, 9000, 0);
            delivery("sync", repeat, 3000, 15_000);
            delivery("stock-async", repeat, 3000, 15_000);
            delivery("ringlog", repeat, 3000, 15_000);
        }
        Files.writeString(dir.resolve("loadavg.tsv"), "logback-off-r1\t0.12\nlogback-sync-r1\t1.50\n", StandardCharsets.UTF_8);

        Properties environment = new Properties();
        environment.setProperty("env.cpu", "AMD EPYC 7B13");
        environment.setProperty("env.cpus", "2");
        environment.setProperty("env.cpu.topology", "2 cores, 1 thread each; virtual machine");

        assertThat(ServiceReport.render(dir, "benchmarks/run service", environment)).isTrue();

        String report = Files.readString(dir.resolve(ServiceReport.REPORT_FILE));
        String machine = "AMD EPYC 7B13, 2 CPUs (2 cores, 1 thread each; virtual machine); services and load generators "
                + "shared them.";
        assertThat(report.substring(0, report.indexOf("## Targets"))).contains("Machine: " + machine);
        assertThat(report.substring(report.indexOf("## Targets"), report.indexOf("| Logback: target")))
                .contains("On " + machine.substring(0, machine.length() - 1) + ": medians of 3 JVMs per variant");
        assertThat(report.substring(report.indexOf("## Logback"), report.indexOf("### CPU-bound")))
                .contains("Measured on " + machine);
        assertThat(report)
                .doesNotContain("One CPU")
                .contains("Command: `benchmarks/run service`")
                .contains("**Ringlog delivered every line**: it wrote all 5 lines of every request its server answered, and so did every other lossless variant.")
                .contains("run 3 times in a rotated order")
                .contains("A flavour's variants run side by side: their JVMs start together and take turns")
                .contains("After every warm-up slice the harness reads the service's logging backlog and request count")
                .contains("| **stock-async** | 2,002 | 2,001–2,003 | ×1.00 | 4.86 ms | 703 ms | 839 ms | 841 ms | 36 |")
                .contains("| ringlog | 2,700 | 2,600–2,800 | ×1.35 |")
                .contains("| off | 4,000 | 4,000–4,000 | ×2.00 |")
                .contains("Open loop (Gatling) at 70% of its closed-loop requests/s:")
                .contains("| ringlog | 2,000/s | 1,098 ms | 2,349 ms | 2,379 ms | 2,380 ms | 9 |")
                .contains("| CPU-bound requests/s ≥ sync + ½ × (off − sync) | 2,700 vs 2,500: 57 % of the way from "
                        + "sync's 1,000 to off's 4,000 | ✓ |")
                .contains("| CPU-bound requests/s ≥ stock-async's | 2,700 vs 2,002 (×1.35) | ✓ |")
                .contains("| CPU-bound p99 ≤ ½ of sync's | 100.0 ms vs 700.0 ms (×0.14) | ✓ |")
                .contains("| CPU-bound CPU per request < stock-async's | 0.638 ms vs 0.638 ms (×1.00) | **✗ missed** |")
                .contains("| logging-heavy requests/s ≥ sync + ½ × (off − sync) | 3,800 vs 3,600: 54 % of the way from "
                        + "sync's 1,200 to off's 6,000 | ✓ |")
                .contains("| logging-heavy requests/s ≥ stock-async's | 3,800 vs 2,500 (×1.52) | ✓ |")
                .contains("| logging-heavy p99 ≤ ½ of sync's | 310.0 ms vs 600.0 ms (×0.52) | **✗ missed** |")
                .contains("### logging-heavy: `GET /work?n=10`")
                .contains("| ringlog | 3,800 | 3,700–3,900 | ×1.52 |")
                .contains("| wait-bound requests/s within 5 % of logging off | 490 vs 500 (×0.980) | ✓ |")
                .contains("| wait-bound p99 within 5 % of logging off | 22.0 ms vs 21.0 ms (×1.048) | ✓ |")
                .contains("✓ 15,000 = 5 × 3,000")
                .contains("logging off (0 lines)")
                .contains("![logback requests/s](service-throughput-logback.png)")
                .contains("load average (1 min) when each variant started: 0.12 to 1.50");
        for (String png : new String[] {"service-throughput-logback.png", "service-p99-logback.png"}) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isGreaterThan(500);
        }
    }

    @Test
    void cpuPerRequestDividesByTheRequestsTheServerCountedInTheCpuWindowWhereTheRowHasThem() throws IOException {
        open("ringlog", 1, "cpu", 2000, "2000");                 // results written before the served column
        open("stock-async", 1, "cpu", 2000, "2000", "2250");     // 1,500 measured + 750 of Gatling's warm-up
        closed("ringlog", 1, "wait", 490, 22_000);
        delivery("ringlog", 1, 3000, 15_000);

        ServiceResults results = ServiceResults.read(dir);

        assertThat(results.open("logback", "ringlog", "cpu", "2000").get(0).cpuMillisPerRequest()).isEqualTo(2.0);
        assertThat(results.open("logback", "stock-async", "cpu", "2000").get(0).cpuMillisPerRequest())
                .isCloseTo(1000 * 3.0 / 2250, within(1e-9));
        assertThat(results.closed("logback", "ringlog", "wait").get(0).cpuMillisPerRequest())
                .isCloseTo(1000 * 1.5 / 2350, within(1e-9));
    }

    @Test
    void linesStillQueuedAtTheEndOfARunAreTakenOffItsRequestsPerSecond() throws IOException {
        // 2 s runs: 5,000 lines left queued = 1,000 requests' lines = 500 requests/s the run did not pay for.
        closed("stock-async", 1, "cpu", 3000, 700_000, 0, 5000);
        closed("ringlog", 1, "cpu", 2800, 300_000, 40, 140);
        closed("sync", 1, "cpu", 1000, 800_000, 0, 0);
        delivery("stock-async", 1, 3000, 15_000);
        delivery("ringlog", 1, 3000, 15_000);

        ServiceResults results = ServiceResults.read(dir);
        assertThat(results.closed("logback", "stock-async", "cpu").get(0).sustainedRequestsPerSecond()).isEqualTo(2500.0);
        assertThat(results.closed("logback", "ringlog", "cpu").get(0).deferredLines()).isEqualTo(100);
        assertThat(results.closed("logback", "sync", "cpu").get(0).sustainedRequestsPerSecond()).isEqualTo(1000.0);

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isTrue();
        assertThat(Files.readString(dir.resolve(ServiceReport.REPORT_FILE)))
                .contains("| **stock-async** | 2,500 |  | ×1.00 |")
                .containsPattern("\\| ringlog \\| 2,790 \\|.*\\| 100 \\| 2,800 \\|\n")
                .containsPattern("\\| \\*\\*stock-async\\*\\* \\|.*\\| 5,000 \\| 3,000 \\|\n")
                .contains("| CPU-bound requests/s ≥ stock-async's | 2,790 vs 2,500 (×1.12) | ✓ |");
    }

    @Test
    void aMissedTargetIsMarkedAndALosslessVariantThatLostALineFailsTheRun() throws IOException {
        closed("stock-async", 1, "cpu", 2000, 700_000);
        closed("ringlog", 1, "cpu", 1900, 300_000);
        closed("off", 1, "cpu", 9000, 1_000);
        delivery("stock-async", 1, 3000, 15_000);
        delivery("ringlog", 1, 3000, 14_999);
        delivery("off", 1, 9000, 0);

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isFalse();
        assertThat(Files.readString(dir.resolve(ServiceReport.REPORT_FILE)))
                .contains("**DELIVERY CHECK FAILED**")
                .contains("logback ringlog, repeat 1: 14,999 of 15,000 lines (1 lost)")
                .contains("**LOST 1** of 15,000")
                .contains("| Ringlog wrote every line | lines lost | **✗ missed** |")
                .contains("| CPU-bound requests/s ≥ stock-async's | 1,900 vs 2,000 (×0.95) | **✗ missed** |")
                .contains("| CPU-bound requests/s ≥ sync + ½ × (off − sync) | sync did not run | not judged |")
                .contains("| CPU-bound p99 ≤ ½ of sync's | sync did not run | not judged |")
                .doesNotContain("logging-heavy requests/s")   // a workload Ringlog did not run has no targets
                .doesNotContain("wait-bound requests/s");
    }

    @Test
    void anotherVariantThatLostALineIsAFindingAndTheRunStaysGreen() throws IOException {
        closed("stock-async", 1, "cpu", 2000, 700_000);
        closed("ringlog", 1, "cpu", 2100, 300_000);
        delivery("stock-async", 1, 3000, 14_999);
        delivery("ringlog", 1, 3000, 15_000);

        String report = renderedReport();
        assertThat(report)
                .contains("**Ringlog delivered every line**")
                .contains("Finding about another setup")
                .contains("logback stock-async, repeat 1: 14,999 of 15,000 lines (1 lost)")
                .contains("| Ringlog wrote every line | none lost | ✓ |")
                .doesNotContain("DELIVERY CHECK FAILED");
        assertThat(report.indexOf("**Ringlog delivered every line**")).isLessThan(report.indexOf("Finding about another setup"));
    }

    @Test
    void withLoggingOffNoFasterThanSynchronousLoggingTheHalfwayTargetIsNotJudged() throws IOException {
        closed("off", 1, "logging", 1500, 400_000);     // a disturbed run: logging off below synchronous logging
        closed("sync", 1, "logging", 1600, 500_000);
        closed("ringlog", 1, "logging", 1400, 200_000);
        delivery("ringlog", 1, 3000, 15_000);

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isTrue();
        assertThat(Files.readString(dir.resolve(ServiceReport.REPORT_FILE)))
                .contains("| logging-heavy requests/s ≥ sync + ½ × (off − sync) | 1,400, but off's 1,500 is not above "
                        + "sync's 1,600: no span to place it in | not judged |")
                .contains("| logging-heavy requests/s ≥ stock-async's | stock-async did not run | not judged |")
                .contains("| logging-heavy p99 ≤ ½ of sync's | 200.0 ms vs 500.0 ms (×0.40) | ✓ |")
                .contains("Machine: CPU model not recorded, ? CPUs; services and load generators shared them.");
    }

    @Test
    void aOneCpuRunSaysSoAtTheTopAndHoldsRinglogToSynchronousLogging() throws IOException {
        Files.writeString(dir.resolve(ServiceResults.SETUP_FILE), "started=2026-11-27T08:00:00+00:00\nrepeats=1\n"
                + "java.opts=-Xms1g -Xmx1g -XX:ActiveProcessorCount=1\nservice.cpus=1\nservice.cpuset=0\n"
                + "load.cpuset=1\nhost.cpus=2\nservice.gc=Serial\n", StandardCharsets.UTF_8);
        closed("sync", 1, "cpu", 5000, 400_000);
        closed("ringlog", 1, "cpu", 5200, 390_000);
        closed("stock-async", 1, "cpu", 6000, 300_000);
        closed("sync", 1, "logging", 7000, 300_000);
        closed("ringlog", 1, "logging", 6900, 290_000);
        closed("off", 1, "wait", 500, 21_000);
        closed("ringlog", 1, "wait", 400, 40_000);
        delivery("sync", 1, 3000, 15_000);
        delivery("ringlog", 1, 3000, 15_000);
        Properties environment = new Properties();
        environment.setProperty("env.cpu", "AMD EPYC 7B13");
        environment.setProperty("env.cpus", "2");

        assertThat(ServiceReport.render(dir, "RINGLOG_SERVICE_CPUS=1 benchmarks/run service quick", environment)).isTrue();

        String report = Files.readString(dir.resolve(ServiceReport.REPORT_FILE));
        assertThat(report)
                .startsWith("# Ringlog in a web service, each service on one CPU\n\n> **One CPU**: each service JVM ran on "
                        + "CPU 0 alone (`taskset -c 0`, `-XX:ActiveProcessorCount=1`; its JVM chose the Serial collector), "
                        + "its load generators on CPU 1 (`taskset -c 1`).")
                .contains("Machine: AMD EPYC 7B13, 2 CPUs; each service on CPU 0 alone (one CPU), its load generators on CPU 1.")
                .contains("Command: `RINGLOG_SERVICE_CPUS=1 benchmarks/run service quick`")
                .contains("its own JVM (`-Xms1g -Xmx1g -XX:ActiveProcessorCount=1`, Serial collector), pinned to CPU 0")
                .contains("| CPU-bound requests/s ≥ sync's, on one CPU | 5,200 vs 5,000 (×1.04) | ✓ |")
                .contains("| logging-heavy requests/s ≥ sync's, on one CPU | 6,900 vs 7,000 (×0.99) | **✗ missed** |")
                .contains("- run started: 2026-11-27T08:00:00+00:00")
                .doesNotContain("½")
                .doesNotContain("stock-async's |")
                .doesNotContain("wait-bound requests/s within");
    }

    @Test
    void severalRoundsPerJvmAreMediansOfEveryRunAndTheReportSaysSo() throws IOException {
        double[] ringlogRates = {1000, 3000, 2200};
        for (int round = 1; round <= 3; round++) {
            closedRound("sync", round, 1000);
            closedRound("stock-async", round, 1500 + round);
            closedRound("ringlog", round, ringlogRates[round - 1]);
        }
        for (String variant : new String[] {"sync", "stock-async", "ringlog"}) {
            delivery(variant, 1, 3000, 15_000);
        }

        String report = renderedReport();
        assertThat(report)
                .contains("medians of one JVM × 3 runs per variant")
                .contains("Each JVM runs each workload's closed loop 3 times, the variants taking turns round after round")
                .contains("| ringlog | 2,200 | 1,000–3,000 |")
                .contains("| CPU-bound requests/s ≥ stock-async's | 2,200 vs 1,502 (×1.46) | ✓ |");
    }

    /** Printed by the driver's {@code thread_report} for a Log4j2 Ringlog run on one CPU (8 s). */
    static final String THREADS = "cpu    6.95 s  voluntary     5099  nonvoluntary     2136  http-nio-N-\n"
            + "cpu    0.57 s  voluntary     1471  nonvoluntary       84  ringlog-OUT\n"
            + "cpu    0.18 s  voluntary        5  nonvoluntary       77  Log4j2-TF-N-Rol\n"
            + "cpu    0.14 s  voluntary       50  nonvoluntary       51  C2 CompilerThre\n"
            + "cpu    0.06 s  voluntary       69  nonvoluntary       42  VM Thread\n"
            + "cpu    0.00 s  voluntary        8  nonvoluntary        0  ringlog-reporte\n";

    @Test
    void threadGroupsAreSummedByTheRoleTheirNamesGive() {
        ThreadUse use = ThreadUse.parse(THREADS);

        assertThat(use.of(ThreadUse.Role.TOMCAT)).isEqualTo(new ThreadUse.Spent(6.95, 5099, 2136));
        assertThat(use.of(ThreadUse.Role.HAND_OFF)).isEqualTo(new ThreadUse.Spent(0.57, 1471, 84));
        assertThat(use.of(ThreadUse.Role.OTHER_LOGGING).sleeps()).isEqualTo(13);   // the rolling file's, the reporter's
        assertThat(use.of(ThreadUse.Role.JVM_AND_REST).cpuSeconds()).isCloseTo(0.20, within(1e-9));
        assertThat(use.all().cpuSeconds()).isCloseTo(7.90, within(1e-9));
        assertThat(use.all().sleeps()).isEqualTo(6702);
        assertThat(use.all().preemptions()).isEqualTo(2390);
        for (String consumer : new String[] {"AsyncAppender-W", "Log4j2-AsyncApp", "Log4j2-TF-N-Asy", "ringlog-FILE"}) {
            assertThat(ThreadUse.Role.of(consumer)).as(consumer).isEqualTo(ThreadUse.Role.HAND_OFF);
        }
        assertThat(ThreadUse.Role.of("ForkJoinPool-N-")).as("a carrier of virtual request threads").isEqualTo(ThreadUse.Role.TOMCAT);
        assertThat(ThreadUse.Role.of("ForkJoinPool.co")).as("the common pool").isEqualTo(ThreadUse.Role.JVM_AND_REST);
        assertThat(ThreadUse.parse("\n").recorded()).isFalse();
        assertThatThrownBy(() -> ThreadUse.parse("cpu 1.00 s  http-nio-N-")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cpu 1.00 s  http-nio-N-");
    }

    @Test
    void eachClosedLoopsThreadsAreReportedPerRequestWhereTheDriverRecordedThem() throws IOException {
        closed("sync", 1, "cpu", 1000, 800_000);
        closed("ringlog", 1, "cpu", 2000, 300_000);
        closed("ringlog", 1, "logging", 2000, 300_000);   // recorded no threads: the workload gets no such table
        delivery("sync", 1, 3000, 15_000);
        delivery("ringlog", 1, 3000, 15_000);
        // 2,350 requests per run (wrk's count: the rows carry no server count)
        Files.writeString(dir.resolve("threads-logback-sync-r1-cpu.txt"),
                "cpu    4.70 s  voluntary    11750  nonvoluntary      470  http-nio-N-\n"
                + "cpu    0.47 s  voluntary      235  nonvoluntary        0  G1 Conc#N\n");
        Files.writeString(dir.resolve("threads-logback-ringlog-r1-cpu.txt"), THREADS.replace("ringlog-OUT", "ringlog-FILE"));

        String report = renderedReport();

        assertThat(report)
                .contains("| variant | CPU µs: Tomcat | hand-off | other logging | JVM and rest | all | sleeps: Tomcat | "
                        + "hand-off | all | preemptions |")
                .contains("| sync | 2000.0 | 0.0 | 0.0 | 200.0 | 2200.0 | 5.00 | 0.00 | 5.10 | 0.20 |")
                .contains("| ringlog | 2957.4 | 242.6 | 76.6 | 85.1 | 3361.7 | 2.17 | 0.63 | 2.85 | 1.02 |");
        assertThat(report.split("sleeps: Tomcat", -1)).hasSize(2);
    }

    /** Renders the report from what the test wrote, without the machine's description, and reads it back. */
    private String renderedReport() throws IOException {
        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isTrue();
        return Files.readString(dir.resolve(ServiceReport.REPORT_FILE));
    }

    /** Round {@code round} of a CPU-bound closed loop in repeat 1's JVM, in a file of its own as the driver names it. */
    @Test
    void bootsDefaultLoggingWithTheStarterIsPlacedBetweenItsSynchronousFormAndLoggingOffAndChecksTheConsoleToo()
            throws IOException {
        closed("off", 1, "cpu", 5000, 5_000);
        closed("ringlog", 1, "cpu", 4000, 100_000);
        closed("starter-sync", 1, "cpu", 2000, 600_000);
        closed("starter", 1, "cpu", 3500, 150_000);
        closed("starter-ecs-sync", 1, "cpu", 1500, 800_000);
        closed("starter-ecs", 1, "cpu", 3000, 200_000);
        closed("starter-vt", 1, "cpu", 3150, 300_000);
        delivery("off", 1, 9000, 0);
        delivery("ringlog", 1, 3000, 15_000);
        delivery("starter-sync", 1, 3000, 15_000, 15_000, "platform");
        delivery("starter", 1, 3000, 15_000, 15_000, "platform");
        delivery("starter-ecs-sync", 1, 3000, 15_000, 15_000, "platform");
        delivery("starter-ecs", 1, 3000, 15_000, 15_000, "platform");
        delivery("starter-vt", 1, 3000, 15_000, 15_000, "virtual");

        assertThat(renderedReport())
                .contains("**Ringlog delivered every line**")
                .contains("| starter-ecs-sync | Boot structured logging, ECS + starter off (`ringlog.enabled=false`: synchronous) |")
                .contains("| starter-vt | Spring Boot default logging + starter, virtual threads |")
                // (3500 - 2000) / (5000 - 2000) = 50 %; 3500 / 4000 = ×0.88; 150 ms / 600 ms = ×0.25
                .contains("| CPU-bound | Spring Boot default logging + starter | 3,500 | 2,000 | 5,000 | 50 % | ×0.88 "
                        + "| 150 ms | 600 ms | ×0.25 | ✓ file and console |")
                .contains("| CPU-bound | Boot structured logging, ECS + starter | 3,000 | 1,500 | 5,000 | 43 % | ×0.75 ")
                .contains("| CPU-bound | starter | 3,500 | 3,150 | ×0.90 | 150 ms | 300 ms | virtual | ✓ file and console |")
                .contains("| starter | 1 | 20 s | 3,000 | 15,000 | ✓ 15,000 = 5 × 3,000 | ✓ 15,000 = 5 × 3,000 | platform |")
                // the starter's variants are not the hand-written peers Ringlog is held to
                .doesNotContain("requests/s ≥ starter");
    }

    @Test
    void aStarterThatLostALineOnTheConsoleFailsTheRunAndItsSynchronousFormIsAFinding() throws IOException {
        closed("starter", 1, "cpu", 3500, 150_000);
        closed("starter-sync", 1, "cpu", 2000, 600_000);
        delivery("starter", 1, 3000, 15_000, 14_998, "platform");
        delivery("starter-sync", 1, 3000, 14_999, 15_000, "platform");

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isFalse();
        assertThat(Files.readString(dir.resolve(ServiceReport.REPORT_FILE)))
                .contains("**DELIVERY CHECK FAILED**")
                .contains("- logback starter, repeat 1: 14,998 of 15,000 lines on the console (2 lost)")
                .contains("Finding about another setup")
                .contains("- logback starter-sync, repeat 1: 14,999 of 15,000 lines (1 lost)");
    }

    private void closedRound(String variant, int round, double rate) throws IOException {
        String file = "wrk-logback-" + variant + "-r1." + round + "-cpu.txt";
        Files.writeString(dir.resolve(file), WRK.replace("1172.51", String.format(Locale.ROOT, "%.2f", rate)), StandardCharsets.UTF_8);
        run(String.join("\t", "logback", variant, "1", "cpu", "2", "closed", "0", "-", "1.50", file, "-", "-", "-"));
    }

    /** A closed-loop run of wrk that answered {@code rate} requests/s with the given p99 (µs), 1.5 CPU seconds. */
    private void closed(String variant, int repeat, String workload, double rate, long p99Micros) throws IOException {
        closed(variant, repeat, workload, rate, p99Micros, -1, -1);
    }

    /** As above, with the events queued in the variant's asynchronous queues before and after the run (-1: none). */
    private void closed(String variant, int repeat, String workload, double rate, long p99Micros, long queuedBefore,
            long queuedAfter) throws IOException {
        String file = "wrk-logback-" + variant + "-r" + repeat + "-" + workload + ".txt";
        Files.writeString(dir.resolve(file), WRK.replace("1172.51", String.format(Locale.ROOT, "%.2f", rate))
                .replace("\"p99\":703310", "\"p99\":" + p99Micros), StandardCharsets.UTF_8);
        run(String.join("\t", "logback", variant, Integer.toString(repeat), workload, "2", "closed", "0", "-", "1.50", file,
                "-", count(queuedBefore), count(queuedAfter)));
    }

    private static String count(long events) {
        return events < 0 ? "-" : Long.toString(events);
    }

    /** An open-loop run of Gatling at {@code rate}, asked for as {@code spec}, that printed {@link #GATLING}. */
    private void open(String variant, int repeat, String workload, double rate, String spec) throws IOException {
        open(variant, repeat, workload, rate, spec, null);
    }

    /** As above, with the server's own count of the requests in the CPU window (null: a row without that column). */
    private void open(String variant, int repeat, String workload, double rate, String spec, String served)
            throws IOException {
        String file = "gatling-logback-" + variant + "-r" + repeat + "-" + workload + "-" + (int) rate + ".txt";
        Files.writeString(dir.resolve(file), GATLING, StandardCharsets.UTF_8);
        String row = String.join("\t", "logback", variant, Integer.toString(repeat), workload, "8", "open",
                Double.toString(rate), spec, "3.00", file);
        run(served == null ? row : row + "\t" + served);
    }

    private void run(String row) throws IOException {
        Path runs = dir.resolve(ServiceResults.RUNS_FILE);
        if (!Files.exists(runs)) {
            Files.writeString(runs, "flavour\tvariant\trepeat\tworkload\tseconds\tloop\trate\trate_spec\tcpu_seconds\tfile\n");
        }
        Files.writeString(runs, row + "\n", StandardOpenOption.APPEND);
    }

    /** As below, with the request lines on the console and what the request threads were. */
    private void delivery(String variant, int repeat, long requests, long lines, long consoleLines, String requestThread)
            throws IOException {
        delivery(variant, repeat, requests, lines);
        Path deliveries = dir.resolve(ServiceResults.DELIVERY_FILE);
        String text = Files.readString(deliveries);
        Files.writeString(deliveries, text.substring(0, text.length() - 1) + "\t" + consoleLines + "\t" + requestThread + "\n");
    }

    private void delivery(String variant, int repeat, long requests, long lines) throws IOException {
        Path deliveries = dir.resolve(ServiceResults.DELIVERY_FILE);
        if (!Files.exists(deliveries)) {
            Files.writeString(deliveries, "flavour\tvariant\trepeat\twork_requests\tlines\tbytes\twarmup_seconds\n");
        }
        Files.writeString(deliveries, String.join("\t", "logback", variant, Integer.toString(repeat),
                Long.toString(requests), Long.toString(lines), Long.toString(lines * 150), "20") + "\n",
                StandardOpenOption.APPEND);
    }
}
