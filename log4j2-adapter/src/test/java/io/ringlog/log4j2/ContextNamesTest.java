package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;

/** A context named after its class loader's identity hash is published as {@code default}; a chosen name is kept. */
class ContextNamesTest {

    @Test
    void aClassLoaderHashIsNoStableName() {
        String hash = Integer.toHexString(System.identityHashCode(getClass().getClassLoader()));
        assertThat(ContextNames.stableName(new LoggerContext(hash))).isNull();
        assertThat(ContextNames.stableName(new LoggerContext("orders"))).isEqualTo("orders");
        assertThat(ContextNames.stableName(new LoggerContext("1f"))).as("hex, but no loader's hash").isEqualTo("1f");
        assertThat(ContextNames.stableName(null)).isNull();
    }

    @Test
    void log4j2sOwnUnnamedContextIsNamedAfterAClassLoader() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        assertThat(ContextNames.isClassLoaderHash(context.getName())).as(context.getName()).isTrue();
    }
}
