package org.atollmpi.nic.tcp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;

/**
 * An authenticated connection's frames, handed to the port that plays the NIC on this event-loop
 * thread. A frame that breaks the protocol closes the connection with a logged reason; a closed or
 * failed connection takes the link down, so the next deposit to that peer fails naming it.
 */
final class LinkHandler extends ChannelInboundHandlerAdapter {
    private final TcpHostPort port;
    private final int peer;
    /** Where the data of the streamed frame now arriving goes (see {@link FrameDecoder}), or null. */
    private BodySink stream;

    LinkHandler(TcpHostPort port, int peer) {
        this.port = port;
        this.peer = peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Frame.BodyPiece piece) {
            try {
                if (stream != null) { // else the frame was refused and the connection is closing
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
        Frame frame = (Frame) msg;
        try {
            if (frame.streamed() > 0) {
                stream = port.streaming(peer, frame.type(), frame.body(), frame.streamed());
            } else {
                port.onFrame(peer, frame.type(), frame.body());
            }
        } finally {
            frame.body().release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        port.link(peer).lost(ctx.channel(), "the connection to rank " + peer + " closed");
        if (port.link(peer).state() == PeerLink.State.DOWN) {
            // no reply can come any more: what still waits for one must not wait for ever
            port.linkGone(peer);
        }
    }

    /** The peer closed its end: an established link does not close its socket by itself (see {@link PeerLink}). */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof ChannelInputShutdownEvent) {
            port.link(peer).lost(ctx.channel(), "the connection to rank " + peer + " closed");
            ctx.close();
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String why = cause instanceof ProtocolViolation ? "rank " + peer + " broke the protocol: " + cause.getMessage()
            : "connection to rank " + peer + " failed: " + cause;
        port.link(peer).lost(ctx.channel(), why);
        if (cause instanceof ProtocolViolation) {
            port.log().closed(port + ": closed: " + why);
        } // an I/O error (a peer that ended) is reported when the link is next used, not here

        ctx.close();
    }
}
