package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * A connection's read buffers, sized as Netty's adaptive allocator sizes them, that take the
 * connection's {@link ReadLock} before each read of the event loop: Netty asks for a buffer right
 * before it reads the socket, so holding the lock from there until the read is handled keeps the
 * rank's thread off the socket meanwhile. Its handle is an {@link ExtendedHandle} that forwards
 * every call itself (not Netty's deprecated {@code DelegatingHandle}).
 */
final class LockingRecvAllocator implements RecvByteBufAllocator {
    private final ReadLock lock;
    private final RecvByteBufAllocator sizes = new AdaptiveRecvByteBufAllocator();

    LockingRecvAllocator(ReadLock lock) {
        this.lock = lock;
    }

    @Override
    public ExtendedHandle newHandle() {
        return new LockingHandle(lock, (ExtendedHandle) sizes.newHandle());
    }

    private static final class LockingHandle implements ExtendedHandle {
        private final ReadLock lock;
        private final ExtendedHandle sizes;

        LockingHandle(ReadLock lock, ExtendedHandle sizes) {
            this.lock = lock;
            this.sizes = sizes;
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            if (!lock.isHeldByCurrentThread()) {
                lock.lock(); // the rank's thread holds it only for one non-blocking read and its frames
            }
            return sizes.allocate(alloc);
        }

        @Override
        public int guess() {
            return sizes.guess();
        }

        @Override
        public void reset(ChannelConfig config) {
            sizes.reset(config);
        }

        @Override
        public void incMessagesRead(int numMessages) {
            sizes.incMessagesRead(numMessages);
        }

        @Override
        public void lastBytesRead(int bytes) {
            sizes.lastBytesRead(bytes);
        }

        @Override
        public int lastBytesRead() {
            return sizes.lastBytesRead();
        }

        @Override
        public void attemptedBytesRead(int bytes) {
            sizes.attemptedBytesRead(bytes);
        }

        @Override
        public int attemptedBytesRead() {
            return sizes.attemptedBytesRead();
        }

        @Override
        public boolean continueReading() {
            return sizes.continueReading();
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return sizes.continueReading(maybeMoreDataSupplier);
        }

        @Override
        public void readComplete() {
            sizes.readComplete();
        }
    }
}
