package io.ringlog.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.micrometer.autoconfigure.RinglogMetricsAutoConfiguration;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The binder runs on Java 11 like the adapters; only the Spring Boot 4 auto-configuration needs Java 17. */
class ClassFileVersionTest {

    private static int major(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class");
             DataInputStream data = new DataInputStream(in)) {
            data.readInt();
            data.readUnsignedShort();
            return data.readUnsignedShort();
        }
    }

    @Test
    void theBinderTargetsJava11AndTheAutoConfigurationJava17() throws IOException {
        assertThat(major(RinglogMetrics.class)).isEqualTo(55);
        assertThat(major(RegistryBinding.class)).isEqualTo(55);
        assertThat(major(RinglogMetricsAutoConfiguration.class)).isEqualTo(61);
    }
}
