package io.ringlog.log4j2;

import io.ringlog.contract.FlakyDisk;
import java.io.IOException;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.OutputStreamManager;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * A test target ({@code <FlakyDisk>}): Log4j2's own {@link AbstractOutputStreamAppender} and
 * {@link OutputStreamManager} over a {@link FlakyDisk} the test can fill up; while it is full every write fails with an
 * {@link IOException}, which the manager turns into an {@code AppenderLoggingException}, as for a real full disk.
 */
@Plugin(name = "FlakyDisk", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class FlakyDiskAppender extends AbstractOutputStreamAppender<OutputStreamManager> {

    /** Log4j2's stream manager, made public-constructible over our disk. */
    private static final class DiskManager extends OutputStreamManager {
        DiskManager(FlakyDisk disk, String name, Layout<?> layout) {
            super(disk, name, layout, false);
        }
    }

    private final FlakyDisk disk;

    private FlakyDiskAppender(String name, Layout<?> layout, boolean ignoreExceptions, boolean immediateFlush, FlakyDisk disk) {
        super(name, layout, null, ignoreExceptions, immediateFlush, Property.EMPTY_ARRAY, new DiskManager(disk, "disk-" + name, layout));
        this.disk = disk;
    }

    /** The plugin factory. */
    @PluginFactory
    public static FlakyDiskAppender create(@PluginAttribute("name") String name,
                                           @PluginElement("Layout") Layout<?> layout,
                                           @PluginAttribute(value = "ignoreExceptions", defaultBoolean = true) boolean ignoreExceptions,
                                           @PluginAttribute(value = "immediateFlush", defaultBoolean = true) boolean immediateFlush) {
        return new FlakyDiskAppender(name, layout == null ? PatternLayout.createDefaultLayout() : layout, ignoreExceptions,
                immediateFlush, new FlakyDisk());
    }

    FlakyDisk disk() {
        return disk;
    }
}
