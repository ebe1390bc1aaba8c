package io.ringlog.log4j2;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * The name under which Ringlog publishes a Log4j2 {@link LoggerContext} (the {@code context} tag of its meters and key
 * of its MBean). A context nobody named is named by Log4j2's {@code ClassLoaderContextSelector} after its class loader's
 * identity hash, which changes at every start; such a name becomes {@code null} (published as {@code default}), so
 * that dashboards and alerts keep matching across restarts. Any thread.
 */
final class ContextNames {

    private ContextNames() {
    }

    /** The context's name, or null if it has none a person gave it. */
    static String stableName(LoggerContext context) {
        if (context == null) {
            return null;
        }
        String name = context.getName();
        return name == null || isClassLoaderHash(name) ? null : name;
    }

    /**
     * True if {@code name} is the hexadecimal identity hash of a class loader that Log4j2 may have named the context
     * after: this class's loader, the thread's context class loader, or one of their parents.
     */
    static boolean isClassLoaderHash(String name) {
        Set<ClassLoader> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ClassLoader start : new ClassLoader[] {ContextNames.class.getClassLoader(), Thread.currentThread().getContextClassLoader()}) {
            for (ClassLoader loader = start; loader != null && seen.add(loader); loader = loader.getParent()) {
                if (name.equals(Integer.toHexString(System.identityHashCode(loader)))) {
                    return true;
                }
            }
        }
        return false;
    }
}
