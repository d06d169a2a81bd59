package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.TcpFrame.HEADER_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.LENGTH_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.MAGIC_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.RESERVED_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.TYPE_OFFSET;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Cuts a connection's bytes into {@link Frame}s. A header is checked against {@link FrameLimits}
 * as soon as its 8 bytes are in, before anything waits for its body: a bad magic, a reserved bit,
 * an unknown type, a length the type cannot have, or a frame of the wrong phase (anything but the
 * handshake before authentication, the handshake after) closes the connection with a logged reason,
 * and nothing after it is decoded or delivered. The body is a slice of the bytes read, never a
 * buffer sized from the length field.
 *
 * <p>A GET_REPLY or PUT with at least {@link #STREAM_BYTES} of data that has not arrived whole is
 * streamed: once its fixed fields are in, they go on as a {@link Frame} that announces the data,
 * and the data follows as {@link Frame.BodyPiece}s, slices of each read as it comes. The bytes
 * read are then never gathered into one buffer (which cost a copy of each read and the copies of
 * the buffer's growth) and the receiver copies each piece straight to the Get's destination or
 * into the Put's window ({@link BodySink}).
 *
 * <p>Once the link is up, its {@link LinkReader} cuts the frames, with this decoder's checks and
 * state, because the rank's thread reads the socket too: the bytes the event loop reads are handed
 * to it whole, under the connection's {@link ReadLock}, which this decoder gives back once they
 * are handled.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private final FrameLimits limits;
    private final ConnectionLog log;
    private final String who;
    /** The smallest GET_REPLY or PUT data streamed rather than gathered. */
    static final int STREAM_BYTES = 64 << 10;

    private boolean authenticated;
    /** Data bytes of the streamed frame still to come (0: none is being streamed). */
    private int streamLeft;
    /** The link this connection carries once authenticated: closing its socket goes through it. */
    private PeerLink link;
    private boolean failed;
    /** The link's reader once it is up: it cuts the frames from then on. */
    private LinkReader reader;
    /** The connection's read lock, when the event loop takes it for its reads. */
    private ReadLock readLock;

    /** @param who names this end and the connection in log lines ("rank 3, connection from ...") */
    FrameDecoder(FrameLimits limits, ConnectionLog log, String who) {
        this.limits = limits;
        this.log = log;
        this.who = who;
    }

    /** The handshake has succeeded: from now on data frames for {@code link}, and no more handshake frames. */
    void authenticated(PeerLink link) {
        this.link = link;
        authenticated = true;
    }

    /** The event loop's reads take {@code lock} (see {@link ReadLock}); this decoder gives it back after each. */
    FrameDecoder readUnder(ReadLock lock) {
        readLock = lock;
        return this;
    }

    /** From now on the bytes the event loop reads go to {@code reader}. */
    void reading(LinkReader reader) {
        this.reader = reader;
    }

    ReadLock readLock() {
        return readLock;
    }

    boolean failed() {
        return failed;
    }

    /** Nothing more is decoded: the connection is closing. */
    void fail() {
        failed = true;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (reader != null && !failed) {
            reader.onBytes(in.readRetainedSlice(in.readableBytes()));
            return;
        }
        cut(ctx.channel(), in, out);
    }

    // The events ByteToMessageDecoder leaves to its adapter, passed on here as the adapter does:
    // declared here, they carry none of its @Skip annotations (see ForwardingInboundHandler).

    @Override
    public void channelRegistered(ChannelHandlerContext ctx) {
        ctx.fireChannelRegistered();
    }

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) {
        ctx.fireChannelUnregistered();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.fireChannelActive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    @SuppressWarnings("deprecation") // as in ForwardingInboundHandler
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.fireExceptionCaught(cause);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        try {
            super.channelReadComplete(ctx);
        } finally {
            if (readLock != null) {
                readLock.releaseIfHeld();
            }
        }
    }

    /**
     * Cuts at most one frame, or one piece of a streamed frame, from {@code in} into {@code out};
     * a refused header closes {@code ch}. On the event loop or, once the link is up, on whichever
     * thread holds the connection's read lock.
     */
    void cut(Channel ch, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (streamLeft > 0) {
            int piece = Math.min(streamLeft, in.readableBytes());
            streamLeft -= piece;
            out.add(new Frame.BodyPiece(in.readRetainedSlice(piece), streamLeft == 0));
            return;
        }
        if (in.readableBytes() < HEADER_BYTES) {
            return;
        }
        int at = in.readerIndex();
        byte type = in.getByte(at + TYPE_OFFSET);
        int length = in.getInt(at + LENGTH_OFFSET);
        String refusal = limits.check(in.getShort(at + MAGIC_OFFSET), type, in.getByte(at + RESERVED_OFFSET), length,
            authenticated);
        if (refusal != null) {
            failed = true;
            in.skipBytes(in.readableBytes());
            log.closed(who + ": closed: " + refusal);
            if (link != null) {
                link.lost(ch, "rank " + link.peer + " broke the protocol: " + refusal);
            }
            ch.close();
            return;
        }
        if (in.readableBytes() < HEADER_BYTES + length) {
            int fields = type == TcpFrame.GET_REPLY ? GetReplyFlyweight.FIELDS_BYTES
                : type == TcpFrame.PUT ? WindowRequestFlyweight.PUT_FIELDS_BYTES : -1;
            if (fields > 0 && length - fields >= STREAM_BYTES && in.readableBytes() >= HEADER_BYTES + fields) {
                streamLeft = length - fields;
                out.add(new Frame(type, in.retainedSlice(at + HEADER_BYTES, fields), streamLeft));
                in.skipBytes(HEADER_BYTES + fields);
            }
            return;
        }
        out.add(new Frame(type, in.retainedSlice(at + HEADER_BYTES, length)));
        in.skipBytes(HEADER_BYTES + length);
    }
}
