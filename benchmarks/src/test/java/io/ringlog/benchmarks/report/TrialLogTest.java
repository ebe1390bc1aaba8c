package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stage's log keeps each trial's first lines and says how many more it left out; the harness's own lines always. */
class TrialLogTest {

    @TempDir
    Path directory;

    @Test
    void keepsATrialsFirstLinesCountsTheRestAndStartsAfreshAtTheNextTrial() throws IOException {
        long flood = TrialLog.KEPT_TRIAL_LINES + 5_000;
        try (TrialLog log = new TrialLog(directory)) {
            log.open("jmh-stage.log");
            PrintStream trialOutput = log.stream();
            log.trial("trial 1");
            for (long i = 1; i <= flood; i++) {
                trialOutput.println("warning " + i);
            }
            trialOutput.print("a line without its end");
            log.note("score of trial 1");
            assertThat(log.trialLines()).isEqualTo(flood);
            log.trial("trial 2");
            trialOutput.println("trial 2 says one line");
            assertThat(log.trialLines()).isEqualTo(1);
        }

        List<String> lines = Files.readAllLines(directory.resolve("jmh-stage.log"), StandardCharsets.UTF_8);
        List<String> expected = new ArrayList<>();
        expected.add("== trial 1");
        for (long i = 1; i <= TrialLog.KEPT_TRIAL_LINES; i++) {
            expected.add("warning " + i);
        }
        expected.add("score of trial 1");
        expected.add("[5,000 more lines of this trial's own output left out of this log]");
        expected.add("== trial 2");
        expected.add("trial 2 says one line");
        assertThat(lines).isEqualTo(expected);
    }

    @Test
    void keepsEveryLineOfATrialBelowTheBoundAndItsUnendedLast() throws IOException {
        try (TrialLog log = new TrialLog(directory)) {
            log.open("jmh-stage.log");
            log.trial("trial 1");
            log.stream().println("one");
            log.stream().print("two, not ended");
        }

        assertThat(Files.readAllLines(directory.resolve("jmh-stage.log"), StandardCharsets.UTF_8))
                .containsExactly("== trial 1", "one", "two, not ended");
    }
}
