package io.ringlog.benchmarks.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.junit.jupiter.api.Test;

/** The tools' command lines: options anywhere among the plain arguments, values converted, mistakes named. */
class ToolArgumentsTest {

    private final ToolArguments arguments = new ToolArguments("usage: Tool VARIANT --queue N [--dry-run]", 1, 1);
    private final OptionSpec<Integer> queue = arguments.options().accepts("queue", "queue size").withRequiredArg()
            .ofType(Integer.class).required();
    private final OptionSpec<Void> dryRun = arguments.options().accepts("dry-run", "run nothing");

    @Test
    void readsOptionsAndPlainArgumentsInAnyOrder() {
        OptionSet options = arguments.check("--queue", "256", "logback-ringlog", "--dry-run");

        assertThat(options.valueOf(queue)).isEqualTo(256);
        assertThat(options.has(dryRun)).isTrue();
        assertThat(ToolArguments.plain(options)).containsExactly("logback-ringlog");
        assertThat(arguments.check("logback-ringlog", "--queue=8").has(dryRun)).isFalse();
    }

    @Test
    void namesWhatIsWrong() {
        assertThatThrownBy(() -> arguments.check("logback-ringlog")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("queue");
        assertThatThrownBy(() -> arguments.check("logback-ringlog", "--queue", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'x'");
        assertThatThrownBy(() -> arguments.check("--queue", "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected 1 argument(s) besides the options, got 0");
        assertThatThrownBy(() -> arguments.check("a", "b", "--queue", "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 2");
        assertThatThrownBy(() -> arguments.check("a", "--queue", "1", "--frames", "3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frames");
    }
}
