package org.atollmpi.nic.tcp;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.unix.FileDescriptor;
import io.netty.channel.unix.UnixChannel;

import org.atollmpi.nic.Memory;

/**
 * This port's side of its connection to one peer: the connection's state, the credits the peer
 * granted (room it holds for this rank's deposits) and the credits this rank owes it back.
 *
 * <h2>Who connects</h2>
 * A link is opened lazily by whichever rank first deposits to the other; until it is up,
 * deposits return {@code false} and one-sided operations {@code BUSY}, and the caller retries as
 * for any full queue. When both dial at once, each side's acceptor decides the same way: the
 * connection opened by the lower rank wins. The lower rank refuses the higher rank's connection
 * with {@link TcpFrame#REJECT_SIMULTANEOUS} (the higher rank then waits for the lower rank's,
 * without dialling again), and the higher rank admits the lower rank's, dropping its own attempt.
 *
 * <h2>Credits</h2>
 * A deposit takes credit before it is written: one fast send, one notification, or a SEND
 * record's payload plus {@link TcpFrame#RECORD_OVERHEAD} ring bytes. The receiver returns what
 * its poll has consumed in CREDIT frames once half the fast sends or notifications, or a quarter
 * of the ring bytes, have been consumed: a sender out of credit holds none of what the receiver
 * owes, so the receiver has consumed at least that much and sends it back. Credits rather than
 * Netty's write-buffer water marks: the water marks say the socket is slow, while the engine's
 * back-pressure means "the target has no room", and credits bound exactly what a rank that is
 * busy computing must hold for each peer.
 *
 * <h2>Who writes</h2>
 * Whichever thread has a frame for the peer (the rank's thread for its deposits and credits, the
 * event loop for its replies) writes it to the socket itself, under this link's monitor, when the
 * transport gives us the socket's descriptor (epoll) and nothing handed to the event loop is still
 * unwritten: a frame then costs one non-blocking {@code write}, with no hand-off to the event loop
 * and no wake-up of it. What the socket does not take at once (a full socket buffer), and every
 * frame after it until it is written, goes through the event loop in order ({@link #queued}), so
 * frames never interleave. Because a thread may be inside {@code write} on the descriptor, nothing
 * may close an up connection's socket before {@link #lost} has taken the link's monitor: the
 * established channel neither closes itself at end of input nor on a failed write (half-closure
 * allowed, auto-close off; see {@link #up}), and everything that closes it calls {@link #lost} first.
 */
final class PeerLink {
    enum State { IDLE, DIALING, AWAITING_PEER, UP, DOWN }

    final int peer;
    /** The loopback link of a port to itself: frames go straight to the port's receiver. */
    final boolean self;
    private final TcpBoardConfig config;

    private volatile State state = State.IDLE;
    private Channel channel;
    /** The up connection's socket, when the transport lets other threads write to it (epoll); else null. */
    private FileDescriptor socket;
    /** Frames handed to the event loop and not yet written: while any is, a direct write would overtake it. */
    private int queued;
    private final ChannelFutureListener onWritten = this::written;
    private Channel dialing;
    private volatile String failure;

    // Granted by the peer; taken by the rank's thread only, added by the event loop.
    private final AtomicInteger fastCredits = new AtomicInteger();
    private final AtomicLong ringCredits = new AtomicLong();
    private final AtomicInteger noteCredits = new AtomicInteger();

    // What the peer has deposited here and this rank has not consumed yet (checked against the grant).
    private final AtomicInteger fastHeld = new AtomicInteger();
    private final AtomicLong ringHeld = new AtomicLong();
    private final AtomicInteger notesHeld = new AtomicInteger();

    // Consumed since the last CREDIT frame (the rank's thread only).
    private int fastOwed;
    private long ringOwed;
    private int notesOwed;

    PeerLink(int peer, boolean self, TcpBoardConfig config) {
        this.peer = peer;
        this.self = self;
        this.config = config;
        if (self) {
            state = State.UP;
            grant(config.slotsPerPeer(), config.ringBytesPerPeer(), config.notificationsPerPeer());
        }
    }

    State state() {
        return state;
    }

    String failure() {
        return failure;
    }

    Channel channel() {
        return channel;
    }

    // ---- connection state ---------------------------------------------------------------------

    /** The rank's thread found no link: whether it should dial (only the first time). */
    synchronized boolean startDial() {
        if (state != State.IDLE) {
            return false;
        }
        state = State.DIALING;
        return true;
    }

    void dialing(Channel ch) {
        synchronized (this) {
            if (state == State.DIALING && dialing == null) {
                dialing = ch;
                return;
            }
        }
        ch.close(); // another connection won while this one was being set up
    }

    /**
     * The acceptor's decision on an authenticated HELLO from this peer. An attempt of our own that
     * loses is closed only once the link is up on {@code ch}: closing it fails its connect at once
     * on this thread, and that must not find the link still dialling.
     *
     * @param lowerRankDialled whether the incoming connection comes from the lower rank of the pair
     * @return {@code 0} to admit (the link is up on {@code ch}), else the REJECT code
     */
    byte admit(Channel ch, boolean lowerRankDialled, int fast, int ring, int notes) {
        Channel abandoned;
        synchronized (this) {
            switch (state) {
                case IDLE, AWAITING_PEER -> abandoned = null;
                case DIALING -> {
                    if (!lowerRankDialled) {
                        return TcpFrame.REJECT_SIMULTANEOUS;
                    }
                    abandoned = dialing;
                    dialing = null;
                }
                default -> {
                    return TcpFrame.REJECT_REFUSED;
                }
            }
            up(ch, fast, ring, notes, 1);
        }
        if (abandoned != null) {
            abandoned.close();
        }
        return 0;
    }

    /** The connector's WELCOME arrived on {@code ch}. @return false when {@code ch} lost to another connection */
    synchronized boolean connected(Channel ch, int fast, int ring, int notes) {
        if (state != State.DIALING || dialing != ch) {
            return false;
        }
        dialing = null;
        up(ch, fast, ring, notes, 0);
        return true;
    }

    /** The peer refused our connection because its own is on the way. */
    synchronized void yieldTo(Channel ch) {
        if (state == State.DIALING && dialing == ch) {
            dialing = null;
            state = State.AWAITING_PEER;
        }
    }

    /**
     * {@code ch} failed or closed; the link is down if it was the link's connection or its only
     * attempt (one that never got as far as a channel, too).
     *
     * @return whether the link went down: a connection that lost a simultaneous open ends quietly
     */
    synchronized boolean lost(Channel ch, String why) {
        if ((state == State.UP && channel == ch) || (state == State.DIALING && (dialing == ch || dialing == null))) {
            failure = why;
            state = State.DOWN;
            channel = null;
            socket = null;
            dialing = null;
            return true;
        }
        return false;
    }

    /**
     * @param handshakeFrames frames of the handshake the event loop is still to write on {@code ch}
     *                        (the acceptor's WELCOME, written after this): no deposit may overtake them
     */
    private void up(Channel ch, int fast, int ring, int notes, int handshakeFrames) {
        channel = ch;
        // Only this link closes the socket (after lost), never Netty on its own: see "Who writes".
        ch.config().setAutoClose(false);
        ch.config().setOption(io.netty.channel.ChannelOption.ALLOW_HALF_CLOSURE, true);
        socket = ch instanceof UnixChannel unix ? unix.fd() : null;
        queued = handshakeFrames;
        grant(fast, ring, notes);
        state = State.UP;
    }

    /** The listener for a handshake frame written on the link's connection after {@link #admit}. */
    ChannelFutureListener handshakeWritten() {
        return onWritten;
    }

    // ---- writing ------------------------------------------------------------------------------

    /**
     * Writes {@code frame} to the peer (see "Who writes"); takes it over (releases it).
     *
     * @return false when the link is not up (the frame is dropped: the link is gone)
     */
    synchronized boolean write(ByteBuf frame) {
        Channel ch = channel;
        if (state != State.UP || ch == null) {
            frame.release();
            return false;
        }
        if (socket == null) {
            ch.writeAndFlush(frame, ch.voidPromise());
            return true;
        }
        if (queued == 0) {
            try {
                if (writeNow(frame)) {
                    frame.release();
                    return true;
                }
            } catch (IOException e) {
                frame.release();
                if (lost(ch, "the connection to rank " + peer + " failed: " + e.getMessage())) {
                    ch.close();
                }
                return false;
            }
        }
        queued++;
        ch.eventLoop().execute(() -> ch.writeAndFlush(frame).addListener(onWritten));
        return true;
    }

    /**
     * Writes a frame made of {@code head} (taken over) and {@code length} bytes of memory at
     * {@code address}, which must stay readable until written (board memory), without copying them.
     *
     * @return false when the link is not up
     */
    synchronized boolean write(ByteBuf head, long address, int length) {
        Channel ch = channel;
        if (state != State.UP || ch == null) {
            head.release();
            return false;
        }
        int written = 0;
        if (socket != null && queued == 0) {
            try {
                if (writeNow(head)) {
                    while (written < length) {
                        int n = socket.writeAddress(address + written, 0, length - written);
                        if (n <= 0) {
                            break;
                        }
                        written += n;
                    }
                }
            } catch (IOException e) {
                head.release();
                if (lost(ch, "the connection to rank " + peer + " failed: " + e.getMessage())) {
                    ch.close();
                }
                return false;
            }
            if (written == length) {
                head.release();
                return true;
            }
        }
        ByteBuf data = Unpooled.wrappedBuffer(Memory.wrap(address + written, length - written));
        ByteBuf rest;
        if (head.isReadable()) {
            rest = Unpooled.wrappedBuffer(head, data);
        } else {
            head.release();
            rest = data;
        }
        if (socket == null) {
            ch.writeAndFlush(rest, ch.voidPromise());
            return true;
        }
        queued++;
        ch.eventLoop().execute(() -> ch.writeAndFlush(rest).addListener(onWritten));
        return true;
    }

    /**
     * Reads what the socket holds now into {@code address + from .. address + limit} (the rank's
     * thread, holding the connection's {@link ReadLock}). Under this link's monitor, as writes are,
     * so that the socket cannot be closed, and its number reused, during the read.
     *
     * @return the bytes read; 0 when there are none now; -1 at the end of the stream, on a failed
     *         read, or when the link is not up (the event loop sees the first two too)
     */
    synchronized int read(long address, int from, int limit) {
        if (state != State.UP || socket == null) {
            return -1;
        }
        try {
            return socket.readAddress(address, from, limit);
        } catch (IOException e) {
            return -1;
        }
    }

    /** The up connection's socket can be read by other threads than its event loop (epoll). */
    synchronized boolean readable() {
        return state == State.UP && socket != null;
    }

    /** As much of {@code frame} as the socket takes now. @return whether all of it went */
    private boolean writeNow(ByteBuf frame) throws IOException {
        int at = frame.readerIndex();
        int end = frame.writerIndex();
        if (!frame.hasMemoryAddress()) {
            return false; // our frames are direct buffers; anything else takes the event loop's way
        }
        while (at < end) {
            int n = socket.writeAddress(frame.memoryAddress(), at, end);
            if (n <= 0) {
                break;
            }
            at += n;
        }
        frame.readerIndex(at);
        return at == end;
    }

    private void written(ChannelFuture f) {
        Channel ch = f.channel();
        boolean down;
        synchronized (this) {
            if (channel == ch) {
                queued--;
            }
            down = !f.isSuccess() && lost(ch, "the connection to rank " + peer + " failed: " + f.cause());
        }
        if (down) {
            ch.close();
        }
    }

    /** Takes the link down (see {@link #lost}) and closes its connection; for the port's close. */
    void shut(String why) {
        Channel ch;
        synchronized (this) {
            ch = state == State.UP ? channel : dialing;
            if (ch == null || !lost(ch, why)) {
                return;
            }
        }
        ch.close();
    }

    // ---- credits: the sender's side -----------------------------------------------------------

    void grant(int fast, long ring, int notes) {
        fastCredits.addAndGet(fast);
        ringCredits.addAndGet(ring);
        noteCredits.addAndGet(notes);
    }

    boolean takeFast() {
        if (fastCredits.get() < 1) {
            return false;
        }
        fastCredits.decrementAndGet();
        return true;
    }

    boolean takeRing(int payload) {
        long charge = (long) payload + TcpFrame.RECORD_OVERHEAD;
        if (ringCredits.get() < charge) {
            return false;
        }
        ringCredits.addAndGet(-charge);
        return true;
    }

    boolean takeNote() {
        if (noteCredits.get() < 1) {
            return false;
        }
        noteCredits.decrementAndGet();
        return true;
    }

    // ---- credits: the receiver's side ---------------------------------------------------------

    /**
     * The event loop deposited one arrival from this peer.
     *
     * @return false when the peer deposited beyond the credit this rank granted (a protocol violation)
     */
    boolean held(byte type, int payload) {
        return switch (type) {
            case TcpFrame.FAST_SEND -> fastHeld.incrementAndGet() <= config.slotsPerPeer();
            case TcpFrame.SEND -> ringHeld.addAndGet((long) payload + TcpFrame.RECORD_OVERHEAD)
                <= config.ringBytesPerPeer();
            default -> notesHeld.incrementAndGet() <= config.notificationsPerPeer();
        };
    }

    /**
     * The rank's poll consumed one arrival from this peer.
     *
     * @return a CREDIT frame to send back now, or null while what is owed is below the thresholds
     *         (for the self link the credit is taken back directly)
     */
    ByteBuf consumed(byte type, int payload) {
        switch (type) {
            case TcpFrame.FAST_SEND -> {
                fastHeld.decrementAndGet();
                fastOwed++;
            }
            case TcpFrame.SEND -> {
                long charge = (long) payload + TcpFrame.RECORD_OVERHEAD;
                ringHeld.addAndGet(-charge);
                ringOwed += charge;
            }
            default -> {
                notesHeld.decrementAndGet();
                notesOwed++;
            }
        }
        if (fastOwed < Math.max(1, config.slotsPerPeer() / 2) && ringOwed < config.ringBytesPerPeer() / 4
            && notesOwed < Math.max(1, config.notificationsPerPeer() / 2)) {
            return null;
        }
        int fast = fastOwed;
        int ring = (int) ringOwed;
        int notes = notesOwed;
        fastOwed = 0;
        ringOwed = 0;
        notesOwed = 0;
        if (self) {
            grant(fast, ring, notes);
            return null;
        }
        return CreditFlyweight.frame(io.netty.buffer.ByteBufAllocator.DEFAULT, fast, ring, notes);
    }

    @Override
    public String toString() {
        return "link to rank " + peer + " (" + state + (failure != null ? ": " + failure : "") + ")";
    }
}
