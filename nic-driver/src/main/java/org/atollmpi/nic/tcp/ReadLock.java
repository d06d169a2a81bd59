package org.atollmpi.nic.tcp;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Who reads a connection's socket: its event loop or the rank's thread, never both at once, so
 * that its bytes are cut into frames in the order they came ({@link LinkReader}). The event loop
 * takes it where Netty asks for the buffer of its next read ({@link LockingRecvAllocator}, set on
 * the channel) and gives it back when the read's bytes have been handled ({@link FrameDecoder}'s
 * {@code channelReadComplete}, which Netty fires after every read, failed or not); the rank's
 * thread only tries it, and leaves a socket the event loop is reading to the event loop.
 */
final class ReadLock extends ReentrantLock {
    private static final long serialVersionUID = 1L;

    /** Gives the lock back if this thread holds it (the event loop, once its read is handled). */
    void releaseIfHeld() {
        while (isHeldByCurrentThread()) {
            unlock();
        }
    }
}
