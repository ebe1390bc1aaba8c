package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Redeploys an application {@value #CYCLES} times the way a servlet container does, and checks that it leaves nothing
 * behind. Each deployment is a fresh {@link URLClassLoader} over the logging framework's and Ringlog's jars (parent:
 * the platform class loader, so none of their classes comes from the test's own loader) and a folder that plays
 * {@code WEB-INF/classes}, holding the framework's standard configuration file. While the application runs, its loader
 * is the thread's context class loader; the application starts logging, logs {@value #EVENTS} events, checked in the
 * log file, and stops its logging context; then the loader is closed and forgotten. Afterwards no {@code ringlog*}
 * thread that the deployments started may be alive, and every deployment's loader must be collectable.
 */
public final class Redeploys {
    /** Deployments per run. */
    public static final int CYCLES = 20;
    /** Events each deployment logs. */
    public static final int EVENTS = 5;
    /** The system property that names the folder of the configuration's log file, {@code app.log}. */
    public static final String DIR_PROPERTY = "ringlog.redeploy.dir";

    private static final Duration THREADS_END = Duration.ofSeconds(15);
    private static final Duration LOADERS_COLLECTED = Duration.ofSeconds(60);

    /** What the application does inside its own class loader; it reaches every framework type through reflection. */
    @FunctionalInterface
    public interface Application {
        /** Starts logging from the configuration on {@code loader}'s class path, logs each message at INFO, stops logging. */
        void run(ClassLoader loader, List<String> messages) throws Exception;
    }

    private final Path dir;
    private final URL[] libraries;
    private final Map<String, String> systemProperties = new LinkedHashMap<>();

    /**
     * @param dir an empty folder for the configuration and the log file
     * @param libraryClasses one class of each jar (or classes folder) the application carries; located on the test's
     *                       class path
     */
    public Redeploys(Path dir, String... libraryClasses) throws ClassNotFoundException {
        this.dir = dir;
        List<URL> urls = new ArrayList<>();
        for (String name : libraryClasses) {
            URL location = Class.forName(name, false, Redeploys.class.getClassLoader()).getProtectionDomain().getCodeSource().getLocation();
            if (!urls.contains(location)) {
                urls.add(location);
            }
        }
        this.libraries = urls.toArray(new URL[0]);
    }

    /** Sets a system property for the time of the run (as a container's command line would), restoring it after. */
    public Redeploys systemProperty(String key, String value) {
        systemProperties.put(key, value);
        return this;
    }

    /**
     * Deploys and undeploys the application {@value #CYCLES} times with {@code configuration} as {@code configName}
     * ({@code logback.xml}, {@code log4j2.xml}), then waits until no thread that the deployments started and whose name
     * starts with {@code ringlog} is alive, and until every deployment's class loader has been collected.
     */
    public void assertNothingLeftBehind(URL configuration, String configName, Application application) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        try (InputStream in = configuration.openStream()) {
            Files.copy(in, classes.resolve(configName));
        }
        Set<Thread> before = ringlogThreads();
        List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>(systemProperties);
        properties.put(DIR_PROPERTY, dir.toString());
        Map<String, String> previous = setSystemProperties(properties);
        try {
            List<String> logged = new ArrayList<>();
            for (int cycle = 0; cycle < CYCLES; cycle++) {
                List<String> messages = new ArrayList<>();
                for (int n = 0; n < EVENTS; n++) {
                    messages.add("deployment " + cycle + " event " + n);
                }
                loaders.add(deployAndUndeploy(cycle, classes.toUri().toURL(), application, messages));
                logged.addAll(messages);
                assertThat(Files.readAllLines(dir.resolve("app.log"), StandardCharsets.UTF_8))
                        .as("the log after deployment " + cycle + " stopped").containsExactlyElementsOf(logged);
            }
        } finally {
            setSystemProperties(previous);
        }
        await("no ringlog thread left by the deployments").atMost(THREADS_END).untilAsserted(() -> {
            Set<Thread> left = ringlogThreads();
            left.removeAll(before);
            assertThat(left.stream().map(Thread::getName).collect(Collectors.toList())).isEmpty();
        });
        await("every deployment's class loader collected").atMost(LOADERS_COLLECTED).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    System.gc();
                    assertThat(loaders.stream().filter(loader -> loader.get() != null).count()).as("loaders still reachable").isZero();
                });
    }

    private WeakReference<ClassLoader> deployAndUndeploy(int cycle, URL classes, Application application, List<String> messages)
            throws Exception {
        URL[] classPath = new URL[libraries.length + 1];
        System.arraycopy(libraries, 0, classPath, 0, libraries.length);
        classPath[libraries.length] = classes;
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader("deployment-" + cycle, classPath, ClassLoader.getPlatformClassLoader())) {
            thread.setContextClassLoader(loader);
            application.run(loader, messages);
            return new WeakReference<>(loader);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static Map<String, String> setSystemProperties(Map<String, String> values) {
        Map<String, String> previous = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            previous.put(key, System.getProperty(key));
            if (value == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, value);
            }
        });
        return previous;
    }

    private static Set<Thread> ringlogThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith("ringlog"))
                .collect(Collectors.toSet());
    }

    /** The URL of a configuration beside {@code testClass}. */
    public static URL configuration(Class<?> testClass, String fileName) {
        URL url = testClass.getResource(fileName);
        if (url == null) {
            throw new IllegalArgumentException("no configuration " + fileName + " beside " + testClass.getName());
        }
        return url;
    }
}
