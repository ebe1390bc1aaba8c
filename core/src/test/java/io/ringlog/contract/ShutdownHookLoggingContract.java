package io.ringlog.contract;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lines an application logs from its own shutdown hook while Ringlog's exit drain runs (Spring Boot closing its
 * context) all reach the file, whether the hook then stops the framework or only logs; nothing is counted as dropped.
 * Each adapter names its child's main class, which runs {@link ShutdownHookLogging#logThenExit} with the arguments
 * {@code <variant> <directory>} and writes {@code <directory>/app.log}.
 */
public abstract class ShutdownHookLoggingContract {

    @TempDir
    Path dir;

    /** The adapter's child main class. */
    protected abstract Class<?> childMain();

    @ParameterizedTest(name = "the hook {0}")
    @ValueSource(strings = {"stops", "logs"})
    void everyLineLoggedWhileTheJvmExitsIsInTheFile(String variant) throws Exception {
        Path out = Files.createDirectories(dir.resolve(variant));
        ChildJvm.Result child = ChildJvm.run(childMain(), dir.resolve(variant + ".out"), 60, variant, out.toString());
        ShutdownHookLogging.assertNothingLost(child, out.resolve("app.log"));
    }
}
