package org.atollmpi.nic.tcp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.ChannelInputShutdownEvent;

/**
 * An authenticated connection's life on its event loop: its frames go to the port through its
 * {@link LinkReader} (on this thread or the rank's); a closed or failed connection takes the link
 * down, so the next deposit to that peer fails naming it.
 */
final class LinkHandler extends ForwardingInboundHandler {
    private final TcpHostPort port;
    private final int peer;
    private final LinkReader reader;

    LinkHandler(TcpHostPort port, int peer, LinkReader reader) {
        this.port = port;
        this.peer = peer;
        this.reader = reader;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        reader.closed();
        port.notReading(reader);
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
