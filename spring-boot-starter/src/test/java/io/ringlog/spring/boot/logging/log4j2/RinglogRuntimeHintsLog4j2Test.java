package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.aot.RinglogRuntimeHints;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

/** Log4j2's part of the native-image hints: {@code newBuilder()}, the builder's fields and the plugin index. */
class RinglogRuntimeHintsLog4j2Test {

    @Test
    void log4j2sPluginSystemCanFindBuildAndConfigureRingAsync() throws Exception {
        RuntimeHints hints = new RuntimeHints();
        new RinglogRuntimeHints().registerHints(hints, getClass().getClassLoader());
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(RingAsyncAppender.class.getMethod("newBuilder"))).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(RingAsyncAppender.Builder.class)
                .withMemberCategories(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS, MemberCategory.INVOKE_PUBLIC_METHODS)).accepts(hints);
        for (String name : new String[] {"bufferSize", "blocking", "shutdownTimeout", "fullQueuePolicy", "appenderRefs"}) {
            Field field = RingAsyncAppender.Builder.class.getDeclaredField(name);
            assertThat(RuntimeHintsPredicates.reflection().onFieldAccess(field)).as(name).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.resource().forResource(RinglogRuntimeHints.LOG4J2_PLUGIN_INDEX)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of("io.ringlog.logback.RingAsyncAppender"))).as("no Logback hint without Logback")
                .rejects(hints);
    }
}
