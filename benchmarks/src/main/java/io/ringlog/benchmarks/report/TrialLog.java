package io.ringlog.benchmarks.report;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Where the trials' own output goes: one {@code jmh-<stage>.log} per stage in the results directory, each trial
 * under a header line. JMH copies what a forked JVM prints (the logging frameworks' status lines,
 * logstash-logback-encoder's "Dropped N events" warnings, stack traces) onto this JVM's {@code System.out} and
 * {@code System.err}; {@link Compare} points both at {@link #stream()} while a stage runs, so that the console keeps
 * only the progress lines. Any thread: JMH's link threads write while the runner's thread switches trials.
 *
 * <p>A trial keeps its first {@value #KEPT_TRIAL_LINES} lines in the file; the rest are counted and left out, with a
 * line saying how many. logstash-logback-encoder's dropping appender warns on the console each time it begins to drop:
 * in a full run that was millions of lines, 3.7 GB of logs, none of which told more than its first lines did.
 */
final class TrialLog implements Closeable {
    /** The lines of a trial's own output kept in the file; enough for any stack trace and the start of a flood. */
    static final long KEPT_TRIAL_LINES = 20_000;

    private final Path directory;
    private final PrintStream stream = new PrintStream(new ToCurrentFile(), true, StandardCharsets.UTF_8);
    /** Guarded by this. */
    private OutputStream file;
    private String fileName = "";
    /** Guarded by this: the trial's own lines, and of those the ones left out of the file. */
    private long trialLines;
    private long omittedLines;

    TrialLog(Path directory) {
        this.directory = directory;
    }

    /** Ends the current file, if any, and appends from now on to {@code name} in the results directory. */
    synchronized void open(String name) throws IOException {
        close(); // ends the trial too
        file = new BufferedOutputStream(Files.newOutputStream(directory.resolve(name), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND));
        fileName = name;
    }

    /**
     * Starts a trial's section: a header line, and a new count of the trial's own lines. What the previous trials wrote
     * is flushed to the file first, so that an interrupted run keeps it.
     */
    synchronized void trial(String header) {
        endTrial();
        if (file != null) {
            try {
                file.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("could not write the trial log " + fileName, e);
            }
        }
        note("== " + header);
        trialLines = 0;
    }

    /** Appends a line of the harness's own (JMH's report, the iterations' scores), not counted as the trial's. */
    synchronized void note(String line) {
        byte[] bytes = (line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
        writeToFile(bytes, 0, bytes.length);
    }

    /** Says how many of the trial's lines were left out, if any; the next trial starts its own count. */
    private void endTrial() {
        if (omittedLines > 0) {
            note(String.format(Locale.ROOT, "[%,d more lines of this trial's own output left out of this log]", omittedLines));
            omittedLines = 0;
        }
    }

    /** Lines the trial itself wrote (through {@link #stream()}) since its header. */
    synchronized long trialLines() {
        return trialLines;
    }

    /** The current file's name, relative to the results directory. */
    synchronized String fileName() {
        return fileName;
    }

    /** A stream into the current file, for {@code System.setOut} and {@code System.setErr}. */
    PrintStream stream() {
        return stream;
    }

    @Override
    public synchronized void close() throws IOException {
        endTrial();
        if (file != null) {
            file.close();
            file = null;
        }
    }

    /** The trial's own output: counted, and written while the trial has written fewer than its kept lines. */
    private synchronized void write(byte[] bytes, int offset, int length) {
        if (file == null) {
            return;
        }
        int end = offset;
        int lines = 0;
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] == '\n') {
                lines++;
                if (trialLines + lines <= KEPT_TRIAL_LINES) {
                    end = i + 1; // up to the last line kept
                }
            }
        }
        if (trialLines + lines < KEPT_TRIAL_LINES) {
            end = offset + length; // a line not yet ended is kept whole
        }
        omittedLines += Math.max(0, trialLines + lines - Math.max(trialLines, KEPT_TRIAL_LINES));
        trialLines += lines;
        writeToFile(bytes, offset, end - offset);
    }

    private synchronized void writeToFile(byte[] bytes, int offset, int length) {
        if (file == null || length == 0) {
            return;
        }
        try {
            file.write(bytes, offset, length);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the trial log " + fileName, e);
        }
    }

    /** The bytes of {@link #stream()}. */
    private final class ToCurrentFile extends OutputStream {
        @Override
        public void write(int b) {
            TrialLog.this.write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            TrialLog.this.write(bytes, offset, length);
        }
    }
}
