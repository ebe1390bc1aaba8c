package io.ringlog.examples.service;

import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /work?n=1000&delayMs=0}: counts the primes up to {@code n}, waits {@code delayMs} as a stand-in for a
 * downstream call, and returns the count. Every 100th request logs a WARN, every 500th an ERROR with a stack trace;
 * all of them still answer 200.
 */
@RestController
public class WorkController {

    private static final Logger LOG = LoggerFactory.getLogger(WorkController.class);

    private final WorkService work;

    /**
     * @param work the computation
     */
    public WorkController(WorkService work) {
        this.work = work;
    }

    /**
     * @param n upper bound of the primes counted, {@code 1..1_000_000}
     * @param delayMs simulated downstream latency in milliseconds, {@code 0..10_000}
     * @param request the request, for its sequence number
     * @return the number of primes up to {@code n}
     * @throws InterruptedException if the server interrupts the request thread
     */
    @GetMapping("/work")
    public String work(@RequestParam(name = "n", defaultValue = "1000") int n,
            @RequestParam(name = "delayMs", defaultValue = "0") long delayMs,
            HttpServletRequest request) throws InterruptedException {
        int bound = Math.max(1, Math.min(n, 1_000_000));
        LOG.debug("work requested n={} delayMs={}", bound, delayMs);
        long sequence = RequestIdFilter.sequence(request);
        if (sequence % 100 == 0) {
            LOG.warn("request {} is the 100th since the last warning: downstream is slow, using the cached rates",
                    sequence);
        }
        if (sequence % 500 == 0) {
            try {
                work.lookUpRates(bound);
            } catch (IllegalStateException e) {
                LOG.error("rate look-up failed for n={}, answered from the cache", bound, e);
            }
        }
        int primes = work.countPrimes(bound);
        if (delayMs > 0) {
            Thread.sleep(Math.min(delayMs, 10_000));
        }
        LOG.info("responding primes={}", primes);
        return Integer.toString(primes);
    }
}
