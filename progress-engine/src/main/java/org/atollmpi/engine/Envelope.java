package org.atollmpi.engine;

/**
 * The engine's envelope, carried in the two header words of every data deposit (fast send or
 * receive-ring record).
 *
 * <pre>
 *  header0:  63      56 55                   32 31                                0
 *           +----------+-----------------------+-----------------------------------+
 *           |   kind   |   context id (24)     |              MPI tag              |
 *           +----------+-----------------------+-----------------------------------+
 *  header1:  63                               32 31                                0
 *           +-----------------------------------+-----------------------------------+
 *           |  per-peer sequence number         |  aux: sender handle (EAGER_SYNC,  |
 *           |                                   |  RTS), else 0                     |
 *           +-----------------------------------+-----------------------------------+
 * </pre>
 *
 * The source rank comes from the port. The sequence number orders the matched messages of one
 * sender to one receiver across the NIC's two channels (fast slots and receive ring), which is
 * what makes matching non-overtaking. {@link #FRAG} records are not matched and carry no
 * envelope: their header words are a {@link FragmentDescriptor}.
 */
final class Envelope {
    /** Eager data; the payload is the message. */
    static final int EAGER = 1;
    /** Eager data of a synchronous send: the receiver acknowledges the match (aux = sender handle). */
    static final int EAGER_SYNC = 2;
    /** Request to send: the payload is an {@link RtsDescriptor} (aux = sender handle). */
    static final int RTS = 3;
    /** A piece of a matched rendezvous sent through the receive ring ({@link FragmentDescriptor}). */
    static final int FRAG = 4;

    private Envelope() {
    }

    static long header0(int kind, int context, int tag) {
        return ((long) kind << 56) | ((long) (context & 0xFF_FFFF) << 32) | (tag & 0xFFFF_FFFFL);
    }

    static long header1(int sequence, int aux) {
        return ((long) sequence << 32) | (aux & 0xFFFF_FFFFL);
    }

    static int kind(long header0) {
        return (int) (header0 >>> 56);
    }

    static int context(long header0) {
        return (int) (header0 >>> 32) & 0xFF_FFFF;
    }

    static int tag(long header0) {
        return (int) header0;
    }

    static int sequence(long header1) {
        return (int) (header1 >>> 32);
    }

    static int aux(long header1) {
        return (int) header1;
    }
}
