package org.atollmpi.engine;

/**
 * The header words of a FRAG record: one piece of a matched rendezvous that travels through the
 * receiver's ring: the default way for data outside board memory, and the way for any data when
 * no staging memory or window descriptor can be had (the board heap is exhausted, or every
 * descriptor is taken). The payload is the data; the receiver copies it straight into the
 * matched receive buffer.
 *
 * <pre>
 *  header0:  63      56 55                                                         0
 *           +----------+-----------------------------------------------------------+
 *           | FRAG (4) |         byte offset of this piece in the message          |
 *           +----------+-----------------------------------------------------------+
 *  header1:  63                               32 31                                0
 *           +-----------------------------------+-----------------------------------+
 *           |             (zero)                |        receiver handle            |
 *           +-----------------------------------+-----------------------------------+
 * </pre>
 *
 * FRAG records are not sequenced: they name their receive, so they need no matching, and the
 * byte offset makes each piece stand on its own.
 */
final class FragmentDescriptor {
    private FragmentDescriptor() {
    }

    static long header0(long byteOffset) {
        return ((long) Envelope.FRAG << 56) | (byteOffset & 0x00FF_FFFF_FFFF_FFFFL);
    }

    static long header1(int receiverHandle) {
        return receiverHandle & 0xFFFF_FFFFL;
    }

    static long byteOffset(long header0) {
        return header0 & 0x00FF_FFFF_FFFF_FFFFL;
    }

    static int receiverHandle(long header1) {
        return (int) header1;
    }

    static boolean wellFormed(long header1) {
        return (header1 >>> 32) == 0;
    }
}
