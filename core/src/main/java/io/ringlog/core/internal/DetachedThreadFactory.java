package io.ringlog.core.internal;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.ThreadFactory;

/**
 * Creates named daemon threads that carry nothing of the thread that happened to create them, for a thread that
 * serves every pipeline of Ringlog's class loader rather than the one whose call started it. Such a thread must
 * not keep an application's class loader reachable after that application is undeployed. Any thread.
 *
 * <p>What a new {@link Thread} would otherwise take from its creator, and what is done instead:
 * <ul>
 * <li>the context class loader: set to Ringlog's own loader (which the thread's code pins anyway);
 * <li>the values of {@link InheritableThreadLocal}s: not copied ({@code inheritThreadLocals = false});
 * <li>the inherited access control context (Java 11 to 23 capture the protection domains of every frame on the
 * creator's stack, each of which holds its class loader): the thread is created inside
 * {@link AccessController#doPrivileged}, so only this class's frame and the JDK's below it are captured. From
 * Java 24 a thread captures no such context and {@code doPrivileged} just runs the action.
 * </ul>
 *
 * <p>Implementation notes: stateless but for the final name; the new thread is published to its caller by the
 * return, and started by that caller.
 */
final class DetachedThreadFactory implements ThreadFactory {
    private final String name;

    DetachedThreadFactory(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(Runnable task) {
        return AccessController.doPrivileged((PrivilegedAction<Thread>) () -> {
            Thread thread = new Thread(null, task, name, 0, false);
            thread.setDaemon(true);
            thread.setContextClassLoader(DetachedThreadFactory.class.getClassLoader());
            return thread;
        });
    }
}
