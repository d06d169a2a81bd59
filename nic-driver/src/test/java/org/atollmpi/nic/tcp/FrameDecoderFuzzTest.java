package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * 100,000 connections' worth of random and mutated frames through the decoder on an
 * {@link EmbeddedChannel}: valid frames of every type for the connection's phase, then a
 * mutation (bytes flipped, the stream cut short, a huge, negative or random length written into
 * a header, garbage spliced in, or nothing), fed in pieces of random size. Whatever comes in, no
 * exception leaves the pipeline; every frame delivered is one the limits allow, with exactly its
 * header's length; a refusal closes the connection with one log line and nothing after it is
 * delivered; and every buffer, the ones fed in and every one the decoder allocated, is released
 * (counted directly, and Netty's leak detector at PARANOID reports nothing).
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FrameDecoderFuzzTest {
    private static final int TRIALS = 100_000;
    private static final int MAX_SEND = 2048;
    private static final int PART = 4096;
    private static final long SEED = 0x13_2026_1123L;
    private static final FrameLimits LIMITS = new FrameLimits(MAX_SEND, PART);
    private static final byte[] TYPES = {TcpFrame.CHALLENGE, TcpFrame.HELLO, TcpFrame.WELCOME, TcpFrame.REJECT,
        TcpFrame.FAST_SEND, TcpFrame.SEND, TcpFrame.NOTIFY, TcpFrame.CREDIT, TcpFrame.PUT, TcpFrame.GET,
        TcpFrame.FETCH_ADD, TcpFrame.CAS, TcpFrame.GET_REPLY, TcpFrame.COMPLETION};

    /** An allocator that remembers every buffer it made, so that the test can check each was released. */
    private static final class CountingAllocator extends AbstractByteBufAllocator {
        final List<ByteBuf> made = new ArrayList<>();

        CountingAllocator() {
            super(false);
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            ByteBuf b = new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
            made.add(b);
            return b;
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            ByteBuf b = new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity);
            made.add(b);
            return b;
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }
    }

    @Test
    void randomAndMutatedFramesNeverThrowLeakOrDeliverWhatTheLimitsRefuse() {
        SplittableRandom random = new SplittableRandom(SEED);
        int[][] lengths = legalLengths();
        long delivered = 0;
        long refused = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            boolean authenticated = random.nextBoolean();
            byte[] stream = mutate(frames(random, lengths, authenticated), random);
            List<String> log = new ArrayList<>();
            CountingAllocator allocator = new CountingAllocator();
            FrameDecoder decoder = new FrameDecoder(LIMITS, log::add, "fuzz connection");
            if (authenticated) {
                decoder.authenticated(null);
            }
            EmbeddedChannel ch = new EmbeddedChannel();
            ch.config().setAllocator(allocator);
            ch.pipeline().addLast(decoder);
            List<ByteBuf> fed = new ArrayList<>();
            try {
                for (int at = 0; at < stream.length && ch.isOpen(); ) {
                    int n = Math.min(stream.length - at, 1 + random.nextInt(random.nextBoolean() ? 8 : 256));
                    ByteBuf piece = Unpooled.copiedBuffer(stream, at, n);
                    fed.add(piece);
                    ch.writeInbound(piece);
                    at += n;
                    delivered += drain(ch, authenticated, trial);
                }
                ch.finish();
                delivered += drain(ch, authenticated, trial);
            } catch (RuntimeException e) {
                throw new AssertionError("trial " + trial + " (seed " + SEED + "): " + e, e);
            }
            if (!ch.isOpen() && !log.isEmpty()) {
                refused++;
            }
            assertTrue(log.size() <= 1, "trial " + trial + ": one reason per refusal: " + log);
            for (ByteBuf b : fed) {
                assertEquals(0, b.refCnt(), "trial " + trial + ": a buffer fed in was not released");
            }
            for (ByteBuf b : allocator.made) {
                assertEquals(0, b.refCnt(), "trial " + trial + ": a buffer the decoder allocated was not released");
            }
        }
        assertTrue(delivered > TRIALS / 2, "the corpus is mostly valid frames: " + delivered + " delivered");
        assertTrue(refused > TRIALS / 4, "the mutations are mostly refused: " + refused + " refused");
        // Netty's detector at PARANOID checks the buffers of every class: NettyLeakCheck.
    }

    /** Reads and checks every frame the decoder delivered; returns how many. */
    private static int drain(EmbeddedChannel ch, boolean authenticated, int trial) {
        int n = 0;
        for (Object o; (o = ch.readInbound()) != null; n++) {
            Frame f = (Frame) o;
            try {
                String refusal = LIMITS.check(TcpFrame.MAGIC, f.type(), (byte) 0, f.body().readableBytes(), authenticated);
                assertNull(refusal, "trial " + trial + ": delivered a frame the limits refuse");
            } finally {
                f.body().release();
            }
        }
        return n;
    }

    /** For each type, the lengths its frames may have (every legal length up to a bound, to pick from). */
    private static int[][] legalLengths() {
        int[][] lengths = new int[256][];
        for (byte type : TYPES) {
            List<Integer> legal = new ArrayList<>();
            for (int length = 0; length <= 2 * PART + 64; length++) {
                if (LIMITS.check(TcpFrame.MAGIC, type, (byte) 0, length, true) == null
                        || LIMITS.check(TcpFrame.MAGIC, type, (byte) 0, length, false) == null) {
                    legal.add(length);
                }
            }
            lengths[type & 0xFF] = legal.stream().mapToInt(Integer::intValue).toArray();
        }
        return lengths;
    }

    /** One to four frames the phase allows (now and then one it does not), with random bodies. */
    private static byte[] frames(SplittableRandom random, int[][] lengths, boolean authenticated) {
        ByteBuf out = Unpooled.buffer();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            byte type;
            do {
                type = TYPES[random.nextInt(TYPES.length)];
            } while (random.nextInt(10) != 0 && (type < TcpFrame.FAST_SEND) == authenticated);
            int[] legal = lengths[type & 0xFF];
            int length = legal.length == 0 ? random.nextInt(64) : legal[random.nextInt(legal.length)];
            byte[] body = new byte[length];
            random.nextBytes(body);
            out.writeShort(TcpFrame.MAGIC).writeByte(type).writeByte(0).writeInt(length).writeBytes(body);
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        out.release();
        return bytes;
    }

    private static byte[] mutate(byte[] s, SplittableRandom random) {
        switch (random.nextInt(7)) {
            case 0 -> {
                return s; // untouched
            }
            case 1 -> { // flip bytes
                byte[] m = s.clone();
                for (int k = 1 + random.nextInt(4); k > 0; k--) {
                    m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                }
                return m;
            }
            case 2 -> { // flip a byte of the first header
                byte[] m = s.clone();
                m[random.nextInt(Math.min(8, m.length))] ^= (byte) (1 + random.nextInt(255));
                return m;
            }
            case 3 -> { // cut short
                return java.util.Arrays.copyOf(s, random.nextInt(s.length));
            }
            case 4 -> { // a huge, negative or random length in the first header
                byte[] m = s.clone();
                int[] lengths = {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, PART * 4, MAX_SEND + 17, random.nextInt()};
                int length = lengths[random.nextInt(lengths.length)];
                m[4] = (byte) (length >>> 24);
                m[5] = (byte) (length >>> 16);
                m[6] = (byte) (length >>> 8);
                m[7] = (byte) length;
                return m;
            }
            case 5 -> { // garbage spliced in
                byte[] garbage = new byte[1 + random.nextInt(64)];
                random.nextBytes(garbage);
                int at = random.nextInt(s.length + 1);
                byte[] m = new byte[s.length + garbage.length];
                System.arraycopy(s, 0, m, 0, at);
                System.arraycopy(garbage, 0, m, at, garbage.length);
                System.arraycopy(s, at, m, at + garbage.length, s.length - at);
                return m;
            }
            default -> { // random bytes only
                byte[] m = new byte[random.nextInt(300)];
                random.nextBytes(m);
                return m;
            }
        }
    }
}
