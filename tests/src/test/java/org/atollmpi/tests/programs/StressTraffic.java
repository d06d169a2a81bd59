package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

/**
 * The traffic of {@link ThreadMultipleStress}: message {@code seq} of thread {@code thread} of rank
 * {@code source} is a pure function of the three, so every rank knows every message, and a
 * receiving thread knows how many it is owed and what each must hold without asking anyone.
 *
 * <p>A message goes to the other ranks in turn ({@code seq % (ranks - 1)}); its size, channel,
 * buffer and send mode come from a hash of its identity. Sizes cover every protocol: 0 B, the
 * 40-byte fast slots, ring records up to 64 KiB, and one message in 200 above the eager limits
 * (16 KiB for board memory, 128 KiB for heap arrays) so that rendezvous runs too.
 *
 * <p>The payload of a message of {@value #HEADER} bytes or more starts with its header (source,
 * thread, sequence number, size, four ints); the rest, and the whole of a shorter one, is a pattern
 * of its identity, so a message delivered to the wrong receive, shifted, truncated or stale never
 * passes.
 */
final class StressTraffic {
    /** How a message is matched at its destination; each channel has a communicator of its own. */
    enum Channel {
        /** Source and tag (the sending thread) named: arrives in send order. */
        ORDERED,
        /** {@code ANY_SOURCE}, tag named; two receiving threads share each tag. */
        ANY_SOURCE,
        /** {@code ANY_SOURCE} and {@code ANY_TAG}: every receiving thread takes from one pool. */
        ANY_TAG
    }

    enum Mode { SEND, SSEND, ISEND, ISSEND }

    /** One message: where it goes and how it is sent. */
    record Message(int source, int thread, int seq, int dest, Channel channel, int size, boolean direct, Mode mode) {
    }

    static final int HEADER = 16;
    /** The largest message, above both eager limits. */
    static final int LARGEST = 192 << 10;
    /** The eager limit of board memory ({@code EngineConfig.DEFAULT_EAGER_LIMIT}). */
    static final int BOARD_EAGER = 16 << 10;
    /** The eager limit of heap arrays ({@code EngineConfig.DEFAULT_STAGED_EAGER_LIMIT}). */
    static final int ARRAY_EAGER = 128 << 10;

    final int ranks;
    final int threads;
    final int messages;

    StressTraffic(int ranks, int threads, int messages) {
        this.ranks = ranks;
        this.threads = threads;
        this.messages = messages;
    }

    Message message(int source, int thread, int seq) {
        long h = mix(((long) source << 48) ^ ((long) thread << 32) ^ seq);
        int dest = (source + 1 + seq % (ranks - 1)) % ranks;
        boolean direct = Math.floorMod(mix(h ^ 1), 3) == 0;
        int size = size(Math.floorMod(mix(h ^ 2), 1000), mix(h ^ 3), direct);
        Channel channel = switch ((int) Math.floorMod(mix(h ^ 4), 4)) {
            case 0, 1 -> Channel.ORDERED;
            case 2 -> size >= HEADER ? Channel.ANY_SOURCE : Channel.ORDERED;
            default -> Channel.ANY_TAG;
        };
        int m = (int) Math.floorMod(mix(h ^ 5), 20);
        Mode mode = m == 0 ? Mode.SSEND : m < 3 ? Mode.ISSEND : m < 11 ? Mode.SEND : Mode.ISEND;
        return new Message(source, thread, seq, dest, channel, size, direct, mode);
    }

    /** Per mille: 0.5 % rendezvous, 8 % empty, 40 % fast slots, the rest ring records. */
    private static int size(long perMille, long r, boolean direct) {
        if (perMille < 5) {
            int above = direct ? BOARD_EAGER : ARRAY_EAGER;
            return above + 1 + between(r, LARGEST - above - 1);
        }
        if (perMille < 85) {
            return 0;
        }
        if (perMille < 485) {
            return 1 + between(r, 40);
        }
        if (perMille < 735) {
            return 41 + between(r, 1024 - 41);
        }
        if (perMille < 935) {
            return 1025 + between(r, 4096 - 1025);
        }
        return 4097 + between(r, (direct ? BOARD_EAGER : 64 << 10) - 4097);
    }

    private static int between(long r, int n) {
        return (int) Math.floorMod(r, (long) n + 1);
    }

    /** The tag a message is sent with: the sending thread, and in the pool its sequence number too. */
    int tag(Message m) {
        return m.channel() == Channel.ANY_TAG ? m.thread() * messages + m.seq() : m.thread();
    }

    /** The sending thread of a message received from the pool by its tag. */
    int threadOfPoolTag(int tag) {
        return tag / messages;
    }

    int seqOfPoolTag(int tag) {
        return tag % messages;
    }

    /** The payload of a message: its header (when it has room for one), then its pattern. */
    static byte[] payload(Message m) {
        byte[] b = new byte[m.size()];
        int from = 0;
        if (m.size() >= HEADER) {
            ByteBuffer header = ByteBuffer.wrap(b);
            header.putInt(0, m.source()).putInt(4, m.thread()).putInt(8, m.seq()).putInt(12, m.size());
            from = HEADER;
        }
        int x = (int) mix(((long) m.source() << 40) ^ ((long) m.thread() << 24) ^ m.seq()) | 1;
        for (int i = from; i < b.length; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            b[i] = (byte) x;
        }
        return b;
    }

    /** The sequence number in a received header (the message has at least {@value #HEADER} bytes). */
    static int seqInHeader(byte[] received) {
        return ByteBuffer.wrap(received).getInt(8);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
