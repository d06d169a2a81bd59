package org.atollmpi.nic.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ServerChannel;

/**
 * A port's connections: listens, dials a peer on first use, accepts, and gives every connection
 * its pipeline (its {@link FrameDecoder} reading under its {@link ReadLock}, then the
 * {@link Handshake}, which hands an authenticated connection to its {@link PeerLink}).
 *
 * <p>Not through Netty's {@code ServerBootstrap}/{@code Bootstrap}, whose acceptor and initializer
 * handlers carry annotations that cost every rank's start (see {@link ForwardingInboundHandler}):
 * the listener is registered and bound here, {@link Acceptor} sets up each connection it accepts,
 * and {@link #dial} registers and connects a channel constructed by the {@link TcpTransport}.
 */
final class TcpConnector {
    private final TcpHostPort port;
    private final TcpTransport transport;
    private final TcpBoardConfig config;
    private final FrameLimits limits;
    private final ConnectionLog log;
    private volatile InetSocketAddress[] peers;
    private Channel listener;

    TcpConnector(TcpHostPort port, TcpTransport transport, TcpBoardConfig config, ConnectionLog log) {
        this.port = port;
        this.transport = transport;
        this.config = config;
        this.log = log;
        this.limits = new FrameLimits(config.maxSendLength(), config.partBytes());
    }

    /** Opens the listener on {@code host} (any free port). @return the address peers connect to */
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
            log.closed(port + ": closed an accepted connection that could not be set up: " + why);
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
            log.closed(port + ": accepting connections failed, retrying in 1 s: " + cause);
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
        if (addresses.length != port.size()) {
            throw new IllegalArgumentException(addresses.length + " addresses for " + port.size() + " ranks");
        }
        peers = addresses.clone();
    }

    /** Sets up a connection's pipeline before it is registered, so its handlers see every event. */
    private void initChannel(Channel ch, int dialled) {
        String who = port + ": connection " + (dialled >= 0 ? "to rank " + dialled : "from " + ch.remoteAddress());
        ReadLock readLock = new ReadLock();
        ch.config().setRecvByteBufAllocator(new LockingRecvAllocator(readLock));
        FrameDecoder decoder = new FrameDecoder(limits, log, who).readUnder(readLock);
        ch.pipeline().addLast("frames", decoder).addLast("handshake", new Handshake(port, decoder, dialled));
    }

    /** Connects to {@code link}'s peer; a failure takes the link down, saying why. */
    void dial(PeerLink link) {
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

    /** Stops listening. */
    void close() {
        if (listener != null) {
            listener.close();
        }
    }
}
