package org.atollmpi.nic.tcp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandler;

/**
 * An inbound handler that passes every event on unless a subclass takes it: what Netty's
 * {@code ChannelInboundHandlerAdapter} does, without its annotations. Netty reads a handler's
 * annotations by reflection the first time it meets the class ({@code @Skip} on each event method
 * a handler leaves alone, {@code @Sharable} on the class), and the JDK makes a proxy class for
 * each annotation type it finds: four of them in every TCP rank, 12 ms of its start on the 2-core
 * VM (docs/SCALING.md), where nothing else needs them. Here no method carries an annotation, so
 * none is made; the price is that events this handler does not take pass through it instead of
 * around it, which Netty's own handlers on a TCP link (none) would have avoided.
 */
abstract class ForwardingInboundHandler implements ChannelInboundHandler {
    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        // nothing to set up
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
        // nothing to release
    }

    @Override
    public void channelRegistered(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelRegistered();
    }

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelUnregistered();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelReadComplete();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    @SuppressWarnings("deprecation") // ChannelHandler's declaration is deprecated, ChannelInboundHandler's is not
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        ctx.fireExceptionCaught(cause);
    }
}
