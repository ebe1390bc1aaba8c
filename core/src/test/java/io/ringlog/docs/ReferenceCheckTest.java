package io.ringlog.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import io.ringlog.docs.ConfigurationReference.Framework;
import io.ringlog.docs.ConfigurationReference.QuotedMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the docs check reads a configuration reference and what it reports: tables, defaults, quotes, their owners. */
class ReferenceCheckTest {

    private static final String DOC = String.join("\n",
            "# Configuration reference",
            "",
            "| pipeline setting | Logback property | Log4j2 attribute | default (Logback / Log4j2) |",
            "|---|---|---|---|",
            "| ring capacity | `queueSize` (alias `ringBufferSize`) | `bufferSize` | 8192 / 4096 |",
            "| flush | `flushAtEndOfBatch` | none (always, through `endOfBatch`) | true / always |",
            "",
            "## Logback",
            "",
            "### Properties",
            "",
            "| property | type | default | meaning | bad value |",
            "|---|---|---|---|---|",
            "| `queueSize` (alias `ringBufferSize`) | int | 8192 | `a | b` in code | Below 1: ERROR `Invalid queue size [n]: ...`. Not a number: Joran WARN `Failed to set property [queueSize]`. |",
            "| `maxFlushTime` | time | 1000 ms | | |",
            "| `fullQueuePolicy` | string | `BLOCK` | | |",
            "| `jmxName` | string | the appender's name | | |",
            "",
            "```xml",
            "<x>ERROR `not a quote: inside a fence`</x>",
            "```",
            "",
            "## Status messages",
            "",
            "| when | level | message (start) |",
            "|---|---|---|",
            "| drops | WARN | `Ringlog appender 'ASYNC' dropped 2 events` (Logback adds at INFO `Appender [ASYNC] was stopped`) |",
            "| Log4j2: a delivery failed | ERROR | `RingAsync appender 'ASYNC' could not deliver` |",
            "",
            "## Shutdown",
            "",
            "### Log4j2",
            "",
            "- A stuck target: WARN `RingAsync appender 'X' has not delivered 3 events`.",
            "");

    @TempDir
    Path dir;

    private ConfigurationReference doc() throws IOException {
        Path file = dir.resolve("configuration.md");
        Files.writeString(file, DOC, StandardCharsets.UTF_8);
        return ConfigurationReference.read(file);
    }

    @Test
    void tablesAreFoundByTheirHeaderAndSplitOutsideBackticks() throws IOException {
        List<ConfigurationReference.Row> rows = doc().table("property");
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0).names(0)).containsExactly("queueSize", "ringBufferSize");
        assertThat(rows.get(0).cell(3)).isEqualTo("`a | b` in code");
        assertThat(rows.get(0).line()).isEqualTo(14);
        assertThat(doc().table("no such header")).isEmpty();
    }

    @Test
    void quotesBelongToTheAdapterNamedBeforeThemInTheirRowOrHeading() throws IOException {
        Map<String, Framework> owners = doc().quotedMessages().stream()
                .collect(Collectors.toMap(QuotedMessage::text, QuotedMessage::framework));
        assertThat(owners).containsOnly(
                Map.entry("Invalid queue size [n]: ...", Framework.LOGBACK),
                Map.entry("Ringlog appender 'ASYNC' dropped 2 events", Framework.SHARED),
                Map.entry("Appender [ASYNC] was stopped", Framework.LOGBACK),
                Map.entry("RingAsync appender 'ASYNC' could not deliver", Framework.LOG4J2),
                Map.entry("RingAsync appender 'X' has not delivered 3 events", Framework.LOG4J2));
    }

    @Test
    void defaultsAreComparedByTheCellsFirstValue() {
        assertThat(ReferenceCheck.mismatch("1000 ms", "1000")).isEmpty();
        assertThat(ReferenceCheck.mismatch("`BLOCK`, or `DROP_ALL` with `blocking=\"false\"`", FullQueuePolicy.BLOCK)).isEmpty();
        assertThat(ReferenceCheck.mismatch("0 (off)", 0)).isEmpty();
        assertThat(ReferenceCheck.mismatch("67,108,864", 67_108_864)).isEmpty();
        assertThat(ReferenceCheck.mismatch("the appender's name", null)).isEmpty();
        assertThat(ReferenceCheck.mismatch("8192", 4096)).hasValueSatisfying(why -> assertThat(why).contains("\"8192\"", "4096"));
        assertThat(ReferenceCheck.mismatch("true", false)).isPresent();
        assertThat(ReferenceCheck.mismatch("-1", null)).isPresent();
        assertThat(ReferenceCheck.mismatch("BLOCK_ALL", FullQueuePolicy.BLOCK)).isPresent();
    }

    @Test
    void everyDifferenceIsReportedWithItsRow() throws IOException {
        ReferenceCheck check = new ReferenceCheck(doc());
        check.propertyRow("property", "queueSize", 2, 8192, "code");
        check.propertyRow("property", "maxFlushTime", 2, "2000", "new Appender().getMaxFlushTime()");
        check.propertyRow("property", "drainOnExit", 2, true, "new Appender().isDrainOnExit()");
        check.aliasRow("property", "ringBufferSize", "queueSize");
        check.aliasRow("property", "appendTimeout", "maxBlockTime");
        check.mappingRows("pipeline setting", 1, 3, 0, Map.of("queueSize", 8192, "flushAtEndOfBatch", false), "Logback");
        check.mappingRows("pipeline setting", 2, 3, 1, Map.of("bufferSize", 8192), "Log4j2");
        assertThat(check.problems()).containsExactly(
                "docs/configuration.md:15, table \"property\", row `maxFlushTime`: the docs give the default \"1000 ms\", the code's is 2000"
                        + " (new Appender().getMaxFlushTime()). Fix the default column.",
                "docs/configuration.md, table \"property\": no row names `drainOnExit`, a configuration property of the code"
                        + " (new Appender().isDrainOnExit()). Add a row whose first cell names it, with its default: true.",
                "docs/configuration.md, table \"property\": `appendTimeout` sets `maxBlockTime` in the code, so it belongs in"
                        + " `maxBlockTime`'s row, as \"`maxBlockTime` (alias `appendTimeout`)\".",
                "docs/configuration.md:6, table \"pipeline setting\", Logback column `flushAtEndOfBatch`: the docs give the default"
                        + " \"true\", the code's is false. Fix the default column.",
                "docs/configuration.md:5, table \"pipeline setting\", Log4j2 column `bufferSize`: the docs give the default"
                        + " \"4096\", the code's is 8192. Fix the default column.");
        assertThatThrownBy(check::assertNone).hasMessageStartingWith("5 difference(s) between docs/configuration.md and the code:\n- ");
    }

    @Test
    void anUnsetDefaultIsTheValueOfTheSettingOfTheSameName() {
        PipelineSettings settings = PipelineSettings.builder("DOCS").build();
        assertThat(ReferenceCheck.effectiveDefault("fullQueuePolicy", null, settings)).isEqualTo(FullQueuePolicy.BLOCK);
        assertThat(ReferenceCheck.effectiveDefault("jmxName", null, settings)).isNull();
        assertThat(ReferenceCheck.effectiveDefault("name", null, settings)).isNull();
        assertThat(ReferenceCheck.effectiveDefault("queueSize", 8192, settings)).isEqualTo(8192);
    }
}
