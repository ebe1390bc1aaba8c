package io.ringlog.spring.boot.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.logging.RinglogLogbackLoggingSystem;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The native-image hints cover what Joran and Log4j2's plugin system reflect on. Logback's part is checked in this
 * JVM (Logback on the class path); Log4j2's classes are there too (ringlog-log4j2 and log4j-api), but log4j-core is
 * not, so its part is checked in {@code log4j2/RinglogRuntimeHintsLog4j2Test}.
 */
class RinglogRuntimeHintsTest {

    @Test
    void logbacksJoranCanCreateAndConfigureTheAppender() {
        RuntimeHints hints = new RuntimeHints();
        new RinglogRuntimeHints().registerHints(hints, getClass().getClassLoader());
        assertThat(RuntimeHintsPredicates.reflection().onType(io.ringlog.logback.RingAsyncAppender.class)
                .withMemberCategories(MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS, MemberCategory.INVOKE_PUBLIC_METHODS)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of("io.ringlog.log4j2.RingAsyncAppender"))).as("no Log4j2 hint without log4j-core")
                .rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(RinglogLogbackLoggingSystem.Factory.class)
                .withMemberCategory(MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS)).as("the LoggingSystemFactory of spring.factories").accepts(hints);
    }

    @Test
    void isRegisteredInAotFactories() {
        assertThat(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories").load(RuntimeHintsRegistrar.class))
                .hasAtLeastOneElementOfType(RinglogRuntimeHints.class);
    }
}
