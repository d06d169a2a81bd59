package org.atollmpi.engine;

import org.atollmpi.nic.Memory;

/**
 * Recycles {@link HeldMessage}s and their byte arrays (power-of-two size classes), so a steady
 * stream of unexpected messages does not allocate once warmed up.
 */
final class HeldMessagePool {
    private static final int CLASSES = 32;
    private static final int MAX_POOLED_PER_CLASS = 64;
    private final byte[][][] arrays = new byte[CLASSES][MAX_POOLED_PER_CLASS][];
    private final int[] counts = new int[CLASSES];
    private HeldMessage freeMessages;

    HeldMessage hold(int source, long header0, long header1, Object base, long offset, int length) {
        HeldMessage m = freeMessages;
        if (m != null) {
            freeMessages = m.next;
            m.next = null;
        } else {
            m = new HeldMessage();
        }
        m.source = source;
        m.header0 = header0;
        m.header1 = header1;
        m.length = length;
        m.data = takeArray(length);
        if (length > 0) {
            Memory.copy(base, offset, m.data, Memory.BYTE_ARRAY_BASE, length);
        }
        return m;
    }

    void recycle(HeldMessage m) {
        giveArray(m.data);
        m.data = null;
        m.prev = null;
        m.next = freeMessages;
        freeMessages = m;
    }

    private byte[] takeArray(int length) {
        int c = sizeClass(length);
        if (counts[c] > 0) {
            byte[] a = arrays[c][--counts[c]];
            arrays[c][counts[c]] = null;
            return a;
        }
        return new byte[1 << c];
    }

    private void giveArray(byte[] a) {
        int c = Integer.numberOfTrailingZeros(a.length);
        if (counts[c] < MAX_POOLED_PER_CLASS) {
            arrays[c][counts[c]++] = a;
        }
    }

    private static int sizeClass(int length) {
        return length <= 64 ? 6 : 32 - Integer.numberOfLeadingZeros(length - 1);
    }
}
