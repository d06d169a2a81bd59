package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.TcpFrame.*;

import java.util.Arrays;

/**
 * Which body lengths a connection accepts for each frame type: exact for the fixed-size types,
 * bounded by this rank's record limit and one-sided part size for the others. The decoder checks
 * a header against these before it waits for (or keeps) a single byte of the body, so a length
 * field can never make it hold more than the largest legal frame.
 */
final class FrameLimits {
    private final int[] min = new int[256];
    private final int[] max = new int[256];

    /**
     * @param maxSendPayload the largest SEND payload this rank accepts
     * @param partBytes      the largest one-sided part (PUT data, GET_REPLY data) it accepts
     */
    FrameLimits(int maxSendPayload, int partBytes) {
        Arrays.fill(min, -1);
        exactly(CHALLENGE, HandshakeFlyweight.CHALLENGE_BYTES);
        exactly(HELLO, HandshakeFlyweight.HELLO_BYTES);
        exactly(WELCOME, HandshakeFlyweight.WELCOME_BYTES);
        between(REJECT, HandshakeFlyweight.REJECT_REASON_OFFSET,
            HandshakeFlyweight.REJECT_REASON_OFFSET + HandshakeFlyweight.MAX_REASON_BYTES);
        between(FAST_SEND, MessageFlyweight.FIELDS_BYTES, MessageFlyweight.FIELDS_BYTES + MessageFlyweight.FAST_PAYLOAD_BYTES);
        between(SEND, MessageFlyweight.FIELDS_BYTES, MessageFlyweight.FIELDS_BYTES + maxSendPayload);
        exactly(NOTIFY, NotifyFlyweight.BYTES);
        exactly(CREDIT, CreditFlyweight.BYTES);
        between(PUT, WindowRequestFlyweight.PUT_FIELDS_BYTES, WindowRequestFlyweight.PUT_FIELDS_BYTES + partBytes);
        exactly(GET, WindowRequestFlyweight.GET_BYTES);
        exactly(FETCH_ADD, WindowRequestFlyweight.FETCH_ADD_BYTES);
        exactly(CAS, WindowRequestFlyweight.CAS_BYTES);
        between(GET_REPLY, GetReplyFlyweight.FIELDS_BYTES, GetReplyFlyweight.FIELDS_BYTES + partBytes);
        exactly(COMPLETION, CompletionFlyweight.BYTES);
    }

    private void exactly(byte type, int length) {
        between(type, length, length);
    }

    private void between(byte type, int low, int high) {
        min[type & 0xFF] = low;
        max[type & 0xFF] = high;
    }

    /**
     * @param authenticated whether the connection has passed the handshake: before, only the
     *                      handshake's small frames are accepted; after, only the others
     * @return why the header is refused, or {@code null} when the body may follow
     */
    String check(short magic, byte type, byte reserved, int length, boolean authenticated) {
        if (magic != MAGIC) {
            return String.format("bad magic 0x%04x", magic & 0xFFFF);
        }
        if (reserved != 0) {
            return "reserved byte " + (reserved & 0xFF) + " in a " + TcpFrame.name(type) + " frame";
        }
        int t = type & 0xFF;
        if (min[t] < 0) {
            return "unknown frame type " + t;
        }
        if (TcpFrame.isHandshake(type) != !authenticated) {
            return TcpFrame.name(type) + " frame " + (authenticated ? "after" : "before") + " authentication";
        }
        if (length < min[t] || length > max[t]) {
            return "impossible length " + Integer.toUnsignedString(length) + " for a " + TcpFrame.name(type)
                + " frame (" + min[t] + ".." + max[t] + ")";
        }
        return null;
    }
}
