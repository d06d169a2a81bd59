package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Connections must prove the job's secret before anything is delivered: a rank of another job
 * (a wrong secret), a client that sends random bytes, or one that never answers the challenge is
 * closed with a logged reason, delivers nothing, and leaves the job's own links working.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(30)
class TcpAuthenticationTest {
    private static final long SECRET = 0x1234_5678_9ABC_DEF0L;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private TcpBoard job;
    private TcpBoard intruder;

    @AfterEach
    void tearDown() {
        if (job != null) {
            job.close();
        }
        if (intruder != null) {
            intruder.close();
        }
    }

    private static final class Counter implements ArrivalHandler {
        int messages;
        long lastHeader;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            messages++;
            lastHeader = header0;
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            messages++;
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    /** Sends one fast send from {@code from} to {@code to} of the job and waits until {@code to} has it. */
    private static void assertJobStillWorks(HostPort from, HostPort to) throws InterruptedException {
        byte[] b = {1};
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!from.fastSend(to.rank(), 42, 0, b, Memory.BYTE_ARRAY_BASE, 1)) {
            assertTrue(System.nanoTime() < deadline, "the job's own link never came up");
            Thread.sleep(1);
        }
        Counter c = new Counter();
        while (c.messages == 0) {
            assertTrue(System.nanoTime() < deadline, "the job's own message never arrived");
            to.poll(c, 16);
        }
        assertEquals(42, c.lastHeader);
    }

    @Test
    void aRankOfAnotherJobIsRefusedAndDeliversNothing() throws Exception {
        job = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
        intruder = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET ^ 1, line -> { });
        HostPort stranger = intruder.open(0);
        ((TcpHostPort) stranger).peers(new InetSocketAddress[] {intruder.address(0), job.address(1)});
        byte[] b = {1};
        long deadline = System.nanoTime() + 10_000_000_000L;
        IllegalStateException refused = null;
        while (refused == null) {
            assertTrue(System.nanoTime() < deadline, "the stranger was neither admitted nor refused");
            try {
                assertTrue(!stranger.fastSend(1, 7, 0, b, Memory.BYTE_ARRAY_BASE, 1), "a stranger's deposit was taken");
                Thread.sleep(1);
            } catch (IllegalStateException e) {
                refused = e;
            }
        }
        assertTrue(refused.getMessage().contains("refused the connection: authentication failed"), refused.getMessage());
        assertTrue(log.stream().anyMatch(l -> l.contains("failed authentication")), log.toString());
        Counter c = new Counter();
        assertEquals(0, job.open(1).poll(c, 16), "the stranger delivered something");
        assertJobStillWorks(job.open(0), job.open(1));
    }

    @Test
    void randomBytesAndSilenceCloseOnlyThatConnection() throws Exception {
        job = new TcpBoard(2, TcpBoardConfig.defaults().withHandshakeMillis(500), SECRET, log::add);
        InetSocketAddress address = job.address(1);
        try (Socket garbage = new Socket(address.getAddress(), address.getPort());
             Socket silent = new Socket(address.getAddress(), address.getPort())) {
            DataOutputStream out = new DataOutputStream(garbage.getOutputStream());
            out.write(new byte[] {(byte) 0xDE, (byte) 0xAD, 1, 0, 0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
            out.flush();
            assertClosed(garbage);
            assertClosed(silent);
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("bad magic 0xdead")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("did not authenticate within 500 ms")), log.toString());
        assertEquals(0, job.open(1).poll(new Counter(), 16));
        assertJobStillWorks(job.open(0), job.open(1));
        assertJobStillWorks(job.open(1), job.open(0));
    }

    /**
     * A stranger who somehow holds a window's key (id and capability) but not the job secret
     * sends a well-formed PUT at once, skipping the handshake: the connection is closed with a
     * reason, and not one byte of the window changes; the job's own ranks go on.
     */
    @Test
    void aPutWithTheRightWindowKeyButNoHandshakeWritesNothing() throws Exception {
        job = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
        HostPort owner = job.open(1);
        BoardRegion region = owner.allocate(256);
        WindowKey key = owner.register(region, 0, 256, WindowRights.ALL);
        InetSocketAddress address = job.address(1);
        try (Socket stranger = new Socket(address.getAddress(), address.getPort())) {
            // the whole frame in one write: the rank closes after the header, and byte-by-byte
            // writes after that would fail with a broken pipe instead of reaching the check
            DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(stranger.getOutputStream(), 256));
            ByteBuf put = WindowRequestFlyweight.putFields(UnpooledByteBufAllocator.DEFAULT, 1, key.id(),
                key.capability(), 0, 64, 0, 64, 64);
            for (int i = 0; i < 64; i++) {
                put.writeByte(0xAB);
            }
            out.write(ByteBufUtil.getBytes(put));
            put.release();
            out.flush();
            assertClosed(stranger);
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("PUT frame before authentication")), log.toString());
        for (int i = 0; i < 256; i++) {
            assertEquals(0, Memory.getByte(region.base(), region.address() + i), "byte " + i + " of the window was written");
        }
        assertJobStillWorks(job.open(0), owner);
    }

    /**
     * Reads (the CHALLENGE, then anything) until the rank closes the connection: an orderly end
     * of stream, or a reset when the rank closed with bytes of ours still unread (a frame refused
     * after its header leaves its body in the rank's socket buffer, and the kernel then answers
     * with RST). A read that times out is not a close and fails.
     */
    private static void assertClosed(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        DataInputStream in = new DataInputStream(socket.getInputStream());
        IOException end = assertThrows(IOException.class, () -> {
            while (true) {
                in.readByte();
            }
        });
        assertTrue(end instanceof EOFException
                || end instanceof java.net.SocketException && String.valueOf(end.getMessage()).contains("reset"),
            "the connection was not closed: " + end);
    }
}
