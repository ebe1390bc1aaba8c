package io.ringlog.core.internal;

import java.util.function.Consumer;

/**
 * Runs the given action with itself on the stack: {@link ReportSchedulerTest} loads it in a class loader of its own, so
 * that a thread created by the action is created from a frame of that loader, as from an application's code.
 */
public final class CallThrough implements Consumer<Runnable> {
    @Override
    public void accept(Runnable action) {
        action.run();
    }
}
