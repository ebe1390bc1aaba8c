package io.ringlog.logback;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.VirtualThreadsContract;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/** The virtual-thread contract (10,000 virtual threads, a 64-slot ring, BLOCK), run against RingAsyncAppender. */
class VirtualThreadsIT extends VirtualThreadsContract {

    @Override
    protected ContractHarness newHarness() {
        return new LogbackContractHarness();
    }

    @Override
    protected Thread startVirtualThread(String name, Runnable body) {
        return Thread.ofVirtual().name(name).start(body);
    }

    @Override
    protected void dumpThreads(Path file) throws Exception {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
    }
}
