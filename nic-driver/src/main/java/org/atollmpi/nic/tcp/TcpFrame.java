package org.atollmpi.nic.tcp;

/**
 * The frame every TCP board connection carries, and the body of each type: the host-interface
 * operations of {@link org.atollmpi.nic.HostPort} on the wire. Big-endian throughout.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-------------------------------+---------------+---------------+
 *  |      magic 0x4154 ("AT")      |     type      |  0 (reserved) |
 *  +-------------------------------+---------------+---------------+
 *  |                  body length (bytes, unsigned)                |
 *  +---------------------------------------------------------------+
 *  |  body ...                                                     |
 * </pre>
 *
 * <table>
 * <caption>bodies: each kind's layout is in one flyweight, which every writer and reader uses</caption>
 * <tr><th>type</th><th>body</th></tr>
 * <tr><td>CHALLENGE, HELLO, WELCOME, REJECT</td><td>{@link HandshakeFlyweight} (credits: {@link CreditFlyweight})</td></tr>
 * <tr><td>FAST_SEND, SEND</td><td>{@link MessageFlyweight}</td></tr>
 * <tr><td>NOTIFY</td><td>{@link NotifyFlyweight}</td></tr>
 * <tr><td>CREDIT</td><td>{@link CreditFlyweight}</td></tr>
 * <tr><td>PUT, GET, FETCH_ADD, CAS</td><td>{@link WindowRequestFlyweight}</td></tr>
 * <tr><td>GET_REPLY</td><td>{@link GetReplyFlyweight}</td></tr>
 * <tr><td>COMPLETION</td><td>{@link CompletionFlyweight}</td></tr>
 * </table>
 *
 * <p>A Put or Get longer than one part travels as several frames; each carries the whole
 * operation's offset and length, which the target checks for every part, so either every part
 * passes or none touches memory. {@code request} names the origin's outstanding operation; the
 * caller's token never leaves the origin.
 */
final class TcpFrame {
    static final short MAGIC = 0x4154;
    /** Sent in CHALLENGE; a peer speaking another version is refused. */
    static final int VERSION = 1;
    static final int HEADER_BYTES = 8;
    static final int MAGIC_OFFSET = 0;
    static final int TYPE_OFFSET = 2;
    static final int RESERVED_OFFSET = 3;
    static final int LENGTH_OFFSET = 4;

    // Before authentication.
    static final byte CHALLENGE = 1;
    static final byte HELLO = 2;
    static final byte WELCOME = 3;
    static final byte REJECT = 4;
    // After.
    static final byte FAST_SEND = 16;
    static final byte SEND = 17;
    static final byte NOTIFY = 18;
    static final byte CREDIT = 19;
    static final byte PUT = 32;
    static final byte GET = 33;
    static final byte FETCH_ADD = 34;
    static final byte CAS = 35;
    static final byte GET_REPLY = 36;
    static final byte COMPLETION = 37;

    /** REJECT code: not authenticated, or not admitted; the connection is over. */
    static final byte REJECT_REFUSED = 1;
    /**
     * REJECT code: both ranks dialled each other at once and the lower rank's connection wins;
     * the higher rank waits for it instead of dialling again.
     */
    static final byte REJECT_SIMULTANEOUS = 2;
    /**
     * What one SEND record costs the receiver's ring credit beyond its payload: the same 32 bytes
     * as a record header of the shm board's ring, so both boards offer the same record limit.
     */
    static final int RECORD_OVERHEAD = 32;

    private TcpFrame() {
    }

    static boolean isHandshake(byte type) {
        return type >= CHALLENGE && type <= REJECT;
    }

    static String name(byte type) {
        return switch (type) {
            case CHALLENGE -> "CHALLENGE";
            case HELLO -> "HELLO";
            case WELCOME -> "WELCOME";
            case REJECT -> "REJECT";
            case FAST_SEND -> "FAST_SEND";
            case SEND -> "SEND";
            case NOTIFY -> "NOTIFY";
            case CREDIT -> "CREDIT";
            case PUT -> "PUT";
            case GET -> "GET";
            case FETCH_ADD -> "FETCH_ADD";
            case CAS -> "CAS";
            case GET_REPLY -> "GET_REPLY";
            case COMPLETION -> "COMPLETION";
            default -> "type " + (type & 0xFF);
        };
    }
}
