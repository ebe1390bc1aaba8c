package io.ringlog.benchmarks.footprint;

import java.util.Collections;

/**
 * The events a footprint run writes into every slot, in this order: each leaves in a Log4j2 slot what the one before
 * left, or more (a slot's text buffer only grows, up to Log4j2's limit of 518 characters kept after delivery, and
 * keeps two bytes per character once it has held text outside Latin-1). Every event has three parameters (an order id,
 * a quantity and a detail, empty in the short one) and one context (MDC) entry.
 */
enum EventShape {
    /** {@code order A-4711 filled for 7 units}: a typical line. */
    SHORT(""),
    /** A line of about 660 Latin-1 characters. */
    LONG_LATIN1(": " + Collections.nCopies(60, "ligne-éèà")),
    /** A line of about 660 characters, some outside Latin-1 (the euro sign): UTF-16 in a Java string. */
    LONG_UTF16(": " + Collections.nCopies(60, "preis-€-5"));

    /** The MDC / ThreadContext key every event carries, as the example services' request id. */
    static final String CONTEXT_KEY = "requestId";
    /** Its value. */
    static final String CONTEXT_VALUE = "9654e67ca61-1";
    /** The parameterised message, in the placeholder syntax both frameworks share. */
    static final String TEMPLATE = "order {} filled for {} units{}";
    /** The first parameter of every event. */
    static final String ORDER = "A-4711";

    private final String detail;

    EventShape(String detail) {
        this.detail = detail;
    }

    /** The third parameter. */
    String detail() {
        return detail;
    }

    /** The length of the formatted message with a two-digit quantity, for the report. */
    int formattedLength() {
        return TEMPLATE.replace("{}", "").length() + ORDER.length() + 2 + detail.length();
    }
}
