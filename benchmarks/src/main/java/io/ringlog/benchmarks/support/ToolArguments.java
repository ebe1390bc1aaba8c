package io.ringlog.benchmarks.support;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * The command line of one of the benchmarks' tools (a {@code main} the scripts call), parsed by jopt-simple (on the
 * class path with JMH): the tool declares its options on {@link #options()}, then {@link #parse} checks them, converts
 * their values and counts the plain arguments. On a mistake it prints what is wrong, the usage line and the options to
 * standard error, and exits with status 1. Not thread-safe; one per {@code main}.
 */
public final class ToolArguments {
    private final OptionParser parser = new OptionParser();
    private final String usage;
    private final int minPlain;
    private final int maxPlain;

    /**
     * @param usage the usage line ({@code "usage: HeapReport DIR --command COMMAND"})
     * @param minPlain the fewest arguments that are not options
     * @param maxPlain the most
     */
    public ToolArguments(String usage, int minPlain, int maxPlain) {
        this.usage = usage;
        this.minPlain = minPlain;
        this.maxPlain = maxPlain;
    }

    /** The parser, to declare the tool's options on. */
    public OptionParser options() {
        return parser;
    }

    /** Parses {@code args}, or exits with status 1 after saying what is wrong ({@link #fail}). */
    public OptionSet parse(String... args) {
        try {
            return check(args);
        } catch (IllegalArgumentException e) {
            throw fail(e.getMessage());
        }
    }

    /**
     * Prints {@code problem}, the usage and the options to standard error and exits with status 1: for a mistake the
     * tool finds in arguments that parsed (an unknown mode, a missing directory). Returns nothing; declared to return an
     * error so that a caller can write {@code throw fail(...)}.
     */
    public Error fail(String problem) {
        System.err.println(problem);
        System.err.println(usage);
        try {
            parser.printHelpOn(System.err);
        } catch (IOException io) {
            // standard error is gone: the exit status still says it
        }
        System.exit(1);
        return new AssertionError("exit returned");
    }

    /**
     * Parses {@code args}: the options known, their values converted, the plain arguments counted.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    OptionSet check(String... args) {
        try {
            OptionSet set = parser.parse(args);
            for (OptionSpec<?> spec : set.specs()) {
                set.valuesOf(spec); // converts each value now, so that a bad one is reported here, not thrown later
            }
            int plain = set.nonOptionArguments().size();
            if (plain < minPlain || plain > maxPlain) {
                throw new IllegalArgumentException(minPlain == maxPlain
                        ? "expected " + minPlain + " argument(s) besides the options, got " + plain
                        : "expected " + minPlain + " to " + maxPlain + " arguments besides the options, got " + plain);
            }
            return set;
        } catch (OptionException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The arguments that are not options, as strings. */
    public static List<String> plain(OptionSet set) {
        return set.nonOptionArguments().stream().map(String::valueOf).collect(Collectors.toList());
    }
}
