package io.ringlog.benchmarks.support;

import java.nio.file.Path;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * The command line every report renderer takes, {@code TOOL DIR [--command CMD]}: the results directory, and the
 * command line the report names as the one that produced it. Immutable.
 *
 * @param dir the results directory
 * @param command the command line to print in the report
 */
public record ReportCommandLine(Path dir, String command) {

    /**
     * Parses {@code args}, or exits with status 1 after saying what is wrong ({@link ToolArguments#parse}).
     *
     * @param tool the tool's name, for the usage line
     * @param defaultCommand the command when {@code --command} is not given, or {@code null} if it must be
     */
    public static ReportCommandLine parse(String tool, String defaultCommand, String... args) {
        ToolArguments arguments = new ToolArguments("usage: " + tool + " DIR " + (defaultCommand == null ? "--command CMD"
                : "[--command CMD]"), 1, 1);
        var command = arguments.options().accepts("command", "the command line the report names").withRequiredArg();
        OptionSpec<String> option = defaultCommand == null ? command.required() : command.defaultsTo(defaultCommand);
        OptionSet options = arguments.parse(args);
        return new ReportCommandLine(Path.of(ToolArguments.plain(options).get(0)), options.valueOf(option));
    }
}
