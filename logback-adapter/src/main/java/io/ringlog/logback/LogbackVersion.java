package io.ringlog.logback;

import ch.qos.logback.classic.LoggerContext;
import io.ringlog.core.ReleaseVersion;

/**
 * The Logback release on the class path, and whether Ringlog runs on it: Logback {@value #MINIMUM} or newer (the
 * SLF4J 2 lines; Ringlog is compiled against 1.5 and tested on the latest 1.3, 1.4, 1.5 and 1.6). Older lines are
 * refused at {@code start()} with an error instead of failing later with a linkage error. Stateless; any thread.
 */
final class LogbackVersion {

    /** The oldest Logback line Ringlog runs on. */
    static final String MINIMUM = "1.3";
    private static final int MINIMUM_MAJOR = 1;
    private static final int MINIMUM_MINOR = 3;

    private LogbackVersion() {
    }

    /** A class that logback-classic has since 1.3 (its SLF4J 2 service provider); 1.2 and older lack it. */
    private static final String SINCE_1_3 = "ch.qos.logback.classic.spi.LogbackServiceProvider";

    /**
     * The {@code Implementation-Version} of logback-classic's jar, or null if the jar does not say (1.2 and older,
     * or a repackaged jar).
     */
    static String detected() {
        Package classic = LoggerContext.class.getPackage();
        return classic == null ? null : classic.getImplementationVersion();
    }

    /**
     * Whether the Logback on the class path is {@value #MINIMUM} or newer: by its version if the jar states one,
     * otherwise by the presence of a class that only 1.3 and newer have.
     */
    static boolean isSupportedOnClassPath() {
        String version = detected();
        if (version != null) {
            return isSupported(version);
        }
        try {
            Class.forName(SINCE_1_3, false, LoggerContext.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError older) {
            return false;
        }
    }

    /**
     * False only for a version that names a release older than {@value #MINIMUM}; null or an unparsable version
     * (a repackaged jar) gets the benefit of the doubt.
     */
    static boolean isSupported(String version) {
        return ReleaseVersion.isAtLeast(version, MINIMUM_MAJOR, MINIMUM_MINOR);
    }
}
