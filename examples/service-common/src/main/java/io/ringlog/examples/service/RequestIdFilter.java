package io.ringlog.examples.service;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives each request an id, unique across runs, in the MDC ({@value #MDC_KEY}) and in the
 * {@value #REQUEST_ID_HEADER} response header, and logs an access-style INFO line when the request is done.
 * Thread-safe: any request thread.
 */
@Component
public class RequestIdFilter extends OncePerRequestFilter {

    /** The MDC key of the request id; the logging configurations print it as {@code [%X{requestId}]}. */
    public static final String MDC_KEY = "requestId";

    /** The response header that carries the request id. */
    public static final String REQUEST_ID_HEADER = "X-Request-Id";

    private static final String SEQUENCE_ATTRIBUTE = RequestIdFilter.class.getName() + ".sequence";

    private static final Logger ACCESS = LoggerFactory.getLogger("io.ringlog.examples.access");

    // A random prefix per process keeps ids unique in a log file that several runs append to.
    private final String prefix = Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
    private final AtomicLong sequence = new AtomicLong();

    /**
     * The request's number in this process (1, 2, ...), which decides its occasional WARN and ERROR lines.
     *
     * @param request a request this filter has seen
     * @return its sequence number
     */
    public static long sequence(HttpServletRequest request) {
        return (Long) request.getAttribute(SEQUENCE_ATTRIBUTE);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long number = sequence.incrementAndGet();
        String id = prefix + "-" + number;
        request.setAttribute(SEQUENCE_ATTRIBUTE, number);
        response.setHeader(REQUEST_ID_HEADER, id);
        MDC.put(MDC_KEY, id);
        long start = System.nanoTime();
        // An exception leaving the chain becomes a 500 after this filter; the status set so far would say 200.
        String status = "500";
        try {
            chain.doFilter(request, response);
            status = Integer.toString(response.getStatus());
        } finally {
            String query = request.getQueryString();
            ACCESS.info("{} {}{} {} {} us", request.getMethod(), request.getRequestURI(),
                    query == null ? "" : "?" + query, status, (System.nanoTime() - start) / 1_000);
            MDC.remove(MDC_KEY);
        }
    }
}
