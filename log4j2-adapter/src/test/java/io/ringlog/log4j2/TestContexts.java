package io.ringlog.log4j2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/** Starts LoggerContexts from the scenario files beside the tests; the scenario's files go to {@code ${sys:ringlog.test.dir}}. */
final class TestContexts {
    static final String DIR_PROPERTY = "ringlog.test.dir";
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private TestContexts() {
    }

    static URI scenario(String fileName) {
        URL url = TestContexts.class.getResource(fileName);
        if (url == null) {
            throw new IllegalArgumentException("no scenario " + fileName + " beside " + TestContexts.class.getName());
        }
        try {
            return url.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A new LoggerContext configured from {@code fileName}, writing its files under {@code dir}. */
    static LoggerContext start(String fileName, Path dir) {
        System.setProperty(DIR_PROPERTY, dir.toString());
        URI uri = scenario(fileName);
        LoggerContext context = Configurator.initialize("ringlog-" + fileName + "-" + COUNTER.incrementAndGet(), uri.toString());
        if (!uri.equals(context.getConfigLocation())) {
            context.setConfigLocation(uri);
        }
        return context;
    }

    static <T> T appender(LoggerContext context, String name, Class<T> type) {
        return type.cast(context.getConfiguration().getAppender(name));
    }

    static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
