package io.ringlog.contract;

/** A framework's logger at INFO, as a method reference ({@code logger::info}): {@code {}} placeholders are filled from {@code args}. */
@FunctionalInterface
public interface InfoLogger {
    void info(String message, Object... args);
}
