package io.ringlog.docs;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Locale;
import java.util.Optional;

/**
 * The JavaBeans naming the frameworks configure by: {@code setQueueSize} sets {@code queueSize}, which
 * {@code getQueueSize} or {@code isQueueSize} reads. Stateless.
 */
public final class BeanAccessors {

    private BeanAccessors() {
    }

    /** The property a public one-argument instance setter sets, if {@code method} is one. */
    public static Optional<String> propertyOf(Method method) {
        String name = method.getName();
        if (!name.startsWith("set") || name.length() == 3 || method.getParameterCount() != 1
                || Modifier.isStatic(method.getModifiers()) || !Modifier.isPublic(method.getModifiers())) {
            return Optional.empty();
        }
        return Optional.of(name.substring(3, 4).toLowerCase(Locale.ROOT) + name.substring(4));
    }

    /** The public no-argument {@code is} or {@code get} method of {@code property}, if there is one. */
    public static Optional<Method> getter(Class<?> type, String property) {
        String suffix = property.substring(0, 1).toUpperCase(Locale.ROOT) + property.substring(1);
        for (String prefix : new String[] {"is", "get"}) {
            try {
                return Optional.of(type.getMethod(prefix + suffix));
            } catch (NoSuchMethodException absent) {
                // try the other prefix
            }
        }
        return Optional.empty();
    }

    /** Calls {@code method} on {@code target}; a failure is the test's. */
    public static Object invoke(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("Cannot call " + method, e);
        }
    }

    /** A value of {@code type} that no default of ours has, to see which property a setter changes. */
    public static Object sample(Class<?> type) {
        if (type == int.class) {
            return 4099;
        }
        if (type == long.class) {
            return 4099L;
        }
        if (type == String.class) {
            return "4099";
        }
        throw new AssertionError("No sample value for a setter taking " + type);
    }
}
