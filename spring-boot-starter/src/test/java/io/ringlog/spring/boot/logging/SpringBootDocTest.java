package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.RinglogProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/spring-boot.md} quotes what the starter does: its property table (names and defaults) is the generated
 * configuration metadata, and its quoted INFO lines and appender name are the code's.
 */
class SpringBootDocTest {
    private static final Path DOC = Path.of("..", "docs", "spring-boot.md");
    private static final Path METADATA = Path.of("target", "classes", "META-INF", "spring-configuration-metadata.json");
    private static final Pattern DOC_ROW = Pattern.compile("^\\| `(ringlog\\.[a-z.-]+)` \\| ([^|]+) \\|", Pattern.MULTILINE);
    private static final Pattern METADATA_PROPERTY = Pattern.compile("\\{[^{}]*\"name\": \"(ringlog\\.[a-z.-]+)\"[^{}]*\\}");
    private static final Pattern DEFAULT_VALUE = Pattern.compile("\"defaultValue\": \"?([^\",\\n]+)\"?");

    @Test
    void thePropertyTableIsTheGeneratedMetadata() throws IOException {
        Map<String, String> documented = new LinkedHashMap<>();
        Matcher row = DOC_ROW.matcher(read(DOC));
        while (row.find()) {
            documented.put(row.group(1), row.group(2).trim().replace("`", ""));
        }
        Map<String, String> generated = new LinkedHashMap<>();
        String metadata = read(METADATA);
        Matcher property = METADATA_PROPERTY.matcher(metadata.substring(metadata.indexOf("\"properties\"")));
        while (property.find()) {
            Matcher value = DEFAULT_VALUE.matcher(property.group());
            generated.put(property.group(1), value.find() ? value.group(1).trim() : "none");
        }
        assertThat(generated).as("metadata").hasSizeGreaterThanOrEqualTo(8);
        assertThat(documented).as("docs/spring-boot.md, Properties").isEqualTo(generated);
    }

    @Test
    void theQuotedInfoLinesAndAppenderNameAreTheCodes() throws IOException {
        String doc = read(DOC);
        assertThat(doc).contains("named `" + RinglogLoggingListener.APPENDER_NAME + "`");
        RinglogProperties defaults = new RinglogProperties();
        defaults.setJmx(false);
        for (String line : List.of("Ringlog: " + BootLogging.ownConfiguration("Logback", "classpath:logback-spring.xml").describe(),
                "Ringlog: " + BootLogging.wrapped("Logback", RinglogLoggingListener.APPENDER_NAME, List.of("CONSOLE"), defaults).describe(),
                "Ringlog: " + BootLogging.unchanged("ringlog.enabled=false").describe())) {
            assertThat(doc).contains(line);
        }
    }

    @Test
    void theHealthContributorsSwitchHasMetadata() throws IOException {
        assertThat(read(METADATA)).contains("\"name\": \"management.health.ringlog.enabled\"");
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
