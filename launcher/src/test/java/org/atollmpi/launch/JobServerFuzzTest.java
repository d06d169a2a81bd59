package org.atollmpi.launch;

import static org.atollmpi.runtime.boot.BootProtocol.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The job server's protocol fuzzed: 100,000 random and mutated HELLOs through the handshake's
 * reader, fed in pieces of random size, and 100,000 random and mutated streams of a rank's
 * frames through the frame reader and {@link JobServer#decode}. Mutations of valid frames: bytes
 * flipped, cut short, a huge, negative or random length, garbage spliced in, or random bytes
 * only. Only the documented refusals come out ({@link ProtocolException}; an {@link EOFException}
 * where the stream ends mid-frame, as a closed connection does), never another exception, and
 * nothing holds more than its limit. Then a live server takes 400 such handshakes and still
 * answers a newcomer.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class JobServerFuzzTest {
    private static final int TRIALS = 100_000;
    private static final long SEED = 0x13_0002_2026L;
    private static final long SECRET = 0x5ec12e7L;

    @Test
    void helloReaderRefusesAnythingButAWholeHelloAndNothingElseEscapes() {
        SplittableRandom random = new SplittableRandom(SEED);
        int hellos = 0;
        int refused = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            byte[] valid = frame(HELLO, o -> {
                o.writeInt(random.nextInt(8));
                byte[] mac = new byte[MAC_LENGTH];
                random.nextBytes(mac);
                o.write(mac);
            });
            byte[] stream = mutate(valid, random);
            JobServer.HelloReader reader = new JobServer.HelloReader();
            JobServer.Hello hello = null;
            try {
                for (int at = 0; at < stream.length && hello == null; ) {
                    ByteBuffer room = reader.buffer();
                    assertTrue(room.capacity() <= 4 + JobServer.MAX_HELLO_FRAME, "the reader grew");
                    int n = Math.min(Math.min(stream.length - at, room.remaining()), 1 + random.nextInt(16));
                    room.put(stream, at, n);
                    at += n;
                    hello = reader.advance();
                }
            } catch (ProtocolException e) {
                refused++;
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError("trial " + trial + " (seed " + SEED + "), bytes " + Arrays.toString(stream) + ": " + e, e);
            }
            if (hello != null) {
                hellos++;
                assertEquals(MAC_LENGTH, hello.mac().length);
                assertEquals(4 + 1 + 4 + MAC_LENGTH, reader.received(), "trial " + trial + ": a HELLO is exactly its frame");
                assertEquals(HELLO, stream[4], "trial " + trial);
            }
        }
        assertTrue(hellos > TRIALS / 10 && refused > TRIALS / 4, hellos + " HELLOs read, " + refused + " refused");
    }

    @Test
    void aRanksFramesDecodeOrAreRefusedAndNothingElseEscapes() {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        int decoded = 0;
        int refused = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            ByteArrayOutputStream valid = new ByteArrayOutputStream();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                valid.writeBytes(validRankFrame(random));
            }
            byte[] stream = mutate(valid.toByteArray(), random);
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(stream));
            try {
                while (true) {
                    JobServer.Request r = JobServer.decode(readFrame(in, MAX_RANK_FRAME));
                    decoded++;
                    if (r instanceof JobServer.Exchange x) {
                        assertTrue(x.blob().length <= MAX_EXCHANGE_BYTES);
                    } else if (r instanceof JobServer.Abort a) {
                        assertTrue(a.message().length() <= MAX_MESSAGE_CHARS);
                    }
                    if (r instanceof JobServer.Spawn sp) {
                        assertTrue(sp.args().size() <= MAX_SPAWN_ARGS, "a SPAWN beyond the argument limit decoded");
                    }
                }
            } catch (ProtocolException e) {
                refused++;
            } catch (EOFException e) {
                // the stream ended, mid-frame or between frames: a closed connection
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("trial " + trial + " (seed " + SEED + "): " + e, e);
            }
        }
        assertTrue(decoded > TRIALS / 2 && refused > TRIALS / 10, decoded + " decoded, " + refused + " refused");
    }

    /** The real server over sockets: 400 mutated handshakes, each answered or closed, and it still serves. */
    @Test
    void aLiveServerSurvivesMutatedHandshakesAndStillAnswers() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        SplittableRandom random = new SplittableRandom(SEED + 2);
        try (JobServer server = new JobServer(2, SECRET, (rank, code, fatalError, message) -> { }, log::add,
                List.of(InetAddress.getLoopbackAddress()), 2_000)) {
            String[] hostPort = server.address().split(":");
            for (int trial = 0; trial < 400; trial++) {
                try (Socket s = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
                    s.setSoTimeout(10_000);
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    Frame challenge = readFrame(in, 64);
                    assertEquals(CHALLENGE, challenge.type());
                    challenge.body().skipBytes(8);
                    byte[] nonce = challenge.body().readNBytes(NONCE_LENGTH);
                    int rank = random.nextInt(3);
                    byte[] hello = mutate(frame(HELLO, o -> {
                        o.writeInt(rank);
                        o.write(mac(SECRET, nonce, rank));
                    }), random);
                    s.getOutputStream().write(hello);
                    s.shutdownOutput();
                    try {
                        Frame answer = readFrame(in, 4096);
                        assertTrue(answer.type() == REJECT || answer.type() == WELCOME, "answer " + answer.type());
                    } catch (EOFException | java.net.SocketException e) {
                        // a welcomed rank whose connection ends at once, or a refusal the socket lost
                    }
                }
            }
            assertTrue(log.stream().allMatch(l -> l.startsWith("refused a connection from")
                    || l.startsWith("closing the connection of rank") || l.startsWith("further refused")), log.toString());
            // still serving: a newcomer gets its challenge and a reasoned answer
            try (Socket s = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
                s.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                Frame challenge = readFrame(in, 64);
                challenge.body().skipBytes(8);
                byte[] nonce = challenge.body().readNBytes(NONCE_LENGTH);
                s.getOutputStream().write(frame(HELLO, o -> {
                    o.writeInt(5);
                    o.write(mac(SECRET, nonce, 5));
                }));
                Frame answer = readFrame(in, 4096);
                assertEquals(REJECT, answer.type());
                assertTrue(answer.body().readUTF().contains("rank 5 is not in this job of 2"));
            }
        }
    }

    private static byte[] validRankFrame(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 3 -> frame(SPAWN, o -> {
                o.writeInt(random.nextInt(10));
                int n = random.nextInt(6);
                o.writeInt(n);
                for (int i = 0; i < n; i++) {
                    o.writeUTF(i == 0 ? "-np" : "arg \u00e9 " + random.nextInt());
                }
            });
            case 0 -> frame(EXCHANGE, o -> {
                o.writeInt(random.nextInt(4));
                byte[] blob = new byte[random.nextInt(64)];
                random.nextBytes(blob);
                writeBlob(o, blob);
            });
            case 1 -> frame(FINALIZED, o -> { });
            default -> frame(ABORT, o -> {
                o.writeInt(random.nextInt());
                o.writeBoolean(random.nextBoolean());
                o.writeUTF("rank aborts \u00e9 " + random.nextInt());
            });
        };
    }

    private static byte[] frame(byte type, Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            writeFrame(new DataOutputStream(bytes), type, body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    private static byte[] mutate(byte[] s, SplittableRandom random) {
        switch (random.nextInt(7)) {
            case 0 -> {
                return s;
            }
            case 1 -> {
                byte[] m = s.clone();
                for (int k = 1 + random.nextInt(4); k > 0; k--) {
                    m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                }
                return m;
            }
            case 2 -> {
                byte[] m = s.clone();
                m[4 + random.nextInt(Math.min(8, m.length - 4))] ^= (byte) (1 + random.nextInt(255));
                return m;
            }
            case 3 -> {
                return Arrays.copyOf(s, random.nextInt(s.length));
            }
            case 4 -> {
                int[] lengths = {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, MAX_RANK_FRAME + 1, random.nextInt()};
                return ByteBuffer.wrap(s.clone()).putInt(0, lengths[random.nextInt(lengths.length)]).array();
            }
            case 5 -> {
                byte[] garbage = new byte[1 + random.nextInt(64)];
                random.nextBytes(garbage);
                int at = random.nextInt(s.length + 1);
                byte[] m = new byte[s.length + garbage.length];
                System.arraycopy(s, 0, m, 0, at);
                System.arraycopy(garbage, 0, m, at, garbage.length);
                System.arraycopy(s, at, m, at + garbage.length, s.length - at);
                return m;
            }
            default -> {
                byte[] m = new byte[random.nextInt(300)];
                random.nextBytes(m);
                return m;
            }
        }
    }
}
