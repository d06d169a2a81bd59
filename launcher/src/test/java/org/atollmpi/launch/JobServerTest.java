package org.atollmpi.launch;

import static org.atollmpi.runtime.boot.BootProtocol.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The job server against hand-written clients, including ones that break the protocol. */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JobServerTest {
    private static final long SECRET = 0xfeedfaceL;

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> aborts = new LinkedBlockingQueue<>();
    private JobServer server;

    @BeforeEach
    void start() throws IOException {
        server = new JobServer(2, SECRET, (rank, code, fatalError, message) ->
                aborts.add(rank + ":" + code + ":" + fatalError + ":" + message), log::add);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aWrongSecretIsRefusedAndLogged() throws IOException {
        try (Client c = new Client()) {
            Frame answer = c.hello(1, SECRET + 1);
            assertEquals(REJECT, answer.type());
            assertTrue(answer.body().readUTF().contains("does not know the job secret"));
        }
        assertFalse(server.joined(1));
        assertTrue(log.stream().anyMatch(l -> l.contains("refused a connection") && l.contains("secret")), log.toString());
    }

    @Test
    void aRankJoinsOnceAndOnlyIfItIsInTheJob() throws IOException {
        try (Client outside = new Client()) {
            assertEquals(REJECT, outside.hello(2, SECRET).type());
        }
        try (Client first = new Client(); Client second = new Client()) {
            assertEquals(WELCOME, first.hello(0, SECRET).type());
            assertTrue(server.joined(0));
            Frame again = second.hello(0, SECRET);
            assertEquals(REJECT, again.type());
            assertTrue(again.body().readUTF().contains("already connected"));
        }
    }

    @Test
    void barrierCompletesWhenEveryRankHasEntered() throws IOException {
        try (Client r0 = new Client(); Client r1 = new Client()) {
            r0.hello(0, SECRET);
            r1.hello(1, SECRET);
            r0.send(EXCHANGE, o -> {
                o.writeInt(0);
                writeBlob(o, new byte[] {10});
            });
            r0.socket.setSoTimeout(300);
            assertThrows(SocketTimeoutException.class, r0::read, "not before rank 1 enters");
            r1.send(EXCHANGE, o -> {
                o.writeInt(0);
                writeBlob(o, new byte[] {11});
            });
            for (Client c : List.of(r0, r1)) {
                c.socket.setSoTimeout(5_000);
                Frame done = c.read();
                assertEquals(EXCHANGE_DONE, done.type());
                assertEquals(0, done.body().readInt());
                assertEquals(2, done.body().readInt());
                assertArrayEquals(new byte[] {10}, readBlob(done.body(), 1));
                assertArrayEquals(new byte[] {11}, readBlob(done.body(), 1));
            }
        }
    }

    /**
     * Wire-up is O(p) per rank: a rank receives one blob per rank of the job, never one per pair.
     * Ranks of jobs of 4 and 16 contribute a TCP board address (7 bytes: length, IPv4, port); each
     * receives exactly one EXCHANGE_DONE frame of 4 + 1 + 4 + 4 + p * (4 + 7) bytes, so the bytes
     * grow by the same 11 per added rank, and the blobs are everyone's, in rank order.
     */
    @Test
    void wireUpSendsEachRankOneBlobPerRank() throws IOException {
        long[] received = new long[2];
        int[] sizes = {4, 16};
        for (int k = 0; k < sizes.length; k++) {
            int p = sizes[k];
            try (JobServer job = new JobServer(p, SECRET, (rank, code, fatalError, message) -> { }, log::add)) {
                List<Client> ranks = new java.util.ArrayList<>();
                try {
                    for (int r = 0; r < p; r++) {
                        Client c = new Client(job);
                        ranks.add(c);
                        assertEquals(WELCOME, c.hello(r, SECRET).type());
                    }
                    for (int r = 0; r < p; r++) {
                        byte[] address = {4, 127, 0, 0, 1, (byte) (r >> 8), (byte) r};
                        ranks.get(r).send(EXCHANGE, o -> {
                            o.writeInt(0);
                            writeBlob(o, address);
                        });
                    }
                    for (int r = 0; r < p; r++) {
                        DataInputStream in = ranks.get(r).in;
                        int length = in.readInt();
                        received[k] = Math.max(received[k], 4L + length);
                        assertEquals(4 + 1 + 4 + 4 + p * (4 + 7), 4 + length, "bytes rank " + r + " of " + p + " received");
                        byte[] frame = new byte[length];
                        in.readFully(frame);
                        assertEquals(EXCHANGE_DONE, frame[0]);
                        DataInputStream body = new DataInputStream(new java.io.ByteArrayInputStream(frame, 1, length - 1));
                        assertEquals(0, body.readInt());
                        assertEquals(p, body.readInt());
                        for (int from = 0; from < p; from++) {
                            byte[] blob = readBlob(body, 7);
                            assertEquals(from & 0xFF, blob[6] & 0xFF, "blob " + from + " at rank " + r);
                        }
                    }
                } finally {
                    for (Client c : ranks) {
                        c.close();
                    }
                }
            }
        }
        // four times the ranks, four times the bytes less the fixed 13 of the frame's header
        assertEquals(4 * (received[0] - 13), received[1] - 13);
    }

    /** A barrier (every blob empty) answers each rank with no blob at all: 13 bytes, whatever the job's size. */
    @Test
    void aBarrierCostsEachRankTheSameWhateverTheJobsSize() throws IOException {
        for (int p : new int[] {3, 40}) {
            try (JobServer job = new JobServer(p, SECRET, (rank, code, fatalError, message) -> { }, log::add)) {
                List<Client> ranks = new java.util.ArrayList<>();
                try {
                    for (int r = 0; r < p; r++) {
                        Client c = new Client(job);
                        ranks.add(c);
                        assertEquals(WELCOME, c.hello(r, SECRET).type());
                    }
                    for (int round = 0; round < 2; round++) {
                        int inRound = round;
                        for (Client c : ranks) {
                            c.send(EXCHANGE, o -> {
                                o.writeInt(inRound);
                                writeBlob(o, new byte[0]);
                            });
                        }
                        for (Client c : ranks) {
                            assertEquals(13 - 4, c.in.readInt(), "frame length at " + p + " ranks");
                            assertEquals(EXCHANGE_DONE, c.in.readByte());
                            assertEquals(inRound, c.in.readInt());
                            assertEquals(0, c.in.readInt(), "blobs in a barrier's answer");
                        }
                    }
                } finally {
                    for (Client c : ranks) {
                        c.close();
                    }
                }
            }
        }
    }

    @Test
    void finalizeAndAbortAreRecordedBeforeTheyAreAcknowledged() throws Exception {
        try (Client r0 = new Client(); Client r1 = new Client()) {
            r0.hello(0, SECRET);
            r1.hello(1, SECRET);
            r0.send(FINALIZED, o -> { });
            assertEquals(FINALIZED_ACK, r0.read().type());
            assertTrue(server.finalized(0));
            assertFalse(server.finalized(1));

            r1.send(ABORT, o -> {
                o.writeInt(4);
                o.writeBoolean(false);
                o.writeUTF("why");
            });
            assertEquals(ABORT_ACK, r1.read().type());
            assertEquals("1:4:false:why", aborts.poll(0, TimeUnit.SECONDS));

            r0.send(ABORT, o -> {
                o.writeInt(6);
                o.writeBoolean(true);
                o.writeUTF("MPI_ERR_RANK");
            });
            assertEquals(ABORT_ACK, r0.read().type());
            assertEquals("0:6:true:MPI_ERR_RANK", aborts.poll(0, TimeUnit.SECONDS));
        }
    }

    @Test
    void protocolViolationsCloseTheConnectionWithAReason() throws IOException {
        try (Client c = new Client()) {
            c.hello(0, SECRET);
            c.out.writeInt(MAX_RANK_FRAME + 1);
            c.out.flush();
            assertThrows(EOFException.class, c::read);
        }
        try (Client c = new Client()) {
            c.hello(1, SECRET);
            c.send(EXCHANGE, o -> o.writeInt(5)); // the wrong round, and no blob
            assertThrows(EOFException.class, c::read);
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("closing the connection of rank 0") && l.contains("frame length")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("closing the connection of rank 1")), log.toString());
    }

    @Test
    void terminateTellsEveryRankToHalt() throws IOException {
        try (Client c = new Client()) {
            c.hello(0, SECRET);
            server.terminate();
            assertEquals(TERMINATE, c.read().type());
            assertThrows(EOFException.class, c::read);
        }
    }

    @Test
    void aRankLostBeforeFinalizingIsReportedAndOneThatFinalizedIsNot() throws Exception {
        BlockingQueue<String> lost = new LinkedBlockingQueue<>();
        try (JobServer s = new JobServer(2, SECRET, new JobServer.Listener() {
            @Override
            public void aborted(int rank, int code, boolean fatalError, String message) {
            }

            @Override
            public void lost(int rank, String why) {
                lost.add(rank + ":" + why);
            }
        }, log::add, List.of(InetAddress.getLoopbackAddress()))) {
            server.close();
            server = s;
            try (Client done = new Client(); Client gone = new Client()) {
                done.hello(0, SECRET);
                done.send(FINALIZED, o -> { });
                assertEquals(FINALIZED_ACK, done.read().type());
                gone.hello(1, SECRET);
            }
            assertEquals("1:closed", lost.poll(10, TimeUnit.SECONDS));
            assertNull(lost.poll(500, TimeUnit.MILLISECONDS), "rank 0 finalized: its leaving is no loss");
        }
    }

    /** A HELLO cut short, one too short for its type, and one of the wrong type: each is refused with one log line. */
    @Test
    void everyBrokenHelloIsRefusedWithOneLogLine() throws Exception {
        try (Client c = new Client()) {
            assertEquals(CHALLENGE, c.read().type());
            c.out.writeInt(1 + 4 + MAC_LENGTH);
            c.out.write(new byte[] {HELLO, 0, 0, 0});
            c.out.flush();
            c.socket.shutdownOutput();
            assertEquals(REJECT, c.read().type());
        }
        try (Client c = new Client()) {
            assertEquals(CHALLENGE, c.read().type());
            c.send(HELLO, o -> o.writeInt(0));
            Frame reject = c.read();
            assertEquals(REJECT, reject.type());
            assertTrue(reject.body().readUTF().contains("a HELLO has 37 bytes, not 5"));
        }
        try (Client c = new Client()) {
            assertEquals(CHALLENGE, c.read().type());
            c.send(EXCHANGE, o -> o.write(new byte[36]));
            assertEquals(REJECT, c.read().type());
        }
        awaitLog(3);
        assertEquals(1, count("closed after 8 bytes, before a complete HELLO"), log.toString());
        assertEquals(1, count("a HELLO has 37 bytes, not 5"), log.toString());
        assertEquals(1, count("expected HELLO, got frame type " + EXCHANGE), log.toString());
        assertEquals(3, server.refusals());
        assertEquals(3, log.size(), "one line per refusal: " + log);
    }

    /** A connection that never says HELLO is dropped after the handshake time, and logged. */
    @Test
    void aSilentConnectionIsDroppedAfterTheHandshakeTime() throws Exception {
        server.close();
        server = new JobServer(2, SECRET, (rank, code, fatalError, message) -> { }, log::add,
                List.of(InetAddress.getLoopbackAddress()), 300);
        try (Client c = new Client()) {
            assertEquals(CHALLENGE, c.read().type());
            assertThrows(EOFException.class, c::read, "closed without a word");
        }
        awaitLog(1);
        assertEquals(1, count("no HELLO within 300 ms (0 bytes of one came)"), log.toString());
    }

    /**
     * 300 connections that never authenticate (idle, garbage, huge lengths, cut HELLOs) cost the
     * server no thread, at most 2 + 64 of them are held, every one is logged, and the ranks, which
     * connect in the middle of the flood, still join: a new connection pushes out the oldest.
     */
    @Test
    void aFloodOfUnauthenticatedConnectionsCostsNoThreadAndLocksNoRankOut() throws Exception {
        long threadsBefore = jobServerThreads();
        List<Socket> flood = new java.util.ArrayList<>();
        java.util.Random random = new java.util.Random(13);
        try {
            for (int i = 0; i < 300; i++) {
                String[] hostPort = server.address().split(":");
                Socket s = new Socket(hostPort[0], Integer.parseInt(hostPort[1]));
                flood.add(s);
                DataOutputStream o = new DataOutputStream(s.getOutputStream());
                switch (i % 4) {
                    case 0 -> { } // idle
                    case 1 -> {
                        byte[] garbage = new byte[1 + random.nextInt(200)];
                        random.nextBytes(garbage);
                        o.write(garbage);
                    }
                    case 2 -> o.writeInt(Integer.MAX_VALUE);
                    default -> {
                        o.writeInt(37);
                        o.write(HELLO);
                    }
                }
                o.flush();
                if (i == 150) {
                    assertTrue(jobServerThreads() <= threadsBefore, "threads grew: " + jobServerThreadNames());
                }
            }
            try (Client r0 = new Client(); Client r1 = new Client()) {
                assertEquals(WELCOME, r0.hello(0, SECRET).type(), log.toString());
                assertEquals(WELCOME, r1.hello(1, SECRET).type());
                assertTrue(jobServerThreads() <= threadsBefore + 2, "one thread per rank, none per stranger: "
                        + jobServerThreadNames());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.refusals() < 300 - 66 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(server.refusals() >= 300 - (2 + JobServer.SPARE_PENDING), "refused " + server.refusals());
            assertTrue(count("pushed out by a newer connection: 66 connections had not authenticated") > 0, log.toString());
            assertTrue(count("no valid HELLO (frame length 2147483647 outside 1..64)") > 0, log.toString());
            assertTrue(log.stream().filter(l -> l.startsWith("refused a connection")).count() <= JobServer.LOGGED_REFUSALS);
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
    }

    private static long jobServerThreads() {
        return jobServerThreadNames().size();
    }

    private static List<String> jobServerThreadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("atoll-job-server")).toList();
    }

    private long count(String fragment) {
        return log.stream().filter(l -> l.contains(fragment)).count();
    }

    private void awaitLog(int lines) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (log.size() < lines && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

    @Test
    void diagnoseAsksTheJoinedRanksAndPassesOnTheirAnswersOnly() throws Exception {
        BlockingQueue<String> reports = new LinkedBlockingQueue<>();
        try (JobServer s = new JobServer(2, SECRET, new JobServer.Listener() {
            @Override
            public void aborted(int rank, int code, boolean fatalError, String message) {
            }

            @Override
            public void diagnosis(int rank, String report) {
                reports.add(rank + ":" + report);
            }
        }, log::add, List.of(InetAddress.getLoopbackAddress()))) {
            server.close();
            server = s;
            try (Client r1 = new Client()) {
                r1.hello(1, SECRET);
                assertEquals("{1}", s.diagnose().toString(), "rank 0 has not joined: not asked");
                assertEquals(DIAGNOSE, r1.read().type());
                r1.send(DIAGNOSIS, o -> writeBlob(o, "receive posted: source 0, tag 3\nline two".getBytes("UTF-8")));
                assertEquals("1:receive posted: source 0, tag 3\nline two", reports.poll(10, TimeUnit.SECONDS));
                // a report over the limit breaks the protocol: the connection is closed, with a reason
                r1.send(DIAGNOSIS, o -> writeBlob(o, new byte[MAX_DIAGNOSIS_BYTES + 1]));
                assertThrows(EOFException.class, r1::read);
            }
            assertNull(reports.poll(200, TimeUnit.MILLISECONDS));
            assertTrue(log.stream().anyMatch(l -> l.contains("rank 1") && l.contains("blob length")), log.toString());
        }
    }

    @Test
    void ranksOnOtherHostsReachTheServerBeyondLoopback() {
        Placement here = Placement.local("vm", 2);
        assertEquals(List.of(InetAddress.getLoopbackAddress()), JobServer.addressesFor(here, null));
        Placement spread = Placement.place(List.of(new HostList.Node("vm", true, 1, 0),
                new HostList.Node("elsewhere.invalid", false, 1, 0)), 2, 0, false);
        assertEquals(List.of(InetAddress.getLoopbackAddress()), JobServer.addressesFor(spread, "127.0.0.0/8").stream()
                .filter(a -> a.getAddress().length == 4).toList());
        UsageError e = assertThrows(UsageError.class, () -> JobServer.addressesFor(spread, "192.0.2.128/25"));
        assertTrue(e.getMessage().startsWith("--mca oob_tcp_if_include=192.0.2.128/25 matches no address"), e.getMessage());
        for (InetAddress a : JobServer.addressesFor(spread, null)) {
            assertFalse(a.isLoopbackAddress(), "ranks on another host cannot reach " + a);
        }
    }

    /** A rank written by hand. */
    private final class Client implements AutoCloseable {
        final Socket socket;
        final DataInputStream in;
        final DataOutputStream out;

        Client() throws IOException {
            this(server);
        }

        Client(JobServer server) throws IOException {
            String[] hostPort = server.address().split(":");
            socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]));
            socket.setSoTimeout(10_000); // a blocked read is not interruptible: never wait forever
            in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            out = new DataOutputStream(socket.getOutputStream());
        }

        Frame hello(int rank, long secret) throws IOException {
            Frame challenge = read();
            assertEquals(CHALLENGE, challenge.type());
            assertEquals(MAGIC, challenge.body().readInt());
            assertEquals(VERSION, challenge.body().readInt());
            byte[] nonce = new byte[NONCE_LENGTH];
            challenge.body().readFully(nonce);
            send(HELLO, o -> {
                o.writeInt(rank);
                o.write(mac(secret, nonce, rank));
            });
            return read();
        }

        Frame read() throws IOException {
            return readFrame(in, maxServerFrame(2));
        }

        void send(byte type, Body body) throws IOException {
            writeFrame(out, type, body);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
