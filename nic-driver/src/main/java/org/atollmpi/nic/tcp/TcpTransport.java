package org.atollmpi.nic.tcp;

import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The event loops of a process's TCP board and the channel classes to match: Linux's native epoll
 * transport where its library loads (fewer copies and system calls), Java NIO elsewhere. The
 * threads are daemons, so a rank that ends without closing its port still exits.
 */
final class TcpTransport implements AutoCloseable {
    final EventLoopGroup group;
    private final boolean epoll;

    private TcpTransport(int threads) {
        DefaultThreadFactory threadFactory = new DefaultThreadFactory("atoll-tcp", true);
        epoll = Epoll.isAvailable();
        group = new MultiThreadIoEventLoopGroup(threads, threadFactory,
            epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    }

    /** A new listening channel, not yet registered (constructed directly: Netty's bootstraps construct it by reflection). */
    ServerChannel newServerChannel() {
        return epoll ? new EpollServerSocketChannel() : new NioServerSocketChannel();
    }

    /** A new connection, not yet registered. */
    Channel newChannel() {
        return epoll ? new EpollSocketChannel() : new NioSocketChannel();
    }

    /**
     * Netty 4.2 registers Flight Recorder events for its buffer allocator whenever the JVM has
     * JFR, and merely loading them sets up JFR's metadata: that was half of a TCP rank's start-up
     * CPU (16 ranks on 2 cores reached their first barrier in 5.2-5.6 s with it, 2.9 s without;
     * docs/SCALING.md). Off unless the user asks for them with {@code -Dio.netty.jfr.enabled=true}.
     */
    static final String JFR_PROPERTY = "io.netty.jfr.enabled";
    /**
     * Netty's leak detector records a stack trace for one buffer in 128 by default, on the path of
     * every frame; a library's users cannot act on its reports. Off unless asked for with
     * {@code -Dio.netty.leakDetection.level=...}, which is never overridden (nic-driver's tests run
     * at {@code paranoid} and fail on a leak).
     */
    static final String LEAK_PROPERTY = "io.netty.leakDetection.level";
    /**
     * Netty's allocator pools the buffer objects (not their memory) that threads other than the
     * event loops take, in a queue per size class of this many, made and filled in full when the
     * allocator starts: 17 queues of 1024 by default, 3 ms of every TCP rank's start. With 256,
     * a thread that has more than 256 frames of one size class in flight leaves the objects
     * returned beyond that to the garbage collector instead of reusing them. The user's setting wins.
     */
    static final String BUFFER_QUEUE_PROPERTY = "io.netty.allocator.magazineBufferQueueCapacity";

    // Set before any Netty class that reads them is initialised (or logs): the TCP board starts here.
    static {
        if (System.getProperty(JFR_PROPERTY) == null) {
            System.setProperty(JFR_PROPERTY, "false");
        }
        if (System.getProperty(LEAK_PROPERTY) == null) {
            System.setProperty(LEAK_PROPERTY, "disabled");
        }
        if (System.getProperty(BUFFER_QUEUE_PROPERTY) == null) {
            System.setProperty(BUFFER_QUEUE_PROPERTY, "256");
        }
        NettyLogging.install(TcpTransport.class.getClassLoader());
    }

    static TcpTransport start(int threads) {
        return new TcpTransport(threads);
    }

    /** Stops the event loops; the channels on them close. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 200, TimeUnit.MILLISECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
