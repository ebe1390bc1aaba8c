package io.ringlog.core;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.function.Supplier;

/**
 * A second copy of core's classes in a class loader of its own, as a servlet container gives each web application:
 * its static state is its own while the platform MBean server is shared. Closing it closes the class loader.
 */
final class OtherClassLoaderRinglog implements AutoCloseable {
    private final URLClassLoader loader;
    private final Method register;
    private final Object status;

    OtherClassLoaderRinglog() throws ReflectiveOperationException {
        URL coreClasses = AsyncAppenderMBeans.class.getProtectionDomain().getCodeSource().getLocation();
        loader = new URLClassLoader(new URL[] {coreClasses}, ClassLoader.getPlatformClassLoader());
        Class<?> mbeans = loader.loadClass(AsyncAppenderMBeans.class.getName());
        Class<?> reporter = loader.loadClass(StatusReporter.class.getName());
        if (mbeans == AsyncAppenderMBeans.class) {
            throw new IllegalStateException("core's classes were not loaded a second time");
        }
        register = mbeans.getMethod("register", String.class, Object.class, String.class, String.class, String.class,
                Supplier.class, reporter);
        status = Proxy.newProxyInstance(loader, new Class<?>[] {reporter}, (proxy, method, args) -> null);
    }

    /** Registers through the other copy, for a context of its own; its counters are not meant to be read. */
    AutoCloseable register(String framework, String contextName, String appender) throws ReflectiveOperationException {
        Supplier<Object> noStats = () -> null;
        return (AutoCloseable) register.invoke(null, framework, new Object(), contextName, appender, null, noStats, status);
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
