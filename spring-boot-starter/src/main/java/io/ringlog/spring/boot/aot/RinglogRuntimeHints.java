package io.ringlog.spring.boot.aot;

import java.lang.reflect.Field;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * What a native image needs to create Ringlog's appenders from a logging configuration file: Logback's Joran calls
 * {@code RingAsyncAppender}'s public constructor, setters and {@code addAppender} reflectively; Log4j2's plugin system
 * finds {@code <RingAsync>} through its plugin index, calls {@code newBuilder()} and sets the builder's fields. Each
 * framework's part is registered only when its adapter and framework are on the class path. With Logback, the starter's
 * {@code LoggingSystemFactory} too, which {@code SpringFactoriesLoader} creates reflectively. Registered in
 * {@code META-INF/spring/aot.factories}.
 */
public class RinglogRuntimeHints implements RuntimeHintsRegistrar {

    /** Log4j2's plugin index in {@code ringlog-log4j2}'s jar. */
    public static final String LOG4J2_PLUGIN_INDEX = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";

    private static final String LOGBACK_APPENDER = "io.ringlog.logback.RingAsyncAppender";
    private static final String LOGGING_SYSTEM_FACTORY = "io.ringlog.spring.boot.logging.RinglogLogbackLoggingSystem$Factory";
    private static final String LOG4J2_APPENDER = "io.ringlog.log4j2.RingAsyncAppender";
    private static final String LOG4J2_BUILDER = LOG4J2_APPENDER + "$Builder";

    @Override
    public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
        if (ClassUtils.isPresent("ch.qos.logback.classic.LoggerContext", classLoader)
                && ClassUtils.isPresent(LOGBACK_APPENDER, classLoader)) {
            hints.reflection().registerType(ClassUtils.resolveClassName(LOGBACK_APPENDER, classLoader),
                    MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS, MemberCategory.INVOKE_PUBLIC_METHODS);
        }
        if (ClassUtils.isPresent("ch.qos.logback.classic.LoggerContext", classLoader)) {
            // Listed in META-INF/spring.factories: SpringFactoriesLoader calls its constructor reflectively.
            hints.reflection().registerType(TypeReference.of(LOGGING_SYSTEM_FACTORY), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        }
        if (ClassUtils.isPresent("org.apache.logging.log4j.core.LoggerContext", classLoader)
                && ClassUtils.isPresent(LOG4J2_APPENDER, classLoader)) {
            hints.reflection().registerType(ClassUtils.resolveClassName(LOG4J2_APPENDER, classLoader),
                    MemberCategory.INVOKE_PUBLIC_METHODS);
            Class<?> builder = ClassUtils.resolveClassName(LOG4J2_BUILDER, classLoader);
            hints.reflection().registerType(builder, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS, MemberCategory.INVOKE_PUBLIC_METHODS);
            // The plugin builder sets the annotated fields of the builder and of its superclasses directly.
            for (Class<?> type = builder; type != null && type != Object.class; type = type.getSuperclass()) {
                for (Field field : type.getDeclaredFields()) {
                    if (!field.isSynthetic()) {
                        hints.reflection().registerField(field);
                    }
                }
            }
            hints.resources().registerPattern(LOG4J2_PLUGIN_INDEX);
        }
    }
}
