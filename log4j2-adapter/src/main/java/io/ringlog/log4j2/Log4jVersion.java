package io.ringlog.log4j2;

import io.ringlog.core.ReleaseVersion;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * The log4j-core release on the class path, and whether Ringlog runs on it: Log4j2 {@value #MINIMUM} or newer (Ringlog
 * is compiled against 2.26 and tested on 2.17.2, 2.20, 2.23 and 2.26). An older release is refused when the appender is
 * built, with an error, instead of failing later with a linkage error. Stateless; any thread.
 */
final class Log4jVersion {

    /** The oldest Log4j2 line Ringlog runs on. */
    static final String MINIMUM = "2.17";
    private static final int MINIMUM_MAJOR = 2;
    private static final int MINIMUM_MINOR = 17;

    private Log4jVersion() {
    }

    /** The {@code Implementation-Version} of log4j-core's jar, or null if the jar does not say (repackaged). */
    static String detected() {
        Package core = LoggerContext.class.getPackage();
        return core == null ? null : core.getImplementationVersion();
    }

    /**
     * False only for a version that names a release older than {@value #MINIMUM}; null or an unparsable version
     * (a repackaged jar) gets the benefit of the doubt.
     */
    static boolean isSupported(String version) {
        return ReleaseVersion.isAtLeast(version, MINIMUM_MAJOR, MINIMUM_MINOR);
    }
}
