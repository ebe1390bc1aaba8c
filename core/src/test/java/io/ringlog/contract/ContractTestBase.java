package io.ringlog.contract;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every contract class shares: a fresh {@link ContractHarness} per test, closed after it, a temporary folder,
 * and the file that the scenarios writing a file write to. Subclass once per adapter and supply the harness.
 */
public abstract class ContractTestBase {
    @TempDir
    protected Path dir;
    /** The file the FILE-writing scenarios write ({@link Scenario#FILE_PROPERTY}). */
    protected Path file;
    protected ContractHarness harness;

    /** A fresh harness for one test. */
    protected abstract ContractHarness newHarness();

    @BeforeEach
    void setUpHarness() {
        TestSinks.reset();
        file = dir.resolve("contract.log");
        harness = newHarness();
    }

    @AfterEach
    void closeHarness() {
        TestSinks.reset();
        harness.close();
    }
}
