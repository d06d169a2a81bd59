package org.atollmpi.nic;

import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Makes direct ByteBuffers over memory that someone else owns (the mapped board). */
final class NativeBuffers {
    private static final Constructor<?> DIRECT_CTOR;

    static {
        Constructor<?> ctor = null;
        try {
            Class<?> c = Class.forName("java.nio.DirectByteBuffer");
            ctor = c.getDeclaredConstructor(long.class, int.class);
            ctor.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            ctor = null; // not opened to us: fall back to cloning a template buffer's address
        }
        DIRECT_CTOR = ctor;
    }

    private NativeBuffers() {
    }

    static ByteBuffer wrap(long address, int capacity) {
        if (DIRECT_CTOR != null) {
            try {
                return ((ByteBuffer) DIRECT_CTOR.newInstance(address, capacity)).order(ByteOrder.nativeOrder());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return Retarget.wrap(address, capacity);
    }

    /**
     * Without access to DirectByteBuffer's constructor, take a fresh zero-length direct buffer and
     * point its address and capacity at the board memory. The template's own memory is never
     * used; its cleaner frees only that (it captured the template's address), never the board.
     * The template itself is retargeted, not a slice of it: a slice holds the template as its
     * attachment and so would every view of it, leaving the returned buffer unreachable while
     * its views live, and a cleaner registered on it would give board memory back under them.
     */
    private static final class Retarget {
        private static final sun.misc.Unsafe U;
        private static final long ADDRESS, CAPACITY, LIMIT;

        static {
            try {
                java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                f.setAccessible(true);
                U = (sun.misc.Unsafe) f.get(null);
                ADDRESS = U.objectFieldOffset(java.nio.Buffer.class.getDeclaredField("address"));
                CAPACITY = U.objectFieldOffset(java.nio.Buffer.class.getDeclaredField("capacity"));
                LIMIT = U.objectFieldOffset(java.nio.Buffer.class.getDeclaredField("limit"));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        static ByteBuffer wrap(long address, int capacity) {
            ByteBuffer b = ByteBuffer.allocateDirect(0);
            U.putLong(b, ADDRESS, address);
            U.putInt(b, CAPACITY, capacity);
            U.putInt(b, LIMIT, capacity);
            return b.order(ByteOrder.nativeOrder());
        }
    }
}
