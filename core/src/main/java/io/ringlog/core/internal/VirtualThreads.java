package io.ringlog.core.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Tells a virtual thread from a platform one on any Java from 11 on ({@code Thread.isVirtual()} exists from 21; before
 * it every thread is a platform thread). For the slow path of the {@link CapacityGate}: a virtual thread may be
 * unmounted and unable to get a carrier, so nothing there may wait for one to run. Any thread.
 */
final class VirtualThreads {
    /** {@code Thread.isVirtual()}, or null before Java 21. */
    private static final MethodHandle IS_VIRTUAL = lookUp();

    private VirtualThreads() {
    }

    /** True if {@code thread} is a virtual thread. */
    static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible); // isVirtual() declares no checked exception
        }
    }

    private static MethodHandle lookUp() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException beforeJava21) {
            return null;
        }
    }
}
