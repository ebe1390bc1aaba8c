package io.ringlog.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which quotes the message templates accept: the docs check is only as good as this. */
class MessageTemplatesTest {

    private static final String SOURCE = String.join("\n",
            "class Example {",
            "    /** A \"quoted\" word in a comment is not a message. */",
            "    static final String HINT = \"Declare that appender at the top level \"",
            "            + \"and reference it with <appender-ref>.\";",
            "    void start(String name, long n, boolean inFlight) {",
            "        String notStarted = \"; appender [\" + name + \"] is not started.\";",
            "        addError(\"No attached appenders found (inside <appender name=\\\"\" + name + \"\\\">)\" + notStarted + \" \" + HINT);",
            "        status.error(\"Ringlog appender '\" + name + \"' could not deliver \" + n + (n == 1 ? \" event\" : \" events\")",
            "                + \"; they are lost\" + (inFlight ? \", and one more is still inside a downstream appender that has not returned\" : \"\")",
            "                + \" (a downstream appender is blocked or too slow)\", null);",
            "        LOGGER.warn(\"RingAsync appender '{}': maxBlockTime={} has no effect\", name, n);",
            "        String why = inFlight",
            "                ? \"because its drain had given up\"",
            "                : \"because it was not running\";",
            "        status.warn(\"Ringlog appender '\" + name + \"' dropped \" + n + \" events after it stopped, \" + why + HINT);",
            "        try {",
            "            check();",
            "        } catch (IllegalArgumentException invalid) {",
            "            LOGGER.error(\"RingAsync appender '{}': {}; the appender was not created\", name, invalid.getMessage());",
            "        }",
            "    }",
            "    void check() {",
            "        throw new IllegalArgumentException(\"maxBatchSize must be >= 1, was \" + size() + \" events\");",
            "    }",
            "}");

    private final MessageTemplates templates = MessageTemplates.fromSources(Map.of("Example.java", SOURCE));

    @Test
    void aQuoteWithExampleValuesMatchesItsConcatenation() {
        assertThat(templates.find("No attached appenders found (inside <appender name=\"ASYNC\">); appender [ASYNC] is not started. "
                + "Declare that appender at the top level and reference it with <appender-ref>.")).isPresent();
        assertThat(templates.find("RingAsync appender 'X': maxBlockTime=250 has no effect")).isPresent();
    }

    @Test
    void aChangedWordDoesNotMatch() {
        assertThat(templates.find("No attached appender found (inside <appender name=\"ASYNC\">)")).isEmpty();
        assertThat(templates.find("RingAsync appender 'X': maxBlockTime=250 is ignored")).isEmpty();
        // The other message's wildcard must not swallow this quote's first words.
        assertThat(templates.find("RingAsync appender 'X' has no <AppenderRef>; the appender was not created")).isEmpty();
    }

    @Test
    void dotsStandForTextLeftOutAnywhere() {
        assertThat(templates.find("... is not started. Declare that appender ...")).isPresent();
        assertThat(templates.find("... is not started. Declare this appender ...")).isEmpty();
    }

    @Test
    void eitherBranchOfAConditionalMatches() {
        assertThat(templates.find("Ringlog appender 'ASYNC' could not deliver 49 events; they are lost (a downstream appender is "
                + "blocked or too slow)")).isPresent();
        assertThat(templates.find("Ringlog appender 'ASYNC' could not deliver 1 event; they are lost, and one more is still inside a "
                + "downstream appender that has not returned (a downstream appender is blocked or too slow)")).isPresent();
    }

    @Test
    void aStringVariableStandsForWhatItHolds() {
        assertThat(templates.find("Ringlog appender 'ASYNC' dropped 2 events after it stopped, because it was not running")).isPresent();
        assertThat(templates.find("... after it stopped, because its drain had given up")).isPresent();
        assertThat(templates.find("... after it stopped, because it was stopping")).isEmpty();
        assertThat(templates.find("... because it was not runningDeclare that appender at the top level ...")).isPresent();
    }

    @Test
    void aValueOfTwoWordsMayEndAQuoteButAPhraseMayNot() {
        assertThat(templates.find("RingAsync appender 'X': maxBlockTime=250 ms")).isPresent();
        assertThat(templates.find("RingAsync appender 'X': maxBlockTime=250 is now ignored")).isEmpty();
    }

    @Test
    void anExceptionMessageMatchesInsideTheMessageThatReportsIt() {
        assertThat(templates.find("RingAsync appender 'X': maxBatchSize must be >= 1, was 0 events; the appender was not created"))
                .isPresent();
        assertThat(templates.find("maxBatchSize must be >= 1, was n")).isPresent();
    }

    @Test
    void aSentenceCannotHideInAVariablePart() {
        assertThat(templates.find("RingAsync appender 'X': this attribute is wrong and the documentation made it up entirely; "
                + "the appender was not created")).isEmpty();
    }

    @Test
    void commentsAreNotMessages() {
        assertThat(templates.find("A \"quoted\" word in a comment is not a message.")).isEmpty();
    }

    @Test
    void theClosestTemplateNamesItsOrigin() {
        assertThat(templates.closest("No attached appender found at all").orElseThrow().origin()).isEqualTo("Example.java:7");
    }
}
