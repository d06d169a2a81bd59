package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.netty.util.internal.logging.InternalLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(NettyLeakCheck.class)
class NettyLoggingTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final InternalLogger log = new NettyLogging(new PrintStream(bytes, true, StandardCharsets.UTF_8))
        .newInstance("io.netty.Example");

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void infoWarnAndErrorArePrintedOneLineEachDebugAndTraceAreDropped() {
        log.trace("t {}", 1);
        log.debug("d {}", 2);
        assertFalse(log.isDebugEnabled());
        assertEquals("", printed());
        log.info("i {}", 3);
        log.warn("w {} and {}", "a", "b");
        log.error("e {} {} {}", 1, 2, 3);
        assertEquals("atoll-mpi: netty INFO io.netty.Example: i 3\n"
            + "atoll-mpi: netty WARN io.netty.Example: w a and b\n"
            + "atoll-mpi: netty ERROR io.netty.Example: e 1 2 3\n", printed().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aThrowableWithoutItsAnchorIsPrintedWithItsTrace() {
        log.warn("failed to close {}", "channel", new IllegalStateException("boom"));
        String out = printed();
        assertTrue(out.startsWith("atoll-mpi: netty WARN io.netty.Example: failed to close channel"), out);
        assertTrue(out.contains("java.lang.IllegalStateException: boom"), out);
        assertTrue(out.contains("\tat "), "with its stack trace: " + out);
    }

    @Test
    void formatSubstitutesAnchorsInOrderAndKeepsSpareOnes() {
        assertEquals("a 1 b 2 c", NettyLogging.format("a {} b {} c", 1, 2));
        assertEquals("x 1 {}", NettyLogging.format("x {} {}", 1));
        assertEquals("no anchors", NettyLogging.format("no anchors", 1));
        assertEquals("null", NettyLogging.format(null));
        assertNull(NettyLogging.trailingThrowable("x {}", new RuntimeException()), "the anchor takes it");
        assertNotNull(NettyLogging.trailingThrowable("x {}", 1, new RuntimeException()));
    }

    @Test
    void aProgramWithItsOwnLoggingFrameworkKeepsNettysChoice() {
        ClassLoader none = new ClassLoader(null) {
        };
        assertFalse(NettyLogging.frameworkPresent(none));
        for (String framework : NettyLogging.FRAMEWORKS) {
            ClassLoader with = new ClassLoader(null) {
                @Override
                protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                    if (name.equals(framework)) {
                        return NettyLoggingTest.class;
                    }
                    return super.loadClass(name, resolve);
                }
            };
            assertTrue(NettyLogging.frameworkPresent(with), framework);
        }
    }
}
