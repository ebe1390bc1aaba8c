package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual threads pinned to their carriers while they wait for room never freeze the others: with two carriers and
 * no compensation, {@value PinnedCallersScenario#THREADS} virtual threads, two in three logging from a class
 * initialiser (where JDK 24 and newer still pin), all finish within {@value PinnedCallersScenario#DEADLINE_SECONDS} s
 * behind a ring of {@value PinnedCallersScenario#CAPACITY} and a 1 ms sink, and every event is delivered. A gate whose
 * waiters wake one another, or park on a lock that an unmounted thread holds next, froze here (0 to 7 of 200 finished).
 * Runs in a child JVM of its own, whose scheduler settings would slow the other virtual-thread tests.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PinnedVirtualThreadsIT {

    @RepeatedTest(3)
    void pinnedCallersAllFinish(@TempDir Path dir) throws Exception {
        ChildJvm.Result result = ChildJvm.run(PinnedCallersScenario.class, dir.resolve("out.txt"), 90,
                List.of("-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"));
        System.out.println(result.output);
        assertThat(result.output).contains("finished " + PinnedCallersScenario.THREADS + " of " + PinnedCallersScenario.THREADS);
        assertThat(result.exitCode).as(result.output).isZero();
    }
}
