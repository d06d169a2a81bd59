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
 * <caption>bodies (sizes in bytes)</caption>
 * <tr><th>type</th><th>body</th></tr>
 * <tr><td>CHALLENGE</td><td>version:4, nonce:16 (the acceptor's, at connect)</td></tr>
 * <tr><td>HELLO</td><td>rank:4, target:4, nonce:16, credits (fast:4, ring:4, notes:4), mac:32
 *     = HMAC-SHA256(secret, "atoll-tcp-hello" | the acceptor's nonce | rank | target)</td></tr>
 * <tr><td>WELCOME</td><td>credits (fast:4, ring:4, notes:4), mac:32
 *     = HMAC-SHA256(secret, "atoll-tcp-welcome" | the connector's nonce | acceptor | connector)</td></tr>
 * <tr><td>REJECT</td><td>code:1 ({@link #REJECT_REFUSED} or {@link #REJECT_SIMULTANEOUS}), reason, UTF-8, at most 256</td></tr>
 * <tr><td>FAST_SEND</td><td>header0:8, header1:8, payload (at most 40)</td></tr>
 * <tr><td>SEND</td><td>header0:8, header1:8, payload (at most the receiver's record limit)</td></tr>
 * <tr><td>NOTIFY</td><td>type:4, arg0:8, arg1:8, arg2:8</td></tr>
 * <tr><td>CREDIT</td><td>fast:4, ring bytes:4, notes:4 (room the receiver has freed)</td></tr>
 * <tr><td>PUT</td><td>request:4, window:4, capability:8, offset:8, length:4, part:4, data (one part)</td></tr>
 * <tr><td>GET</td><td>request:4, window:4, capability:8, offset:8, length:4, part:4, part length:4</td></tr>
 * <tr><td>FETCH_ADD</td><td>request:4, window:4, capability:8, offset:8, delta:8</td></tr>
 * <tr><td>CAS</td><td>request:4, window:4, capability:8, offset:8, expected:8, value:8</td></tr>
 * <tr><td>GET_REPLY</td><td>request:4, part:4, data (one part of a Get that passed the check)</td></tr>
 * <tr><td>COMPLETION</td><td>request:4, status:4, value:8 (a Put part, an atomic, or a failed Get part)</td></tr>
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

    static final int NONCE_BYTES = 16;
    static final int MAC_BYTES = 32;
    static final int CREDITS_BYTES = 12;
    static final int MAX_REASON_BYTES = 256;
    /** REJECT code: not authenticated, or not admitted; the connection is over. */
    static final byte REJECT_REFUSED = 1;
    /**
     * REJECT code: both ranks dialled each other at once and the lower rank's connection wins;
     * the higher rank waits for it instead of dialling again.
     */
    static final byte REJECT_SIMULTANEOUS = 2;
    static final int CHALLENGE_BYTES = 4 + NONCE_BYTES;
    static final int HELLO_BYTES = 8 + NONCE_BYTES + CREDITS_BYTES + MAC_BYTES;
    static final int WELCOME_BYTES = CREDITS_BYTES + MAC_BYTES;
    /** header0 and header1 before a FAST_SEND or SEND payload. */
    static final int MESSAGE_HEADER_BYTES = 16;
    static final int FAST_PAYLOAD_BYTES = 40;
    static final int NOTIFY_BYTES = 28;
    /** Request, window, capability, offset, length, part: before a PUT's data. */
    static final int PUT_HEADER_BYTES = 32;
    static final int GET_BYTES = 36;
    static final int FETCH_ADD_BYTES = 32;
    static final int CAS_BYTES = 40;
    static final int GET_REPLY_HEADER_BYTES = 8;
    static final int COMPLETION_BYTES = 16;
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
