package org.atollmpi.nic.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import org.agrona.concurrent.SystemNanoClock;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * A rank's port on the TCP board: the {@link HostPort} facade over the board's parts. It sends
 * (deposits and one-sided requests become frames, written through the body flyweights, on the
 * connection to the target: {@link PeerLink}, one per peer pair, opened on first use by the
 * {@link TcpConnector}) and polls (what the {@link FrameDispatcher} queued, returning credit to
 * the senders as it is consumed, and, when nothing is queued, reading the sockets itself as the
 * {@link ReadPolicy} decides). The event-loop thread that reads a connection plays the NIC through
 * the dispatcher. A port's deposits to itself take the same path without a socket.
 *
 * <p>Everything that arrives waits in one FIFO ({@link Arrivals}), so each channel is FIFO per
 * source as {@link HostPort} requires, and no channel can starve another. Deposits never block:
 * without a link that is up, or without credit at the target, they return {@code false}; nothing
 * is dropped.
 */
public final class TcpHostPort implements HostPort {
    private final int rank;
    private final int size;
    private final long secret;
    private final TcpBoardConfig config;
    private final PortMemory memory;
    private final ConnectionLog log;
    private final OutstandingOps ops;
    private final PeerLinks links;
    private final Arrivals arrivals = new Arrivals();
    private final FrameDispatcher dispatcher;
    private final TcpConnector connector;
    private final ReadPolicy readPolicy;
    private volatile boolean closed;

    TcpHostPort(int rank, int size, long secret, TcpBoardConfig config, TcpTransport transport,
                PortMemory memory, ConnectionLog log) {
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank " + rank + " is not a rank of " + size);
        }
        this.rank = rank;
        this.size = size;
        this.secret = secret;
        this.config = config;
        this.memory = memory;
        this.log = log;
        this.ops = new OutstandingOps(config.outstanding(), config.partBytes());
        this.links = new PeerLinks(rank, size, config);
        this.dispatcher = new FrameDispatcher(rank, links, arrivals, ops, new WindowResponder(memory, config.partBytes()));
        this.connector = new TcpConnector(this, transport, config, log);
        this.readPolicy = new ReadPolicy(SystemNanoClock.INSTANCE, (nanos, check) -> {
            try {
                transport.group.next().schedule(check, nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                // the event loops are stopping: the board is closing
            }
        }, ReadPolicy.COLD_AFTER_NANOS);
    }

    /** Opens the listener on {@code host} (any free port). @return the address peers connect to */
    InetSocketAddress listen(InetAddress host) {
        return connector.listen(host);
    }

    InetSocketAddress listenAddress() {
        return connector.listenAddress();
    }

    /** Where every rank listens, indexed by rank (learned in the wire-up exchange). */
    void peers(InetSocketAddress[] addresses) {
        connector.peers(addresses);
    }

    // ---- what the handshake, link handlers and tests use --------------------------------------

    TcpConnector connector() {
        return connector;
    }

    FrameDispatcher dispatcher() {
        return dispatcher;
    }

    PeerLink link(int peer) {
        return links.get(peer);
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

    /** An up link whose socket the rank's thread may read (see {@link LinkReader}). */
    void reading(LinkReader reader) {
        if (!closed && reader.readable()) { // the event loop alone reads a socket it does not share (NIO)
            readPolicy.add(reader);
        }
    }

    void notReading(LinkReader reader) {
        readPolicy.remove(reader);
    }

    /** Whether anything waits for the poll (for tests). */
    boolean hasArrivals() {
        return !arrivals.isEmpty();
    }

    /** Whether the rank's thread reads its sockets now (for tests). */
    boolean readsItsSockets() {
        return readPolicy.hot();
    }

    /**
     * The link to {@code peer} is gone: the one-sided operations still waiting on it complete with
     * {@link NicStatus#TLINK}.
     */
    void linkGone(int peer) {
        dispatcher.linkGone(peer);
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
        return MessageFlyweight.FAST_PAYLOAD_BYTES;
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
        PeerLink link = links.get(target);
        switch (link.state()) {
            case UP -> {
                return link;
            }
            case IDLE -> {
                if (link.startDial()) {
                    connector.dial(link);
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
        if (!dispatcher.transmit(link, frame)) {
            throw down(link);
        }
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        if (length < 0 || length > MessageFlyweight.FAST_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("fast send payload must be 0.." + MessageFlyweight.FAST_PAYLOAD_BYTES
                + " bytes: " + length);
        }
        PeerLink link = ready(target);
        if (link == null || !link.takeFast()) {
            return false;
        }
        send(link, MessageFlyweight.frame(ByteBufAllocator.DEFAULT, TcpFrame.FAST_SEND, header0, header1, srcBase, srcOffset,
            length));
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
        send(link, MessageFlyweight.frame(ByteBufAllocator.DEFAULT, TcpFrame.SEND, header0, header1, srcBase, srcOffset,
            length));
        return true;
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        PeerLink link = ready(target);
        if (link == null || !link.takeNote()) {
            return false;
        }
        send(link, NotifyFlyweight.frame(ByteBufAllocator.DEFAULT, type, arg0, arg1, arg2));
        return true;
    }

    /** Delivers arrivals in the order they came, returning credit to their senders as they are consumed. */
    @Override
    public int poll(ArrivalHandler handler, int limit) {
        checkOpen();
        int delivered = 0;
        Arrival a;
        while (delivered < limit && ((a = arrivals.poll()) != null
            || delivered == 0 && (readPolicy.emptyPoll() && (a = arrivals.poll()) != null
                || (a = arrivals.lastLook()) != null))) {
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
            readPolicy.delivered();
            arrivals.delivered();
        }
        return delivered;
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
        PeerLink link = links.get(source);
        ByteBuf credit = link.consumed(kind, payload);
        if (credit != null) {
            dispatcher.transmit(link, credit); // a link that went down owes nothing more
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
                frame = WindowRequestFlyweight.get(ByteBufAllocator.DEFAULT, request, windowId, capability, offset, length,
                    at, partLength);
            } else {
                // Native memory (base null) stays put and unchanged until the Put completes, after
                // the target has read every byte: a large part is written from it without a copy.
                boolean inPlace = base == null && partLength >= FrameDecoder.STREAM_BYTES && !link.self;
                frame = WindowRequestFlyweight.putFields(ByteBufAllocator.DEFAULT, request, windowId, capability, offset,
                    length, at, partLength, inPlace ? 0 : partLength);
                if (inPlace) {
                    if (!link.write(frame, baseOffset + at, partLength)) {
                        return linkWentDown(target, request);
                    }
                    continue;
                }
                Frames.writeFrom(frame, base, baseOffset + at, partLength);
            }
            if (!dispatcher.transmit(link, frame)) {
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
        dispatcher.completed(ops.fail(request));
        dispatcher.linkGone(target);
        return NicStatus.OK;
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
        ByteBuf frame = WindowRequestFlyweight.atomic(ByteBufAllocator.DEFAULT, type, request, windowId, capability, offset,
            first, second);
        if (!dispatcher.transmit(link, frame)) {
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
        readPolicy.close();
        connector.close();
        for (int peer = 0; peer < size; peer++) {
            PeerLink link = links.existing(peer);
            if (link != null && !link.self) {
                link.shut("port of rank " + rank + " closed");
            }
        }
        arrivals.close();
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
