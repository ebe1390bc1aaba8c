package io.ringlog.examples.testing;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged service, under load, stopped by SIGTERM: it finishes what is in flight, exits within its grace period,
 * and every request that got a 200 has all its lines in the log files, followed by the lines Spring Boot logs while
 * it closes. A subclass runs in failsafe after {@code package}, which passes the repackaged jar as the system
 * property {@value #JAR_PROPERTY}.
 *
 * <p>Twice: as configured, where Spring Boot stops the logging framework once the context is closed; and with
 * {@code logging.register-shutdown-hook=false}, where nothing stops it and Ringlog's own exit drain
 * ({@code drainOnExit}) has to deliver the queue. (Under this light load the stock async appenders pass both too:
 * their queue is nearly empty when the JVM halts.)
 *
 * <p>The exit status is {@value #SIGTERM_EXIT_STATUS}, not 0: the JVM ends a SIGTERM-initiated shutdown with
 * {@code 128 + 15} once the shutdown hooks (Spring Boot's among them) have run, and Spring Boot does not change it.
 * A shell, systemd ({@code SuccessExitStatus=143}) and Kubernetes read it as "stopped by SIGTERM".
 */
public abstract class GracefulShutdownContract {

    /** The system property naming the jar to run. */
    public static final String JAR_PROPERTY = "example.jar";

    /** What a JVM stopped by SIGTERM returns after running its shutdown hooks: 128 + 15. */
    public static final int SIGTERM_EXIT_STATUS = 143;

    /** {@code spring.lifecycle.timeout-per-shutdown-phase}: the grace period the service is started with. */
    private static final Duration GRACE_PERIOD = Duration.ofSeconds(10);

    private static final Duration LOAD_BEFORE_SIGTERM = Duration.ofSeconds(2);
    private static final int CLIENTS = 4;
    // Half the clients wait in the service (a downstream call) so that requests are in flight when SIGTERM arrives.
    private static final long SLOW_CLIENT_DELAY_MS = 100;

    private static final Pattern PORT = Pattern.compile("Tomcat started on port\\(?s?\\)?:? (\\d+)");

    private record Answered(String requestId, long completedNanos) {
    }

    @TempDir
    Path dir;

    @ParameterizedTest(name = "logging.register-shutdown-hook={0}")
    @ValueSource(booleans = {true, false})
    void sigtermUnderLoadLosesNoLineOfAnAnsweredRequest(boolean loggingShutdownHook) throws Exception {
        String jar = System.getProperty(JAR_PROPERTY);
        assertThat(jar).as("the system property %s: run by failsafe after package", JAR_PROPERTY).isNotNull();
        Path logFile = dir.resolve("service.log");
        Path console = dir.resolve("console.txt");
        Process service = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short-lived service on a shared 2-core CI machine: C1 only starts it in about half the time
                "-XX:TieredStopAtLevel=1", "-Xmx256m",
                "-jar", jar,
                "--server.port=0",
                "--logging.file.name=" + logFile,
                "--server.shutdown=graceful",
                "--spring.lifecycle.timeout-per-shutdown-phase=" + GRACE_PERIOD.toSeconds() + "s",
                "--logging.register-shutdown-hook=" + loggingShutdownHook)
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        List<Thread> clients = new ArrayList<>();
        try {
            int port = await().atMost(90, SECONDS).pollInterval(100, MILLISECONDS)
                    .until(() -> port(service, console), p -> p > 0);

            Queue<Answered> answered = new ConcurrentLinkedQueue<>();
            AtomicInteger refused = new AtomicInteger();
            for (int i = 0; i < CLIENTS; i++) {
                long delayMs = i % 2 == 0 ? 0 : SLOW_CLIENT_DELAY_MS;
                Thread client = new Thread(() -> load(new WorkClient(port), delayMs, service, answered, refused),
                        "load-" + i);
                client.start();
                clients.add(client);
            }
            await().pollDelay(LOAD_BEFORE_SIGTERM).atMost(60, SECONDS).until(() -> answered.size() >= 100);

            long sigterm = System.nanoTime();
            service.destroy(); // SIGTERM on Linux and macOS; the clients go on
            boolean exited = service.waitFor(GRACE_PERIOD.toMillis(), MILLISECONDS);
            Duration shutdown = Duration.ofNanos(System.nanoTime() - sigterm);
            for (Thread client : clients) {
                client.join(SECONDS.toMillis(40));
            }

            assertThat(exited).as("exited within the grace period of %s", GRACE_PERIOD).isTrue();
            assertThat(service.exitValue()).as("exit status after SIGTERM").isEqualTo(SIGTERM_EXIT_STATUS);
            long answeredAfterSigterm = answered.stream().filter(a -> a.completedNanos() - sigterm > 0).count();
            System.out.printf("%d requests answered (%d after SIGTERM), %d refused; shutdown took %d ms%n",
                    answered.size(), answeredAfterSigterm, refused.get(), shutdown.toMillis());
            assertThat(answeredAfterSigterm).as("requests in flight at SIGTERM that were still answered").isPositive();

            ServiceLog log = new ServiceLog(logFile);
            Map<String, List<String>> byId = log.linesByRequestId();
            List<String> incomplete = answered.stream()
                    .filter(a -> !ServiceLog.missingMessages(byId.getOrDefault(a.requestId(), List.of())).isEmpty())
                    .map(a -> a.requestId() + " lacks " + ServiceLog.missingMessages(
                            byId.getOrDefault(a.requestId(), List.of())))
                    .toList();
            assertThat(incomplete).as("answered requests with lines missing from %s", logFile).isEmpty();
            List<String> lines = log.lines();
            assertThat(lines).as("Spring Boot's shutdown lines")
                    .anyMatch(l -> l.contains("Commencing graceful shutdown"))
                    .anyMatch(l -> l.contains("Graceful shutdown complete"));
            // Tomcat reports the graceful shutdown complete once no request is active, and a request logs its access
            // line before it ends: the order in the file is the order in which the threads logged.
            Set<String> answeredIds = answered.stream().map(Answered::requestId).collect(Collectors.toSet());
            int lastAnsweredLine = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (answeredIds.contains(ServiceLog.requestId(lines.get(i)))) {
                    lastAnsweredLine = i;
                }
            }
            int complete = lines.indexOf(lines.stream().filter(l -> l.contains("Graceful shutdown complete"))
                    .findFirst().orElseThrow());
            assertThat(complete).as("'Graceful shutdown complete' after the last line of an answered request")
                    .isGreaterThan(lastAnsweredLine);
        } finally {
            service.destroyForcibly();
            for (Thread client : clients) {
                client.interrupt();
            }
            System.out.println("--- the service's console ---");
            System.out.println(Files.readString(console, StandardCharsets.UTF_8));
        }
    }

    private static void load(WorkClient client, long delayMs, Process service, Queue<Answered> answered,
            AtomicInteger refused) {
        while (service.isAlive()) {
            try {
                WorkClient.Answer answer = client.work(2_000, delayMs);
                if (answer.status() == 200) {
                    answered.add(new Answered(answer.requestId(), System.nanoTime()));
                } else {
                    refused.incrementAndGet();
                }
            } catch (IOException e) {
                refused.incrementAndGet(); // the connector is closed during the graceful shutdown
                try {
                    Thread.sleep(5); // pacing, not synchronisation: do not spin on refused connections
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static int port(Process service, Path console) throws IOException {
        assertThat(service.isAlive()).as("the service is running (see its console below)").isTrue();
        Matcher m = PORT.matcher(Files.readString(console, StandardCharsets.UTF_8));
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
