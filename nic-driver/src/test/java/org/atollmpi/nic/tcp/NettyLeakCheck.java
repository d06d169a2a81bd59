package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakTracker;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a TCP board test class whose buffers leaked: before it, checks that Netty's leak detection
 * runs at PARANOID with {@link LeakRecorder} as the buffers' detector (set by nic-driver's surefire
 * configuration; a run without them would check nothing); after it, collects the garbage until a
 * canary object dropped untracked has been reported, so the buffers collected in the same pass
 * are queued too, allocates once to have Netty report them, and asserts there were none.
 */
public final class NettyLeakCheck implements BeforeAllCallback, AfterAllCallback {
    /** Bounds the collections waited for; each is a full GC, so the canary is normally seen in one or two. */
    private static final int MAX_ROUNDS = 200;

    private static final class Canary {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel(),
            "run with -Dio.netty.leakDetection.level=paranoid (nic-driver's surefire sets it)");
        ByteBufAllocator.DEFAULT.directBuffer(1).release(); // Netty's buffer classes make their detector now
        assertTrue(LeakRecorder.MADE_FOR.contains(ByteBuf.class),
            "run with -Dio.netty.customResourceLeakDetector=" + LeakRecorder.class.getName() + ": made for "
                + LeakRecorder.MADE_FOR);
        LeakRecorder.LEAKS.clear(); // what an earlier class leaked was its failure
    }

    @Override
    public void afterAll(ExtensionContext context) {
        collect();
        List<String> leaks = new ArrayList<>(LeakRecorder.LEAKS);
        LeakRecorder.LEAKS.clear();
        assertTrue(leaks.isEmpty(), context.getDisplayName() + " leaked " + leaks.size() + " buffer(s):\n"
            + String.join("\n", leaks));
    }

    /** Collects until the canary's leak is reported (bounded), then lets the buffers' detector report. */
    static void collect() {
        List<String> canaryReports = new ArrayList<>();
        LeakRecorder<Canary> canaries = new LeakRecorder<>(Canary.class, 1, java.util.Collections.synchronizedList(canaryReports));
        plant(canaries);
        for (int round = 0; round < MAX_ROUNDS && canaryReports.isEmpty(); round++) {
            System.gc();
            Canary probe = new Canary();
            ResourceLeakTracker<Canary> t = canaries.track(probe); // reports what the collector queued
            if (t != null) {
                t.close(probe);
            }
        }
        assertTrue(!canaryReports.isEmpty(), "the garbage collector did not clear a dropped canary in "
            + MAX_ROUNDS + " collections: leaks could not be checked");
        ByteBufAllocator.DEFAULT.directBuffer(1).release(); // the buffers' detector reports what was queued
        ByteBufAllocator.DEFAULT.heapBuffer(1).release();
    }

    private static void plant(LeakRecorder<Canary> canaries) {
        canaries.track(new Canary()); // never closed: a leak once collected
    }
}
