package io.ringlog.benchmarks.support;

/**
 * The event every benchmark logs: {@value #TEMPLATE} with two parameters that need no allocation (an
 * interned string and a cached Integer), so that allocation measured per call belongs to the logging path.
 */
public final class Messages {

    /** The parameterised message, in the placeholder syntax both frameworks share. */
    public static final String TEMPLATE = "order {} filled for {} units";
    /** The logger name both frameworks use. */
    public static final String LOGGER = "io.ringlog.bench.Orders";
    private static final String ORDER = "A-4711";
    private static final Integer[] QUANTITIES = new Integer[128];

    static {
        for (int i = 0; i < QUANTITIES.length; i++) {
            QUANTITIES[i] = i;
        }
    }

    private Messages() {
    }

    /** The first parameter. */
    public static String order() {
        return ORDER;
    }

    /** The second parameter for the given call: one of 128 shared boxes. */
    public static Integer quantity(int sequence) {
        return QUANTITIES[sequence & 127];
    }
}
