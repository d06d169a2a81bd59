package org.atollmpi.nic.tcp;

import java.util.concurrent.locks.ReentrantLock;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * Who reads a connection's socket: its event loop or the rank's thread, never both at once, so
 * that its bytes are cut into frames in the order they came ({@link LinkReader}). The event loop
 * takes the lock where Netty asks for the buffer of its next read (this allocator, set on the
 * channel) and gives it back when the read's bytes have been handled ({@link FrameDecoder}'s
 * {@code channelReadComplete}, which Netty fires after every read, failed or not); the rank's
 * thread only tries it, and leaves a socket the event loop is reading to the event loop.
 */
final class ReadLock extends ReentrantLock implements RecvByteBufAllocator {
    private static final long serialVersionUID = 1L;
    private final transient RecvByteBufAllocator sizes = new AdaptiveRecvByteBufAllocator();

    /** Gives the lock back if this thread holds it (the event loop, once its read is handled). */
    void releaseIfHeld() {
        while (isHeldByCurrentThread()) {
            unlock();
        }
    }

    @Override
    @SuppressWarnings("deprecation")
    public Handle newHandle() {
        return new LockingHandle((ExtendedHandle) sizes.newHandle());
    }

    @SuppressWarnings("deprecation")
    private final class LockingHandle extends DelegatingHandle implements ExtendedHandle {
        private final ExtendedHandle sizes;

        LockingHandle(ExtendedHandle sizes) {
            super(sizes);
            this.sizes = sizes;
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            if (!isHeldByCurrentThread()) {
                lock(); // the rank's thread holds it only for one non-blocking read and its frames
            }
            return super.allocate(alloc);
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return sizes.continueReading(maybeMoreDataSupplier);
        }
    }
}
