package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import io.ringlog.contract.FlakyDisk;
import java.io.IOException;

/**
 * An {@link OutputStreamAppender} over a {@link FlakyDisk} the test controls: while the disk is full, every write fails
 * with an {@link IOException}, as a full disk would. Logback's own handling applies unchanged (it catches the
 * exception, reports it to the status manager and stops the appender).
 */
public class FlakyStreamAppender extends OutputStreamAppender<ILoggingEvent> {

    private final FlakyDisk disk = new FlakyDisk();

    @Override
    public void start() {
        if (getOutputStream() == null) {
            setOutputStream(disk);
        }
        super.start();
    }

    FlakyDisk disk() {
        return disk;
    }
}
