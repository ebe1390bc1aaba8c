package io.ringlog.benchmarks.heap;

/**
 * The failures every run logs, the same in every JVM: event {@code i} carries an exception of its own, thrown
 * {@code frames} deep, whose message names the request ({@code connection refused (request 17)}) and whose stack trace
 * differs from every other one of the first 2<sup>14</sup>: at each level the recursion goes through {@code left} or
 * {@code right} as bit {@code level % 14} of {@code i} says, as requests that fail along different paths. Nothing of
 * the exception (no {@code getStackTrace()}) is touched here, so each framework pays for what it builds from it.
 */
final class DatabaseDown {

    private static final int PATH_BITS = 14;

    private DatabaseDown() {
    }

    /** The event's message. */
    static String message(int i) {
        return "request " + i + " failed: database down";
    }

    /** The message of event {@code i}'s exception. */
    static String thrownMessage(int i) {
        return "connection refused (request " + i + ")";
    }

    /**
     * An exception whose stack trace is {@code frames} deep (at least {@code callerFrames + 2}) when this is called
     * from a frame with {@code callerFrames} frames at and below it (see {@link #depth()}).
     */
    static RuntimeException exception(int i, int frames, int callerFrames) {
        // below the one that creates the exception: this method's frame, and one per level before the last
        int last = Math.max(0, frames - callerFrames - 2);
        return turnsRight(i, 0) ? right(i, 0, last) : left(i, 0, last);
    }

    /** The frames at and below the caller of this method, as an exception created there would count them. */
    static int depth() {
        return StackWalker.getInstance().walk(frames -> (int) frames.count()) - 1;
    }

    private static boolean turnsRight(int i, int level) {
        return ((i >>> (level % PATH_BITS)) & 1) != 0;
    }

    private static RuntimeException left(int i, int level, int last) {
        if (level == last) {
            return new IllegalStateException(thrownMessage(i));
        }
        return turnsRight(i, level + 1) ? right(i, level + 1, last) : left(i, level + 1, last);
    }

    private static RuntimeException right(int i, int level, int last) {
        if (level == last) {
            return new IllegalStateException(thrownMessage(i));
        }
        return turnsRight(i, level + 1) ? right(i, level + 1, last) : left(i, level + 1, last);
    }
}
