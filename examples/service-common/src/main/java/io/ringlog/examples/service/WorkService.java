package io.ringlog.examples.service;

import java.util.BitSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** The small computation a request does, logged as service code does. Thread-safe: stateless. */
@Service
public class WorkService {

    private static final Logger LOG = LoggerFactory.getLogger(WorkService.class);

    /**
     * Counts the primes up to {@code n} with a sieve; logs a DEBUG line before and an INFO line after.
     *
     * @param n the upper bound, at least 1
     * @return how many primes are {@code <= n}
     */
    public int countPrimes(int n) {
        LOG.debug("computing primes up to {}", n);
        long start = System.nanoTime();
        BitSet composite = new BitSet(n + 1);
        int count = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite.get(i)) {
                count++;
                for (long j = (long) i * i; j <= n; j += i) {
                    composite.set((int) j);
                }
            }
        }
        LOG.info("computed {} primes up to {} in {} us", count, n, (System.nanoTime() - start) / 1_000);
        return count;
    }

    /**
     * A downstream call that fails, for the occasional stack trace in the log.
     *
     * @param n the request's bound
     * @throws IllegalStateException always
     */
    public void lookUpRates(int n) {
        throw new IllegalStateException("rates service unavailable for n=" + n,
                new java.net.ConnectException("Connection refused"));
    }
}
