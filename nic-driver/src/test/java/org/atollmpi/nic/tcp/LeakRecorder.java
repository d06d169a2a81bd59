package org.atollmpi.nic.tcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.util.ResourceLeakDetector;

/**
 * Netty's leak detector for the tests, named by {@code -Dio.netty.customResourceLeakDetector}
 * (nic-driver's surefire configuration) so that Netty builds its buffers' detector from it: every
 * leak it finds is kept here for {@link NettyLeakCheck} to fail the test class with, instead of
 * only being logged.
 */
public final class LeakRecorder<T> extends ResourceLeakDetector<T> {
    /** Every leak reported, as Netty would log it. */
    static final List<String> LEAKS = new CopyOnWriteArrayList<>();
    /** The resource types a recorder was made for (ByteBuf's, once Netty's buffers are loaded). */
    static final List<Class<?>> MADE_FOR = new CopyOnWriteArrayList<>();

    private final List<String> reports;

    public LeakRecorder(Class<?> resourceType, int samplingInterval) {
        this(resourceType, samplingInterval, LEAKS);
    }

    public LeakRecorder(Class<?> resourceType, int samplingInterval, long maxActive) {
        this(resourceType, samplingInterval, LEAKS);
    }

    LeakRecorder(Class<?> resourceType, int samplingInterval, List<String> reports) {
        super(resourceType, samplingInterval);
        this.reports = reports;
        MADE_FOR.add(resourceType);
    }

    /** Report whatever the logger's level: the test fails on a leak, not a log line. */
    @Override
    protected boolean needReport() {
        return true;
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        reports.add("LEAK: " + resourceType + records);
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
        reports.add("LEAK: " + resourceType + " (untraced)");
    }
}
