package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

import org.atollmpi.nic.NicStatus;

/**
 * The NIC's receive side: takes each decoded frame of an authenticated link and does what the NIC
 * would, without the owning rank. Messages and notifications are queued for the poll
 * ({@link Arrivals}) against the credit this rank granted; CREDIT frames add to the sender's side
 * of the link; one-sided requests run on this port's windows ({@link WindowResponder}) and their
 * replies go back; replies to this port's own operations complete them ({@link OutstandingOps}).
 * On the connection's event loop or the rank's thread, whichever holds the link's {@link ReadLock}
 * ({@link LinkReader}); frames to the port itself come here directly ({@link #transmit}).
 */
final class FrameDispatcher {
    private final int rank;
    private final PeerLinks links;
    private final Arrivals arrivals;
    private final OutstandingOps ops;
    private final WindowResponder responder;

    FrameDispatcher(int rank, PeerLinks links, Arrivals arrivals, OutstandingOps ops, WindowResponder responder) {
        this.rank = rank;
        this.links = links;
        this.arrivals = arrivals;
        this.ops = ops;
        this.responder = responder;
    }

    /**
     * One frame from {@code source} on its authenticated link.
     *
     * @throws ProtocolViolation when the frame breaks the protocol (nothing of it is delivered)
     */
    void onFrame(int source, byte type, ByteBuf body) {
        switch (type) {
            case TcpFrame.FAST_SEND, TcpFrame.SEND -> {
                held(source, type, MessageFlyweight.payloadLength(body));
                arrivals.add(Arrival.message(type, source, MessageFlyweight.header0(body), MessageFlyweight.header1(body),
                    MessageFlyweight.retainedPayload(body)));
            }
            case TcpFrame.NOTIFY -> {
                held(source, type, 0);
                arrivals.add(Arrival.notification(source, NotifyFlyweight.type(body), NotifyFlyweight.arg0(body),
                    NotifyFlyweight.arg1(body), NotifyFlyweight.arg2(body)));
            }
            case TcpFrame.CREDIT -> {
                int at = body.readerIndex();
                int fast = CreditFlyweight.fast(body, at);
                int ring = CreditFlyweight.ring(body, at);
                int notes = CreditFlyweight.notes(body, at);
                if (fast < 0 || ring < 0 || notes < 0) {
                    throw new ProtocolViolation("negative credit " + fast + ", " + ring + ", " + notes);
                }
                links.get(source).grant(fast, ring, notes);
            }
            case TcpFrame.PUT -> reply(source, responder.put(body));
            case TcpFrame.GET -> replyToGet(source, body);
            case TcpFrame.FETCH_ADD -> reply(source, responder.fetchAndAdd(body));
            case TcpFrame.CAS -> reply(source, responder.compareAndSwap(body));
            case TcpFrame.GET_REPLY -> completed(ops.onGetReply(source, GetReplyFlyweight.request(body),
                GetReplyFlyweight.part(body), GetReplyFlyweight.data(body)));
            case TcpFrame.COMPLETION -> completed(ops.onCompletion(source, CompletionFlyweight.request(body),
                CompletionFlyweight.status(body), CompletionFlyweight.value(body)));
            default -> throw new ProtocolViolation("unexpected " + TcpFrame.name(type) + " frame");
        }
    }

    /**
     * A large GET_REPLY or PUT from {@code source} whose data follows in pieces: checked now as a
     * whole frame would be.
     *
     * @throws ProtocolViolation as {@link #onFrame}
     */
    BodySink streaming(int source, byte type, ByteBuf fields, int bytes) {
        if (type == TcpFrame.GET_REPLY) {
            return ops.streamGetReply(source, GetReplyFlyweight.request(fields), GetReplyFlyweight.part(fields), bytes,
                this::completed);
        }
        int request = WindowRequestFlyweight.request(fields);
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
        int request = WindowRequestFlyweight.request(body);
        int part = WindowRequestFlyweight.part(body);
        int partLength = WindowRequestFlyweight.getPartLength(body);
        long address = responder.get(body);
        if (address < 0) {
            reply(source, WindowResponder.completion(request, (int) -address, 0));
            return;
        }
        PeerLink link = links.get(source);
        if (link.self || partLength < FrameDecoder.STREAM_BYTES) {
            reply(source, WindowResponder.getReply(request, part, address, partLength));
        } else if (!link.write(WindowResponder.getReplyFields(request, part, partLength, 0), address, partLength)) {
            throw new ProtocolViolation("the link to rank " + source + " went down before its reply");
        }
    }

    private void held(int source, byte type, int payload) {
        if (!links.get(source).held(type, payload)) {
            throw new ProtocolViolation("rank " + source + " deposited a " + TcpFrame.name(type)
                + " beyond the credit it was granted");
        }
    }

    /** A completion of one of this port's operations, if the reply finished one: queued for the poll. */
    void completed(Arrival completion) {
        if (completion != null) {
            arrivals.add(completion);
        }
    }

    private void reply(int source, ByteBuf frame) {
        if (!transmit(links.get(source), frame)) {
            throw new ProtocolViolation("the link to rank " + source + " went down before its reply");
        }
    }

    /**
     * Sends a whole frame (taken over) on the link, or, on the port's loopback, receives it here at
     * once. @return false if the link is gone
     */
    boolean transmit(PeerLink link, ByteBuf frame) {
        if (link.self) {
            try {
                onFrame(rank, Frames.type(frame), Frames.body(frame));
            } finally {
                frame.release();
            }
            return true;
        }
        return link.write(frame);
    }

    /**
     * The link to {@code peer} is gone (its connection's event loop, once the channel is inactive,
     * or the rank's thread when a write failed): the one-sided operations still waiting on it
     * complete with {@link NicStatus#TLINK}.
     */
    void linkGone(int peer) {
        ops.failTarget(peer, arrivals::add);
    }
}
