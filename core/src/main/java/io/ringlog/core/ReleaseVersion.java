package io.ringlog.core;

/**
 * Reads the version a logging framework's jar states ({@code Implementation-Version}, such as {@code 1.5.38} or
 * {@code 2.0-beta9}) far enough to tell whether it is at least a given {@code major.minor} line, so that an adapter
 * can refuse a framework it cannot run on with a clear message instead of a linkage error later. Stateless.
 */
public final class ReleaseVersion {

    private ReleaseVersion() {
    }

    /**
     * False only for a version that names a release older than {@code major.minor}; null, empty or unparsable
     * versions (a repackaged jar) get the benefit of the doubt.
     */
    public static boolean isAtLeast(String version, int major, int minor) {
        if (version == null) {
            return true;
        }
        String[] parts = version.trim().split("[.-]", 3);
        if (parts.length < 2) {
            return true;
        }
        try {
            int actualMajor = Integer.parseInt(parts[0]);
            int actualMinor = Integer.parseInt(parts[1]);
            return actualMajor > major || (actualMajor == major && actualMinor >= minor);
        } catch (NumberFormatException unparsable) {
            return true;
        }
    }
}
