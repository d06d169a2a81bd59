package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.TcpFrame.HEADER_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.MESSAGE_HEADER_BYTES;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ServerChannel;

import org.agrona.collections.ArrayUtil;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * A rank's port on the TCP board. Deposits and one-sided requests become frames
 * ({@link TcpFrame}) on the connection to the target ({@link PeerLink}: one per peer pair, opened
 * on first use); the event-loop thread that reads a connection plays the NIC: it queues arriving
 * messages and notifications for {@link #poll}, runs Puts, Gets and atomics on this port's windows
 * ({@link WindowResponder}) and applies the replies to this port's own operations
 * ({@link OutstandingOps}). A port's deposits to itself take the same path without a socket.
 *
 * <p>Everything that arrives waits in one FIFO, so each channel is FIFO per source as
 * {@link HostPort} requires, and no channel can starve another. Deposits never block: without a
 * link that is up, or without credit at the target, they return {@code false}; nothing is dropped.
 */
public final class TcpHostPort implements HostPort {
    private final int rank;
    private final int size;
    private final long secret;
    private final TcpBoardConfig config;
    private final TcpTransport transport;
    private final PortMemory memory;
    private final ConnectionLog log;
    private final FrameLimits limits;
    private final WindowResponder responder;
    private final OutstandingOps ops;
    private final AtomicReferenceArray<PeerLink> links;
    private final ConcurrentLinkedQueue<Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private volatile InetSocketAddress[] peers;
    private Channel listener;
    private volatile boolean closed;
    /** The rank's thread while its last poll found nothing: an arrival unparks it (see {@link #poll}). */
    private volatile Thread idlePoller;
    /** The up links whose sockets the rank's thread reads when its poll finds nothing queued. */
    private volatile LinkReader[] readers = new LinkReader[0];
    /** Where the next poll starts reading (the rank's thread only). */
    private int nextReader;
    /** The most sockets one poll reads; the others are read by the next polls, in turn. */
    private static final int READS_PER_POLL = 4;
    /**
     * How long the rank's thread goes on reading its sockets while its polls find nothing, and how
     * long it may stay away from its port while it does, before the event loops read them again.
     */
    private static final long COLD_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /**
     * Whether the rank's thread reads its sockets ("hot"): its event loops then do not, so an
     * arrival wakes no thread. Cold, the event loops read, queue and wake the rank. See {@link #readSockets}.
     */
    private volatile boolean hot;
    /** Counts the hot rank's polls, so that its watcher can tell it still polls. */
    private volatile long hotPolls;
    /** Each turn to hot has a number; a watcher of an earlier turn ends. */
    private long heat;
    /** When the rank's polls began to find nothing (0: the last poll delivered). Rank's thread only. */
    private long emptySince;

    TcpHostPort(int rank, int size, long secret, TcpBoardConfig config, TcpTransport transport,
                PortMemory memory, ConnectionLog log) {
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank " + rank + " is not a rank of " + size);
        }
        this.rank = rank;
        this.size = size;
        this.secret = secret;
        this.config = config;
        this.transport = transport;
        this.memory = memory;
        this.log = log;
        this.limits = new FrameLimits(config.maxSendLength(), config.partBytes());
        this.responder = new WindowResponder(memory, config.partBytes());
        this.ops = new OutstandingOps(config.outstanding(), config.partBytes());
        this.links = new AtomicReferenceArray<>(size);
        links.set(rank, new PeerLink(rank, true, config));
    }

    /**
     * Opens the listener on {@code host} (any free port). @return the address peers connect to
     *
     * <p>Not through Netty's {@code ServerBootstrap}, whose acceptor and initializer handlers carry
     * annotations that cost every rank's start (see {@link ForwardingInboundHandler}): the listener
     * is registered and bound here and {@link Acceptor} sets up each connection it accepts.
     */
    InetSocketAddress listen(InetAddress host) {
        ServerChannel server = transport.newServerChannel();
        server.pipeline().addLast("accept", new Acceptor());
        try {
            transport.group.register(server).syncUninterruptibly();
            server.bind(new InetSocketAddress(host, 0)).syncUninterruptibly();
        } catch (RuntimeException e) {
            if (server.isRegistered()) {
                server.close();
            } else {
                server.unsafe().closeForcibly();
            }
            throw e;
        }
        listener = server;
        return (InetSocketAddress) listener.localAddress();
    }

    /** The listener's handler: each accepted connection gets its pipeline and its event loop. */
    final class Acceptor extends ForwardingInboundHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Channel child = (Channel) msg;
            try {
                child.config().setOption(ChannelOption.TCP_NODELAY, true);
                initChannel(child, -1);
                transport.group.register(child).addListener(registered -> {
                    if (!registered.isSuccess()) {
                        refuse(child, registered.cause());
                    }
                });
            } catch (RuntimeException e) {
                refuse(child, e);
            }
        }

        private void refuse(Channel child, Throwable why) {
            log.closed(TcpHostPort.this + ": closed an accepted connection that could not be set up: " + why);
            child.unsafe().closeForcibly();
        }

        /**
         * An accept that failed (out of file descriptors, say): as Netty's acceptor does, stop
         * accepting for a second rather than spin on the error; the connections waiting are
         * accepted then.
         */
        @Override
        @SuppressWarnings("deprecation") // as in ForwardingInboundHandler
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            log.closed(TcpHostPort.this + ": accepting connections failed, retrying in 1 s: " + cause);
            ChannelConfig config = ctx.channel().config();
            if (config.isAutoRead()) {
                config.setAutoRead(false);
                ctx.channel().eventLoop().schedule(() -> config.setAutoRead(true), 1, TimeUnit.SECONDS);
            }
        }
    }

    InetSocketAddress listenAddress() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** Where every rank listens, indexed by rank (learned in the wire-up exchange). */
    void peers(InetSocketAddress[] addresses) {
        if (addresses.length != size) {
            throw new IllegalArgumentException(addresses.length + " addresses for " + size + " ranks");
        }
        peers = addresses.clone();
    }

    /** Sets up a connection's pipeline before it is registered, so its handlers see every event. */
    private void initChannel(Channel ch, int dialled) {
        String who = this + ": connection " + (dialled >= 0 ? "to rank " + dialled : "from " + ch.remoteAddress());
        ReadLock readLock = new ReadLock();
        ch.config().setRecvByteBufAllocator(readLock);
        FrameDecoder decoder = new FrameDecoder(limits, log, who).readUnder(readLock);
        ch.pipeline().addLast("frames", decoder).addLast("handshake", new Handshake(this, decoder, dialled));
    }

    /** Connects to {@code link}'s peer: not through Netty's {@code Bootstrap}, for the reason {@link #listen} gives. */
    private void dial(PeerLink link) {
        InetSocketAddress address = peers == null ? null : peers[link.peer];
        if (address == null) {
            link.lost(null, "the address of rank " + link.peer + " is unknown");
            return;
        }
        String cannot = "cannot connect to rank " + link.peer + " at " + address + ": ";
        Channel ch;
        try {
            ch = transport.newChannel();
        } catch (RuntimeException e) { // no socket (out of file descriptors, say): the link is down, saying why
            link.lost(null, cannot + e);
            return;
        }
        ch.config().setOption(ChannelOption.TCP_NODELAY, true);
        ch.config().setOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, config.handshakeMillis()));
        initChannel(ch, link.peer);
        ChannelFuture registering = transport.group.register(ch);
        registering.addListener(registered -> {
            if (!registering.isSuccess()) { // the event loops are shutting down
                ch.unsafe().closeForcibly();
                link.lost(ch, cannot + registering.cause());
                return;
            }
            link.dialing(ch); // on the event loop: it closes ch if another connection has won meanwhile
            if (!ch.isOpen()) {
                return;
            }
            ch.connect(address).addListener(f -> {
                if (!f.isSuccess()) {
                    ch.close();
                    link.lost(ch, cannot + f.cause());
                }
            });
        });
    }

    // ---- what the handshake and link handlers use ---------------------------------------------

    PeerLink link(int peer) {
        PeerLink link = links.get(peer);
        if (link == null) {
            links.compareAndSet(peer, null, new PeerLink(peer, false, config));
            link = links.get(peer);
        }
        return link;
    }

    long secret() {
        return secret;
    }

    TcpBoardConfig config() {
        return config;
    }

    ConnectionLog log() {
        return log;
    }

    /**
     * One frame from {@code source} on its authenticated link: this is the NIC's receive side, on
     * the connection's event loop (or the rank's thread for frames to itself).
     *
     * @throws ProtocolViolation when the frame breaks the protocol (nothing of it is delivered)
     */
    void onFrame(int source, byte type, ByteBuf body) {
        switch (type) {
            case TcpFrame.FAST_SEND, TcpFrame.SEND -> {
                int payload = body.readableBytes() - MESSAGE_HEADER_BYTES;
                held(source, type, payload);
                arrived(Arrival.message(type, source, body.getLong(0), body.getLong(8),
                    body.retainedSlice(body.readerIndex() + MESSAGE_HEADER_BYTES, payload)));
            }
            case TcpFrame.NOTIFY -> {
                held(source, type, 0);
                arrived(Arrival.notification(source, body.getInt(0), body.getLong(4), body.getLong(12),
                    body.getLong(20)));
            }
            case TcpFrame.CREDIT -> {
                int fast = body.getInt(0);
                int ring = body.getInt(4);
                int notes = body.getInt(8);
                if (fast < 0 || ring < 0 || notes < 0) {
                    throw new ProtocolViolation("negative credit " + fast + ", " + ring + ", " + notes);
                }
                link(source).grant(fast, ring, notes);
            }
            case TcpFrame.PUT -> reply(source, responder.put(body));
            case TcpFrame.GET -> replyToGet(source, body);
            case TcpFrame.FETCH_ADD -> reply(source, responder.fetchAndAdd(body));
            case TcpFrame.CAS -> reply(source, responder.compareAndSwap(body));
            case TcpFrame.GET_REPLY -> completed(ops.onGetReply(source, body.getInt(0), body.getInt(4),
                body.slice(body.readerIndex() + TcpFrame.GET_REPLY_HEADER_BYTES,
                    body.readableBytes() - TcpFrame.GET_REPLY_HEADER_BYTES)));
            case TcpFrame.COMPLETION -> completed(ops.onCompletion(source, body.getInt(0), body.getInt(4),
                body.getLong(8)));
            default -> throw new ProtocolViolation("unexpected " + TcpFrame.name(type) + " frame");
        }
    }

    /**
     * A large GET_REPLY or PUT from {@code source} whose data follows in pieces (on the
     * connection's event loop): checked now as a whole frame would be.
     *
     * @throws ProtocolViolation as {@link #onFrame}
     */
    BodySink streaming(int source, byte type, ByteBuf fields, int bytes) {
        if (type == TcpFrame.GET_REPLY) {
            return ops.streamGetReply(source, fields.getInt(0), fields.getInt(4), bytes, this::completed);
        }
        int request = fields.getInt(0);
        long address = responder.putAddress(fields, bytes);
        return new BodySink() {
            private long at = address;

            @Override
            public void copy(ByteBuf piece) {
                int n = piece.readableBytes();
                if (address >= 0) { // a refused Put's data is read and dropped, touching nothing
                    Frames.readInto(piece, piece.readerIndex(), null, at, n);
                    at += n;
                }
            }

            @Override
            public void done() {
                reply(source, WindowResponder.completion(request, address < 0 ? (int) -address : NicStatus.OK, 0));
            }
        };
    }

    /**
     * Runs a GET part. A large part goes from the window to the socket without a copy (the event
     * loop writes it, or hands Netty a buffer over the window's memory for what the socket did not
     * take: board memory stays mapped as long as the process).
     */
    private void replyToGet(int source, ByteBuf body) {
        int request = body.getInt(0);
        int part = body.getInt(28);
        int partLength = body.getInt(32);
        long address = responder.get(body);
        if (address < 0) {
            reply(source, WindowResponder.completion(request, (int) -address, 0));
            return;
        }
        PeerLink link = link(source);
        if (link.self || partLength < FrameDecoder.STREAM_BYTES) {
            reply(source, WindowResponder.getReply(request, part, address, partLength));
        } else if (!link.write(WindowResponder.getReplyFields(request, part, partLength, 0), address, partLength)) {
            throw new ProtocolViolation("the link to rank " + source + " went down before its reply");
        }
    }

    private void held(int source, byte type, int payload) {
        if (!link(source).held(type, payload)) {
            throw new ProtocolViolation("rank " + source + " deposited a " + TcpFrame.name(type)
                + " beyond the credit it was granted");
        }
    }

    private void completed(Arrival completion) {
        if (completion != null) {
            arrived(completion);
        }
    }

    /** Queues an arrival for the poll and wakes the rank's thread if it is waiting for one. */
    private void arrived(Arrival arrival) {
        arrivals.add(arrival);
        Thread waiting = idlePoller;
        if (waiting != null && waiting != Thread.currentThread()) {
            LockSupport.unpark(waiting);
        }
    }

    /** An up link whose socket the rank's thread may read (see {@link LinkReader}). */
    synchronized void reading(LinkReader reader) {
        if (closed || !reader.readable()) {
            return; // the event loop alone reads a socket it does not share (NIO)
        }
        readers = ArrayUtil.add(readers, reader);
        if (hot) {
            reader.loopReads(false);
        }
    }

    synchronized void notReading(LinkReader reader) {
        readers = ArrayUtil.remove(readers, reader);
    }

    /**
     * The rank's thread found nothing queued: while it has been waiting less than
     * {@link #COLD_AFTER_NANOS}, it reads up to {@link #READS_PER_POLL} of its sockets itself, in
     * turn, rather than wait for an event loop to read one and wake it (two thread wake-ups per
     * message, most of a small message's latency). While it does, the event loops do not read
     * (Netty's auto-read is off): an arrival they were woken for would be read by two threads.
     * After waiting longer, or when a watcher on the event loop sees that it no longer polls (it
     * computes, outside MPI), the event loops read again and wake it on arrival, so one-sided
     * operations are served and a parked rank is woken.
     *
     * @return whether anything was read
     */
    private boolean readSockets() {
        LinkReader[] now = readers;
        int n = now.length;
        if (n == 0) {
            return false;
        }
        long t = System.nanoTime();
        if (emptySince == 0) {
            emptySince = t;
        }
        if (t - emptySince >= COLD_AFTER_NANOS) {
            if (hot) {
                cool(heat);
            }
            return false; // a long wait: the event loops read and wake this thread
        }
        if (!hot) {
            heat();
        }
        hotPolls++;
        boolean read = false;
        int start = nextReader;
        int tries = Math.min(n, READS_PER_POLL);
        for (int i = 0; i < tries; i++) {
            int at = (start + i) % n;
            if (now[at].readNow()) {
                read = true;
            }
        }
        nextReader = (start + tries) % n;
        return read;
    }

    /** Whether the rank's thread reads its sockets now (for tests). */
    boolean readsItsSockets() {
        return hot;
    }

    /** The rank's thread reads its sockets from now on; a watcher on an event loop sees that it goes on polling. */
    private synchronized void heat() {
        if (hot || closed) {
            return;
        }
        hot = true;
        long turn = ++heat;
        for (LinkReader r : readers) {
            r.loopReads(false);
        }
        watch(turn, hotPolls);
    }

    /** Every {@link #COLD_AFTER_NANOS}: a rank that has not polled since is away, and the event loops read again. */
    private void watch(long turn, long polls) {
        try {
            transport.group.next().schedule(() -> {
                long seen = hotPolls;
                if (seen == polls) {
                    cool(turn);
                } else if (hot) {
                    watch(turn, seen);
                }
            }, COLD_AFTER_NANOS, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // the event loops are stopping: the board is closing
        }
    }

    /** The event loops read the sockets again (unless the rank turned hot again since turn {@code turn}). */
    private synchronized void cool(long turn) {
        if (!hot || heat != turn) {
            return;
        }
        hot = false;
        for (LinkReader r : readers) {
            r.loopReads(true);
        }
    }

    private void reply(int source, ByteBuf frame) {
        PeerLink link = link(source);
        if (!transmit(link, frame)) {
            throw new ProtocolViolation("the link to rank " + source + " went down before its reply");
        }
    }

    /** Sends a frame on the link (or hands it to this port, to itself). @return false if the link is gone */
    private boolean transmit(PeerLink link, ByteBuf frame) {
        if (link.self) {
            try {
                onFrame(rank, frame.getByte(TcpFrame.TYPE_OFFSET), frame.slice(HEADER_BYTES,
                    frame.readableBytes() - HEADER_BYTES));
            } finally {
                frame.release();
            }
            return true;
        }
        return link.write(frame);
    }

    // ---- HostPort -----------------------------------------------------------------------------

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    /** The board memory and window table this port serves to its peers (a bridge to another job serves them too). */
    public PortMemory memory() {
        return memory;
    }

    @Override
    public int fastSendCapacity() {
        return TcpFrame.FAST_PAYLOAD_BYTES;
    }

    @Override
    public int maxSendLength() {
        return config.maxSendLength();
    }

    /**
     * The link to {@code target} if it is up; else starts opening it (the first time) and returns
     * null, so that the caller reports "no room now".
     *
     * @throws IllegalStateException when the link failed: the peer is unreachable
     */
    private PeerLink ready(int target) {
        checkOpen();
        if (target < 0 || target >= size) {
            throw new IllegalArgumentException("target rank " + target + " is not in 0.." + (size - 1));
        }
        PeerLink link = link(target);
        switch (link.state()) {
            case UP -> {
                return link;
            }
            case IDLE -> {
                if (link.startDial()) {
                    dial(link);
                }
                return null;
            }
            case DOWN -> throw down(link);
            default -> {
                return null;
            }
        }
    }

    private IllegalStateException down(PeerLink link) {
        return new IllegalStateException("rank " + rank + " cannot reach rank " + link.peer + ": " + link.failure());
    }

    private void send(PeerLink link, ByteBuf frame) {
        if (!transmit(link, frame)) {
            throw down(link);
        }
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        if (length < 0 || length > TcpFrame.FAST_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("fast send payload must be 0.." + TcpFrame.FAST_PAYLOAD_BYTES
                + " bytes: " + length);
        }
        PeerLink link = ready(target);
        if (link == null || !link.takeFast()) {
            return false;
        }
        send(link, message(TcpFrame.FAST_SEND, header0, header1, srcBase, srcOffset, length));
        return true;
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        if (length < 0 || length > config.maxSendLength()) {
            throw new IllegalArgumentException("send payload must be 0.." + config.maxSendLength() + " bytes: " + length);
        }
        PeerLink link = ready(target);
        if (link == null || !link.takeRing(length)) {
            return false;
        }
        send(link, message(TcpFrame.SEND, header0, header1, srcBase, srcOffset, length));
        return true;
    }

    private static ByteBuf message(byte type, long header0, long header1, Object srcBase, long srcOffset, int length) {
        ByteBuf frame = Frames.start(ByteBufAllocator.DEFAULT, type, MESSAGE_HEADER_BYTES + length);
        frame.writeLong(header0).writeLong(header1);
        Frames.writeFrom(frame, srcBase, srcOffset, length);
        return frame;
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        PeerLink link = ready(target);
        if (link == null || !link.takeNote()) {
            return false;
        }
        ByteBuf frame = Frames.start(ByteBufAllocator.DEFAULT, TcpFrame.NOTIFY, TcpFrame.NOTIFY_BYTES);
        frame.writeInt(type).writeLong(arg0).writeLong(arg1).writeLong(arg2);
        send(link, frame);
        return true;
    }

    /** Delivers arrivals in the order they came, returning credit to their senders as they are consumed. */
    @Override
    public int poll(ArrivalHandler handler, int limit) {
        checkOpen();
        int delivered = 0;
        Arrival a;
        while (delivered < limit && ((a = arrivals.poll()) != null
            || delivered == 0 && (readSockets() && (a = arrivals.poll()) != null || (a = waiting()) != null))) {
            delivered++;
            switch (a.kind) {
                case Arrival.COMPLETION -> {
                    ops.close(a.request);
                    handler.onCompletion(a.a, a.code, a.b);
                }
                case TcpFrame.NOTIFY -> {
                    consumed(a.source, TcpFrame.NOTIFY, 0);
                    handler.onNotification(a.source, a.code, a.a, a.b, a.c);
                }
                default -> {
                    int length = a.payload.readableBytes();
                    try {
                        deliver(handler, a, length);
                    } finally {
                        a.payload.release();
                        consumed(a.source, a.kind, length);
                    }
                }
            }
        }
        if (delivered > 0) {
            emptySince = 0;
            if (idlePoller != null) {
                idlePoller = null;
            }
        }
        return delivered;
    }

    /**
     * The queue was empty: the caller may park next (the engine's back-off parks for at least the
     * kernel's timer slack, ~50 µs). Publishing the thread before looking again means an arrival
     * queued meanwhile is either seen here or unparks it.
     */
    private Arrival waiting() {
        if (idlePoller == null) {
            idlePoller = Thread.currentThread();
            return arrivals.poll();
        }
        return null;
    }

    private static void deliver(ArrivalHandler handler, Arrival a, int length) {
        ByteBuf p = a.payload;
        if (p.hasMemoryAddress()) {
            handler.onMessage(a.source, a.a, a.b, null, p.memoryAddress() + p.readerIndex(), length);
        } else if (p.hasArray()) {
            handler.onMessage(a.source, a.a, a.b, p.array(), Memory.BYTE_ARRAY_BASE + p.arrayOffset() + p.readerIndex(),
                length);
        } else {
            byte[] copy = new byte[length];
            p.getBytes(p.readerIndex(), copy);
            handler.onMessage(a.source, a.a, a.b, copy, Memory.BYTE_ARRAY_BASE, length);
        }
    }

    private void consumed(int source, byte kind, int payload) {
        PeerLink link = link(source);
        ByteBuf credit = link.consumed(kind, payload);
        if (credit != null) {
            transmit(link, credit); // a link that went down owes nothing more
        }
    }

    @Override
    public BoardRegion allocate(long length) {
        checkOpen();
        return memory.allocate(length);
    }

    @Override
    public int windowCapacity() {
        return memory.windowCapacity();
    }

    /**
     * @throws IllegalArgumentException if the region is not this rank's board memory, the range is
     *                                  not inside it, or the rights are unknown
     */
    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        checkOpen();
        return memory.register(region, offset, length, rights);
    }

    @Override
    public void deregister(WindowKey key) {
        checkOpen();
        memory.deregister(key);
    }

    /** Only this rank reaches its memory directly; every other rank goes through the network. */
    @Override
    public boolean sharesMemoryWith(int rank) {
        return rank == this.rank;
    }

    /** Only this port's own windows are memory of this process: a peer's lives in another rank. */
    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        checkOpen();
        if (target != rank) {
            return null;
        }
        long address = memory.resolve(windowId, capability, 0, length, WindowRights.READ | WindowRights.WRITE, false);
        return address < 0 ? null : Memory.wrap(address, length);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        checkOpen();
        return memory.regionOf(base, offset, length);
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        return oneSided(TcpFrame.GET, target, windowId, capability, offset, dstBase, dstOffset, length, token);
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        return oneSided(TcpFrame.PUT, target, windowId, capability, offset, srcBase, srcOffset, length, token);
    }

    /** A Get or Put: one frame per part, each answered; the operation completes with its last part. */
    private int oneSided(byte type, int target, int windowId, long capability, long offset, Object base,
                         long baseOffset, int length, long token) {
        checkOpen();
        if (target < 0 || target >= size || length < 0) {
            return failLocally(target, token, length < 0 ? NicStatus.TLENGTH : NicStatus.TPEER);
        }
        PeerLink link = ready(target);
        int parts = ops.parts(length);
        int request = link == null ? -1 : ops.open(target, token, type == TcpFrame.GET, base, baseOffset, length, parts);
        if (request < 0) {
            return NicStatus.BUSY;
        }
        int partBytes = ops.partBytes();
        for (int p = 0; p < parts; p++) {
            int at = p * partBytes;
            int partLength = Math.min(partBytes, length - at);
            ByteBuf frame;
            if (type == TcpFrame.GET) {
                frame = Frames.start(ByteBufAllocator.DEFAULT, TcpFrame.GET, TcpFrame.GET_BYTES);
                frame.writeInt(request).writeInt(windowId).writeLong(capability).writeLong(offset).writeInt(length)
                    .writeInt(at).writeInt(partLength);
            } else {
                // Native memory (base null) stays put and unchanged until the Put completes, after
                // the target has read every byte: a large part is written from it without a copy.
                boolean inPlace = base == null && partLength >= FrameDecoder.STREAM_BYTES && !link.self;
                frame = Frames.start(ByteBufAllocator.DEFAULT, TcpFrame.PUT, TcpFrame.PUT_HEADER_BYTES + partLength,
                    TcpFrame.PUT_HEADER_BYTES + (inPlace ? 0 : partLength));
                frame.writeInt(request).writeInt(windowId).writeLong(capability).writeLong(offset).writeInt(length)
                    .writeInt(at);
                if (inPlace) {
                    if (!link.write(frame, baseOffset + at, partLength)) {
                        return linkWentDown(target, request);
                    }
                    continue;
                }
                Frames.writeFrom(frame, base, baseOffset + at, partLength);
            }
            if (!transmit(link, frame)) {
                return linkWentDown(target, request);
            }
        }
        return NicStatus.OK;
    }

    /**
     * A frame of an issued operation could not be written: the link is down. The operation (and
     * every other still waiting on that link) completes with {@link NicStatus#TLINK}, as the
     * engine expects of an issued one, rather than waiting for replies that cannot come.
     */
    private int linkWentDown(int target, int request) {
        completed(ops.fail(request));
        linkGone(target);
        return NicStatus.OK;
    }

    /**
     * The link to {@code peer} is gone (its connection's event loop, once the channel is inactive,
     * or the rank's thread when a write failed): the one-sided operations still waiting on it
     * complete with {@link NicStatus#TLINK}.
     */
    void linkGone(int peer) {
        ops.failTarget(peer, this::arrived);
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        return atomic(TcpFrame.FETCH_ADD, target, windowId, capability, offset, delta, 0, token);
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        return atomic(TcpFrame.CAS, target, windowId, capability, offset, expected, value, token);
    }

    private int atomic(byte type, int target, int windowId, long capability, long offset, long first, long second,
                       long token) {
        checkOpen();
        if (target < 0 || target >= size) {
            return failLocally(target, token, NicStatus.TPEER);
        }
        PeerLink link = ready(target);
        int request = link == null ? -1 : ops.open(target, token, false, null, 0, Long.BYTES, 1);
        if (request < 0) {
            return NicStatus.BUSY;
        }
        boolean cas = type == TcpFrame.CAS;
        ByteBuf frame = Frames.start(ByteBufAllocator.DEFAULT, type, cas ? TcpFrame.CAS_BYTES : TcpFrame.FETCH_ADD_BYTES);
        frame.writeInt(request).writeInt(windowId).writeLong(capability).writeLong(offset).writeLong(first);
        if (cas) {
            frame.writeLong(second);
        }
        if (!transmit(link, frame)) {
            return linkWentDown(target, request);
        }
        return NicStatus.OK;
    }

    /** An operation refused at the origin (no such rank, a negative length) still completes, with its NACK. */
    private int failLocally(int target, long token, int status) {
        int request = ops.open(target, token, false, null, 0, 0, 1);
        if (request < 0) {
            return NicStatus.BUSY;
        }
        arrivals.add(ops.onCompletion(target, request, status, 0));
        return NicStatus.OK;
    }

    /**
     * Closes the listener and every connection; the memory stays (buffers from
     * {@code MPI.newByteBuffer} may still point into it) until the board that owns it is closed.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (listener != null) {
            listener.close();
        }
        for (int peer = 0; peer < size; peer++) {
            PeerLink link = links.get(peer);
            if (link != null && !link.self) {
                link.shut("port of rank " + rank + " closed");
            }
        }
        Arrival a;
        while ((a = arrivals.poll()) != null) {
            if (a.payload != null) {
                a.payload.release();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("port of rank " + rank + " is closed");
        }
    }

    @Override
    public String toString() {
        return "tcp board rank " + rank + " of " + size;
    }
}
