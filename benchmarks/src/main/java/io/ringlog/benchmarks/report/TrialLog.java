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

/**
 * Where the trials' own output goes: one {@code jmh-<stage>.log} per stage in the results directory, each trial
 * under a header line. JMH copies what a forked JVM prints (the logging frameworks' status lines,
 * logstash-logback-encoder's "Dropped N events" warnings, stack traces) onto this JVM's {@code System.out} and
 * {@code System.err}; {@link Compare} points both at {@link #stream()} while a stage runs, so that the console keeps
 * only the progress lines. Any thread: JMH's link threads write while the runner's thread switches trials.
 */
final class TrialLog implements Closeable {

    private final Path directory;
    private final PrintStream stream = new PrintStream(new ToCurrentFile(), true, StandardCharsets.UTF_8);
    /** Guarded by this. */
    private OutputStream file;
    private String fileName = "";
    private long trialLines;

    TrialLog(Path directory) {
        this.directory = directory;
    }

    /** Ends the current file, if any, and appends from now on to {@code name} in the results directory. */
    synchronized void open(String name) throws IOException {
        close();
        file = new BufferedOutputStream(Files.newOutputStream(directory.resolve(name), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND));
        fileName = name;
    }

    /**
     * Starts a trial's section: a header line, and a new count of the trial's own lines. What the previous trials wrote
     * is flushed to the file first, so that an interrupted run keeps it.
     */
    synchronized void trial(String header) {
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
        long counted = trialLines;
        byte[] bytes = (line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
        write(bytes, 0, bytes.length);
        trialLines = counted;
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
        if (file != null) {
            file.close();
            file = null;
        }
    }

    private synchronized void write(byte[] bytes, int offset, int length) {
        if (file == null) {
            return;
        }
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] == '\n') {
                trialLines++;
            }
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
