package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The GraalVM reachability metadata in the jar covers what Joran reflects on: the appender's public no-argument
 * constructor and its public setters (found through {@code getMethods()}), as the Log4j2 adapter's generated metadata
 * covers {@code <RingAsync>}'s builder.
 */
class NativeImageMetadataTest {
    private static final String METADATA = "/META-INF/native-image/io.ringlog/ringlog-logback/reflect-config.json";

    @Test
    void namesTheAppenderWithItsPublicConstructorsAndMethods() throws IOException {
        String metadata;
        try (InputStream in = RingAsyncAppender.class.getResourceAsStream(METADATA)) {
            assertThat(in).as(METADATA).isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("\\s", "");
        }
        assertThat(metadata).contains("{\"name\":\"" + RingAsyncAppender.class.getName() + "\",")
                .contains("\"allPublicConstructors\":true").contains("\"allPublicMethods\":true");
    }

    @Test
    void whatJoranCallsIsPublic() throws NoSuchMethodException {
        assertThat(Modifier.isPublic(RingAsyncAppender.class.getConstructor().getModifiers())).isTrue();
        assertThat(Arrays.stream(RingAsyncAppender.class.getMethods()).map(Method::getName))
                .contains("setQueueSize", "setFullQueuePolicy", "setMaxBlockTime", "setMaxFlushTime", "addAppender");
    }
}
