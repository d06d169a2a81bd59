package org.atollmpi.nic.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Reads an up link's connection and hands its frames to the port's {@link FrameDispatcher}, which plays the NIC, on whichever
 * thread holds the connection's {@link ReadLock}: the rank's thread when its poll finds nothing
 * queued ({@link #readNow}), or the event loop when the socket becomes readable ({@link #onBytes},
 * from {@link FrameDecoder}). So a rank that waits for a message reads it from its socket itself,
 * without waiting for its event loop to wake up and then wake it; a rank that computes, or has
 * parked, still has its one-sided operations served and its messages queued by the event loop.
 *
 * <pre>
 *   rank's poll ──tryLock──▶ read(fd) ─┐
 *                                       ├─▶ cumulation ─▶ FrameDecoder.cut ─▶ FrameDispatcher / BodySink
 *   event loop ──lock (in allocate)──▶ Netty's read ─┘
 * </pre>
 *
 * The decoder's state, the partial frame and the streamed frame's sink live here and change only
 * under the lock, in the order the bytes were read. A frame that breaks the protocol, or that the
 * port cannot take, closes the connection with a logged reason on either thread.
 */
final class LinkReader implements ReadPolicy.Reader {
    /**
     * The rank's read buffer grows from {@link #MIN_READ} to {@link #MAX_READ} while its reads fill
     * it, and shrinks while they do not, as Netty's adaptive allocator does for the event loop: a
     * queued small message pins the buffer it was read into until the rank takes it.
     */
    private static final int MIN_READ = 2 << 10;
    private static final int MAX_READ = 64 << 10;
    /**
     * The most one poll reads: a stream that never pauses must not keep the rank in its poll. What
     * it leaves is read by its next poll, or, if it stops polling, by the event loop once the port
     * cools (epoll reports a socket readable again when it is watched again).
     */
    private static final int POLL_BYTES = 1 << 20;

    private final TcpHostPort port;
    private final FrameDispatcher dispatcher;
    private final PeerLink link;
    private final Channel channel;
    private final FrameDecoder decoder;
    private final ReadLock lock;
    private final List<Object> cut = new ArrayList<>(2);
    /** Bytes read and not yet cut into frames (a frame's beginning), or null. */
    private ByteBuf cumulation;
    /** Where the data of the streamed frame now arriving goes, or null. */
    private BodySink stream;
    /** The rank's read buffer, kept while its reads find nothing. */
    private ByteBuf scratch;
    private int readSize = MIN_READ;

    LinkReader(TcpHostPort port, PeerLink link, Channel channel, FrameDecoder decoder, ReadLock lock) {
        this.port = port;
        this.dispatcher = port.dispatcher();
        this.link = link;
        this.channel = channel;
        this.decoder = decoder;
        this.lock = lock;
    }

    /**
     * Turns the event loop's reading of this socket on or off (Netty's auto-read), in the order
     * asked: the changes run on the event loop, one after the other. Reading back on, with bytes
     * already waiting, reads them at once (epoll reports a socket that is readable when it is
     * watched again).
     */
    @Override
    public void loopReads(boolean on) {
        try {
            channel.eventLoop().execute(() -> channel.config().setAutoRead(on));
        } catch (RejectedExecutionException e) {
            // the event loop is stopping: the board is closing
        }
    }

    /** Whether other threads than the event loop can read the socket (epoll) and the link is up. */
    boolean readable() {
        return link.readable();
    }

    /**
     * The rank's thread: reads what the socket holds now, unless the event loop is reading it.
     *
     * @return whether anything was read
     */
    @Override
    public boolean readNow() {
        if (!lock.tryLock()) {
            return false;
        }
        try {
            return read(POLL_BYTES) > 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reads until the socket has nothing more or {@code most} bytes are in. The end of the stream or
     * a failed read stops it and is left to the event loop, which sees it too and takes the link down.
     */
    private int read(int most) {
        int total = 0;
        while (total < most && !decoder.failed()) {
            if (scratch == null) {
                scratch = channel.alloc().directBuffer(readSize);
                if (!scratch.hasMemoryAddress()) {
                    scratch.release();
                    scratch = null;
                    return total;
                }
            }
            int room = scratch.writableBytes();
            int n = link.read(scratch.memoryAddress(), scratch.writerIndex(), scratch.writerIndex() + room);
            if (n <= 0) {
                break;
            }
            readSize = n == room ? Math.min(MAX_READ, readSize << 1) : n < room >> 2 ? Math.max(MIN_READ, readSize >> 1)
                : readSize;
            total += n;
            scratch.writerIndex(scratch.writerIndex() + n);
            ByteBuf in = scratch;
            scratch = null;
            onBytes(in);
            if (n < room) {
                break; // the socket had less than was asked: it is drained
            }
        }
        return total;
    }

    /** Bytes read from the connection (taken over); the caller holds the read lock. */
    void onBytes(ByteBuf in) {
        if (decoder.failed()) {
            in.release();
            return;
        }
        cumulation = cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(channel.alloc(), cumulation, in);
        try {
            while (cumulation.isReadable() && !decoder.failed()) {
                int before = cumulation.readableBytes();
                decoder.cut(channel, cumulation, cut);
                for (int i = 0; i < cut.size(); i++) {
                    deliver(cut.get(i));
                }
                cut.clear();
                if (cumulation.readableBytes() == before) {
                    break; // a frame's beginning: the rest is still to come
                }
            }
        } finally {
            for (int i = 0; i < cut.size(); i++) {
                release(cut.get(i)); // a frame after the one that failed
            }
            cut.clear();
            if (!cumulation.isReadable() || decoder.failed()) {
                cumulation.release();
                cumulation = null;
            } // else it holds the beginning of a frame, which the next bytes are merged onto
        }
    }

    private void deliver(Object decoded) {
        try {
            if (decoded instanceof Frame.BodyPiece piece) {
                try {
                    if (stream != null) {
                        stream.copy(piece.data());
                        if (piece.last()) {
                            BodySink done = stream;
                            stream = null;
                            done.done();
                        }
                    }
                } finally {
                    piece.data().release();
                }
                return;
            }
            Frame frame = (Frame) decoded;
            try {
                if (frame.streamed() > 0) {
                    stream = dispatcher.streaming(link.peer, frame.type(), frame.body(), frame.streamed());
                } else {
                    dispatcher.onFrame(link.peer, frame.type(), frame.body());
                }
            } finally {
                frame.body().release();
            }
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    /** The port refused a frame: nothing more of this connection is delivered, and it closes. */
    private void fail(RuntimeException cause) {
        decoder.fail();
        stream = null;
        String why = cause instanceof ProtocolViolation ? "rank " + link.peer + " broke the protocol: " + cause.getMessage()
            : "the connection to rank " + link.peer + " failed: " + cause;
        link.lost(channel, why);
        port.log().closed(port + ": closed: " + why);
        channel.close();
    }

    private static void release(Object decoded) {
        if (decoded instanceof Frame.BodyPiece piece) {
            piece.data().release();
        } else if (decoded instanceof Frame frame) {
            frame.body().release();
        }
    }

    /** The connection closed: what this reader holds goes (on the event loop, under the lock). */
    void closed() {
        lock.lock();
        try {
            decoder.fail();
            stream = null;
            if (cumulation != null) {
                cumulation.release();
                cumulation = null;
            }
            if (scratch != null) {
                scratch.release();
                scratch = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
