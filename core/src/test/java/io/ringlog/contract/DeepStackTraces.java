package io.ringlog.contract;

/** Exceptions with deep stack traces, as an error storm logs them: each from {@code depth} frames of recursion. */
public final class DeepStackTraces {
    private DeepStackTraces() {
    }

    /** An exception thrown {@code depth} frames below the caller, with {@code message}. */
    public static IllegalStateException exception(String message, int depth) {
        try {
            descend(message, depth);
            throw new AssertionError("unreachable");
        } catch (IllegalStateException thrown) {
            return thrown;
        }
    }

    private static void descend(String message, int depth) {
        if (depth <= 0) {
            throw new IllegalStateException(message);
        }
        descend(message, depth - 1);
    }
}
