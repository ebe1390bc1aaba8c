package io.ringlog.benchmarks.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names {@code benchmarks/service} gives the variants of a web-service run, and what each name says: the examples'
 * hand-written configuration ({@code off}, {@code sync}, {@code stock-async}, {@code async-loggers}, {@code ringlog}),
 * or Spring Boot's default logging with only {@code ringlog-spring-boot-starter} added ({@code starter}, its Boot
 * structured-logging forms {@code starter-ecs} and {@code starter-logstash}, each with {@code -sync}: the starter off,
 * {@code ringlog.enabled=false}, Boot's appenders on the caller's thread, or with {@code -always}: the starter with
 * {@code ringlog.caller-encoding=always}); any of them with {@code -vt}: request threads virtual
 * ({@code spring.threads.virtual.enabled=true}). Stateless.
 */
final class ServiceVariants {

    static final String STARTER = "starter";
    static final String SYNC_SUFFIX = "-sync";
    static final String VIRTUAL_SUFFIX = "-vt";
    static final String ALWAYS_SUFFIX = "-always";

    /** The asynchronous forms of Spring Boot's default logging, each with the title the report gives it. */
    static final Map<String, String> STARTER_FORMS = forms();

    /** The hand-written variants' descriptions. */
    private static final Map<String, String> HAND_WRITTEN = Map.of(
            ServiceResults.OFF, "hand-written, every logger off (the service's limit)",
            ServiceResults.SYNC, "hand-written, the file appender on the caller's thread",
            ServiceTargets.STOCK, "hand-written, the stock asynchronous appender (lossless)",
            ServiceTargets.ASYNC_LOGGERS, "hand-written, Log4j2's Async Loggers",
            ServiceTargets.RINGLOG, "hand-written, Ringlog in front of the file");

    private ServiceVariants() {
    }

    private static Map<String, String> forms() {
        Map<String, String> forms = new LinkedHashMap<>();
        forms.put(STARTER, "Spring Boot default logging + starter");
        forms.put(STARTER + "-ecs", "Boot structured logging, ECS + starter");
        forms.put(STARTER + "-logstash", "Boot structured logging, Logstash + starter");
        return forms;
    }

    /** The variant with platform request threads: {@code starter} for {@code starter-vt}. */
    static String platform(String variant) {
        return isVirtual(variant) ? variant.substring(0, variant.length() - VIRTUAL_SUFFIX.length()) : variant;
    }

    /** Whether the variant runs its requests on virtual threads. */
    static boolean isVirtual(String variant) {
        return variant.endsWith(VIRTUAL_SUFFIX);
    }

    /** Whether the variant runs Spring Boot's default logging (the starter on or off) instead of the hand-written one. */
    static boolean isBootDefault(String variant) {
        String platform = platform(variant);
        return platform.equals(STARTER) || platform.startsWith(STARTER + "-");
    }

    /**
     * Whether Ringlog carries the variant's lines (the hand-written {@code ringlog}, the starter on), so that a lost line
     * fails the run.
     */
    static boolean isRinglog(String variant) {
        String platform = platform(variant);
        return platform.equals(ServiceTargets.RINGLOG) || STARTER_FORMS.containsKey(form(platform));
    }

    /** The starter form without {@code -always}: {@code starter} for {@code starter-always}. */
    private static String form(String platform) {
        return platform.endsWith(ALWAYS_SUFFIX) ? platform.substring(0, platform.length() - ALWAYS_SUFFIX.length()) : platform;
    }

    /** Whether the variant is one of the examples' hand-written asynchronous setups other than Ringlog's. */
    static boolean isHandWrittenPeer(String variant) {
        return !isVirtual(variant) && !isBootDefault(variant) && !variant.equals(ServiceTargets.RINGLOG)
                && !variant.equals(ServiceResults.OFF) && !variant.equals(ServiceResults.SYNC);
    }

    /** The same Boot logging with the starter off: {@code starter-ecs-sync} for {@code starter-ecs(-vt)}. */
    static String synchronousOf(String variant) {
        return form(platform(variant)) + SYNC_SUFFIX;
    }

    /** Whether the variant is Spring Boot's default logging with the starter off: {@code starter-ecs-sync}, with or without {@code -vt}. */
    static boolean isStarterOff(String variant) {
        String platform = platform(variant);
        return platform.endsWith(SYNC_SUFFIX) && STARTER_FORMS.containsKey(platform.substring(0, platform.length() - SYNC_SUFFIX.length()));
    }

    /** What the variant runs, in a few words. */
    static String describe(String variant) {
        String platform = platform(variant);
        String description;
        if (STARTER_FORMS.containsKey(platform)) {
            description = STARTER_FORMS.get(platform);
        } else if (!platform.equals(form(platform)) && STARTER_FORMS.containsKey(form(platform))) {
            description = STARTER_FORMS.get(form(platform)) + ", `ringlog.caller-encoding=always`";
        } else if (isStarterOff(platform)) {
            description = STARTER_FORMS.get(platform.substring(0, platform.length() - SYNC_SUFFIX.length()))
                    .replace("+ starter", "+ starter off (`ringlog.enabled=false`: synchronous)");
        } else {
            description = HAND_WRITTEN.getOrDefault(platform, "hand-written, Spring profile `" + platform + "`");
        }
        return isVirtual(variant) ? description + ", virtual threads" : description;
    }

    /** The Boot default-logging forms whose asynchronous and synchronous variants both ran among {@code variants}. */
    static List<String> starterForms(List<String> variants) {
        return STARTER_FORMS.keySet().stream().filter(f -> variants.contains(f) && variants.contains(synchronousOf(f))).toList();
    }
}
