package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.HandshakeFlyweight.NONCE_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.CHALLENGE;
import static org.atollmpi.nic.tcp.TcpFrame.HELLO;
import static org.atollmpi.nic.tcp.TcpFrame.REJECT;
import static org.atollmpi.nic.tcp.TcpFrame.REJECT_REFUSED;
import static org.atollmpi.nic.tcp.TcpFrame.REJECT_SIMULTANEOUS;
import static org.atollmpi.nic.tcp.TcpFrame.VERSION;
import static org.atollmpi.nic.tcp.TcpFrame.WELCOME;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;

import org.atollmpi.nic.KernelRandom;
import org.atollmpi.nic.Sha256;

/**
 * Proves, in both directions, that a new connection joins two ranks of the same job, before any
 * frame of the host interface is accepted on it:
 *
 * <pre>
 *  acceptor (rank B)                                         connector (rank A)
 *  CHALLENGE version, nonce_B                        -&gt;
 *                                                    &lt;-  HELLO A, B, nonce_A, credits,
 *                                                          HMAC(secret, "atoll-tcp-hello" | nonce_B | A | B)
 *  WELCOME credits, HMAC(secret, "atoll-tcp-welcome" | nonce_A | B | A)  -&gt;
 *    | REJECT code, reason                           -&gt;
 * </pre>
 *
 * The secret is the job's (what {@code mpirun} gives every rank) and never crosses the wire; the
 * nonces are fresh per connection, so a recorded exchange proves nothing later. A wrong MAC, a
 * claim to be a rank the job does not have, a HELLO for another rank, or silence past the
 * handshake time closes the connection with a logged reason. On success the decoder switches to
 * data frames and {@link LinkHandler} takes the connection over.
 */
final class Handshake extends ForwardingInboundHandler {
    private static final byte[] HELLO_LABEL = "atoll-tcp-hello".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WELCOME_LABEL = "atoll-tcp-welcome".getBytes(StandardCharsets.US_ASCII);

    private final TcpHostPort port;
    private final FrameDecoder decoder;
    /** The rank dialled, or -1 on the accepting side. */
    private final int dialled;
    private final byte[] nonce = new byte[NONCE_BYTES];
    private ScheduledFuture<?> deadline;
    private boolean challenged;

    Handshake(TcpHostPort port, FrameDecoder decoder, int dialled) {
        this.port = port;
        this.decoder = decoder;
        this.dialled = dialled;
        KernelRandom.nextBytes(nonce);
    }

    static byte[] mac(long secret, byte[] label, byte[] nonce, int from, int to) {
        byte[] key = ByteBuffer.allocate(Long.BYTES).putLong(secret).array();
        return Sha256.hmac(key, label, nonce, ByteBuffer.allocate(8).putInt(from).putInt(to).array());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        deadline = ctx.executor().schedule(() -> refuse(ctx, "did not authenticate within "
            + port.config().handshakeMillis() + " ms"), port.config().handshakeMillis(), TimeUnit.MILLISECONDS);
        if (dialled < 0) {
            ctx.writeAndFlush(HandshakeFlyweight.challenge(ByteBufAllocator.DEFAULT, VERSION, nonce));
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelDeadline();
        if (dialled >= 0) {
            port.link(dialled).lost(ctx.channel(), "rank " + dialled + " closed the connection during its handshake");
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Frame frame = (Frame) msg;
        try {
            if (dialled < 0) {
                accept(ctx, frame);
            } else {
                connect(ctx, frame);
            }
        } finally {
            frame.body().release();
        }
    }

    /** The accepting side: one HELLO, checked, then WELCOME or REJECT. */
    private void accept(ChannelHandlerContext ctx, Frame frame) {
        if (frame.type() != HELLO) {
            refuse(ctx, "expected HELLO, got " + TcpFrame.name(frame.type()));
            return;
        }
        ByteBuf body = frame.body();
        int rank = HandshakeFlyweight.helloRank(body);
        int target = HandshakeFlyweight.helloTarget(body);
        byte[] theirNonce = HandshakeFlyweight.helloNonce(body);
        int credits = HandshakeFlyweight.helloCredits(body);
        int fast = CreditFlyweight.fast(body, credits);
        int ring = CreditFlyweight.ring(body, credits);
        int notes = CreditFlyweight.notes(body, credits);
        byte[] proof = HandshakeFlyweight.helloMac(body);
        if (target != port.rank() || rank < 0 || rank >= port.size() || rank == port.rank()
            || !Sha256.macMatches(mac(port.secret(), HELLO_LABEL, nonce, rank, target), proof)) {
            // logged before the REJECT goes out, so the line is there once the peer has read it
            port.log().closed(port + ": connection from " + ctx.channel().remoteAddress()
                + ": closed: failed authentication (claimed rank " + rank + " of this job, for rank " + target + ")");
            reject(ctx, REJECT_REFUSED, "authentication failed");
            return;
        }
        if (fast < 1 || notes < 1 || ring < TcpFrame.RECORD_OVERHEAD + 1) {
            refuse(ctx, "rank " + rank + " granted no room (credits " + fast + ", " + ring + ", " + notes + ")");
            return;
        }
        byte verdict = port.link(rank).admit(ctx.channel(), rank < port.rank(), fast, ring, notes);
        if (verdict != 0) {
            reject(ctx, verdict, verdict == REJECT_SIMULTANEOUS ? "simultaneous open: rank " + port.rank()
                + "'s own connection wins" : "rank " + port.rank() + " already has a link to rank " + rank);
            return;
        }
        TcpBoardConfig c = port.config();
        ByteBuf welcome = HandshakeFlyweight.welcome(ByteBufAllocator.DEFAULT, c.slotsPerPeer(), c.ringBytesPerPeer(),
            c.notificationsPerPeer(), mac(port.secret(), WELCOME_LABEL, theirNonce, port.rank(), rank));
        ctx.writeAndFlush(welcome).addListener(port.link(rank).handshakeWritten());
        established(ctx, rank);
    }

    /** The dialling side: CHALLENGE, answered by HELLO; then WELCOME or REJECT. */
    private void connect(ChannelHandlerContext ctx, Frame frame) {
        ByteBuf body = frame.body();
        if (!challenged) {
            if (frame.type() != CHALLENGE) {
                refuse(ctx, "expected CHALLENGE from rank " + dialled + ", got " + TcpFrame.name(frame.type()));
                return;
            }
            int version = HandshakeFlyweight.challengeVersion(body);
            if (version != VERSION) {
                refuse(ctx, "rank " + dialled + " speaks TCP board version " + version + ", this rank " + VERSION
                    + ": the ranks run different atoll-mpi jars");
                return;
            }
            byte[] theirNonce = HandshakeFlyweight.challengeNonce(body);
            challenged = true;
            TcpBoardConfig c = port.config();
            ctx.writeAndFlush(HandshakeFlyweight.hello(ByteBufAllocator.DEFAULT, port.rank(), dialled, nonce,
                c.slotsPerPeer(), c.ringBytesPerPeer(), c.notificationsPerPeer(),
                mac(port.secret(), HELLO_LABEL, theirNonce, port.rank(), dialled)));
            return;
        }
        if (frame.type() == REJECT) {
            byte code = HandshakeFlyweight.rejectCode(body);
            String reason = HandshakeFlyweight.rejectReason(body);
            cancelDeadline();
            if (code == REJECT_SIMULTANEOUS) {
                port.link(dialled).yieldTo(ctx.channel());
            } else {
                String why = "rank " + dialled + " refused the connection: " + reason;
                if (port.link(dialled).lost(ctx.channel(), why)) {
                    port.log().closed(port + ": " + why);
                }
            }
            ctx.close();
            return;
        }
        if (frame.type() != WELCOME) {
            refuse(ctx, "expected WELCOME or REJECT from rank " + dialled + ", got " + TcpFrame.name(frame.type()));
            return;
        }
        int credits = HandshakeFlyweight.welcomeCredits(body);
        int fast = CreditFlyweight.fast(body, credits);
        int ring = CreditFlyweight.ring(body, credits);
        int notes = CreditFlyweight.notes(body, credits);
        byte[] proof = HandshakeFlyweight.welcomeMac(body);
        if (!Sha256.macMatches(mac(port.secret(), WELCOME_LABEL, nonce, dialled, port.rank()), proof)) {
            refuse(ctx, "the listener at " + ctx.channel().remoteAddress() + " failed authentication as rank " + dialled);
            return;
        }
        if (fast < 1 || notes < 1 || ring < TcpFrame.RECORD_OVERHEAD + 1) {
            refuse(ctx, "rank " + dialled + " granted no room (credits " + fast + ", " + ring + ", " + notes + ")");
            return;
        }
        if (!port.link(dialled).connected(ctx.channel(), fast, ring, notes)) {
            cancelDeadline();
            ctx.close(); // the peer's own connection won meanwhile
            return;
        }
        established(ctx, dialled);
    }

    private void established(ChannelHandlerContext ctx, int peer) {
        cancelDeadline();
        PeerLink link = port.link(peer);
        decoder.authenticated(link);
        LinkReader reader = new LinkReader(port, link, ctx.channel(), decoder, decoder.readLock());
        ctx.pipeline().replace(this, "link", new LinkHandler(port, peer, reader));
        decoder.reading(reader);
        port.reading(reader);
    }

    private void reject(ChannelHandlerContext ctx, byte code, String reason) {
        cancelDeadline();
        ctx.writeAndFlush(HandshakeFlyweight.reject(ByteBufAllocator.DEFAULT, code, reason)).addListener(f -> ctx.close());
    }

    /** Closes the connection with a logged reason; a dialled link is down with it. */
    private void refuse(ChannelHandlerContext ctx, String why) {
        String where = dialled >= 0 ? "connection to rank " + dialled : "connection from " + ctx.channel().remoteAddress();
        port.log().closed(port + ": " + where + ": closed: " + why);
        end(ctx, why);
    }

    /** Closes the connection; a dialled link is down with it. */
    private void end(ChannelHandlerContext ctx, String why) {
        cancelDeadline();
        if (dialled >= 0) {
            port.link(dialled).lost(ctx.channel(), why);
        }
        ctx.close();
    }

    private void cancelDeadline() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    /**
     * A connection that fails during its handshake: a refusal of ours is logged where it is made,
     * but an I/O error is the other end going away, not something it did wrong. It happens in every
     * simultaneous open (the higher rank drops its own attempt once the lower rank's is admitted,
     * and its reset can reach this side mid-handshake), so it ends the connection quietly; a
     * dialled link is down with it and the next deposit to that peer says why.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String why = String.valueOf(cause.getMessage() != null ? cause.getMessage() : cause);
        if (cause instanceof IOException) {
            end(ctx, "the connection to rank " + dialled + " failed: " + why);
        } else {
            refuse(ctx, why);
        }
    }
}
