package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/**
 * The TCP board's handlers give Netty no annotation to read (each would cost every rank a proxy
 * class at start-up; see {@link ForwardingInboundHandler}), and a handler that takes no event
 * passes every one on, as Netty's adapter does.
 */
class ForwardingInboundHandlerTest {
    /** Every method Netty's ChannelHandlerMask looks at on an inbound handler. */
    private static final Object[][] EVENTS = {
        {"channelRegistered"}, {"channelUnregistered"}, {"channelActive"}, {"channelInactive"},
        {"channelRead", Object.class}, {"channelReadComplete"}, {"channelWritabilityChanged"},
        {"userEventTriggered", Object.class}, {"exceptionCaught", Throwable.class}};

    @Test
    void nettyFindsNoAnnotationOnTheBoardsHandlers() throws Exception {
        List<Class<?>> handlers = new ArrayList<>(List.of(Handshake.class, LinkHandler.class, FrameDecoder.class));
        for (Class<?> nested : TcpConnector.class.getDeclaredClasses()) {
            if (ChannelInboundHandler.class.isAssignableFrom(nested)) {
                handlers.add(nested); // the listener's acceptor
            }
        }
        assertEquals(4, handlers.size(), handlers.toString());
        for (Class<?> handler : handlers) {
            assertEquals(0, handler.getAnnotations().length, handler + " (Netty asks for @Sharable)");
            for (Object[] event : EVENTS) {
                Class<?>[] params = event.length == 1 ? new Class<?>[] {ChannelHandlerContext.class}
                    : new Class<?>[] {ChannelHandlerContext.class, (Class<?>) event[1]};
                Method m = handler.getMethod((String) event[0], params);
                assertEquals(0, m.getAnnotations().length, handler.getSimpleName() + "." + m.getName()
                    + " is declared by " + m.getDeclaringClass().getName() + " with an annotation (Netty asks for @Skip)");
            }
        }
    }

    @Test
    void aHandlerThatTakesNothingPassesEveryEventOn() {
        List<String> seen = new ArrayList<>();
        ForwardingInboundHandler recorder = new ForwardingInboundHandler() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                seen.add("active");
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                seen.add("read " + msg);
            }

            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                seen.add("readComplete");
            }

            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                seen.add("event " + evt);
            }

            @Override
            public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                seen.add("writability");
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                seen.add("exception " + cause.getMessage());
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                seen.add("inactive");
            }
        };
        EmbeddedChannel ch = new EmbeddedChannel(new ForwardingInboundHandler() { }, recorder);
        ch.pipeline().fireChannelRead("x").fireChannelReadComplete().fireUserEventTriggered("e")
            .fireChannelWritabilityChanged().fireExceptionCaught(new IllegalStateException("boom"));
        ch.close();
        assertEquals(List.of("active", "read x", "readComplete", "event e", "writability", "exception boom", "inactive"), seen);
    }
}
