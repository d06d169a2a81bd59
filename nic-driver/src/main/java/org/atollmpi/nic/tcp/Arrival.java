package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

/**
 * One thing waiting for the port's poll: a message (fast send or SEND record) with its payload,
 * a notification, or the completion of one of this port's one-sided operations. Made by the
 * thread that plays the NIC, consumed by the rank's thread.
 */
final class Arrival {
    static final byte COMPLETION = 0;

    /** {@link TcpFrame#FAST_SEND}, {@link TcpFrame#SEND}, {@link TcpFrame#NOTIFY} or {@link #COMPLETION}. */
    final byte kind;
    final int source;
    /** header0 / arg0 / token. */
    final long a;
    /** header1 / arg1 / value. */
    final long b;
    /** arg2. */
    final long c;
    /** The notification's type, the completion's status, the request id of a completion. */
    final int code;
    final int request;
    /** A message's payload, released once delivered; null otherwise. */
    final ByteBuf payload;

    private Arrival(byte kind, int source, long a, long b, long c, int code, int request, ByteBuf payload) {
        this.kind = kind;
        this.source = source;
        this.a = a;
        this.b = b;
        this.c = c;
        this.code = code;
        this.request = request;
        this.payload = payload;
    }

    static Arrival message(byte kind, int source, long header0, long header1, ByteBuf payload) {
        return new Arrival(kind, source, header0, header1, 0, 0, 0, payload);
    }

    static Arrival notification(int source, int type, long arg0, long arg1, long arg2) {
        return new Arrival(TcpFrame.NOTIFY, source, arg0, arg1, arg2, type, 0, null);
    }

    static Arrival completion(int request, long token, int status, long value) {
        return new Arrival(COMPLETION, -1, token, value, 0, status, request, null);
    }
}
