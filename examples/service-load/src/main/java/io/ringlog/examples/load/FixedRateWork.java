package io.ringlog.examples.load;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * Requests to an example service at a fixed rate, for a fixed time: an open model. Each request is a new virtual user
 * started on schedule, whether or not the earlier ones have answered, over a shared pool of kept-alive connections
 * that grows when all are busy. A service that stalls therefore shows in the latencies of the requests scheduled
 * during the stall (no coordinated omission), instead of slowing the load down as a closed loop (wrk) does.
 *
 * <p>Gatling's own JVM starts cold, and a cold load generator sends late and burns the CPU it shares with the
 * service; so it first sends {@code load.warmup.seconds} of the same requests at half the rate, marked silent (left
 * out of every statistic), and only then the measured ones.
 *
 * <p>Parameters, as system properties: {@code load.url} (the whole URL, e.g.
 * {@code http://127.0.0.1:18080/work?n=1000}), {@code load.rate} (requests per second), {@code load.seconds},
 * {@code load.warmup.seconds} (default 0: none).
 */
public class FixedRateWork extends Simulation {

    private final String url = required("load.url");
    private final double rate = Double.parseDouble(required("load.rate"));
    private final int seconds = Integer.parseInt(required("load.seconds"));
    private final int warmupSeconds = Integer.getInteger("load.warmup.seconds", 0);

    private final HttpProtocolBuilder protocol = http
            .shareConnections()
            .disableWarmUp()          // the default warm-up calls a public site; this machine's network is closed
            .disableCaching()
            .disableFollowRedirect()
            .acceptHeader("text/plain");

    private final ScenarioBuilder warmUp = scenario("warm-up").exec(http("warm-up").get(url).silent());
    private final ScenarioBuilder work = scenario("work").exec(http("work").get(url));

    /** Sets up the warm-up, then the measured fixed-rate injection, from the system properties. */
    public FixedRateWork() {
        PopulationBuilder measured = work.injectOpen(constantUsersPerSec(rate).during(seconds));
        if (warmupSeconds > 0) {
            setUp(warmUp.injectOpen(constantUsersPerSec(rate / 2).during(warmupSeconds)).andThen(measured))
                    .protocols(protocol);
        } else {
            setUp(measured).protocols(protocol);
        }
    }

    private static String required(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("system property " + name + " is required");
        }
        return value;
    }
}
