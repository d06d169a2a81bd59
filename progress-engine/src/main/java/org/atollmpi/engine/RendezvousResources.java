package org.atollmpi.engine;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * The window descriptors and staging memory that rendezvous sends hold, and the rules that keep
 * them from ever stalling a send: <em>nothing is held for a send nobody has matched, and no send
 * ever waits for them</em>.
 *
 * <ul>
 * <li>An RTS names a window only for data already in board memory, and only while fewer than
 *     half the port's descriptors are taken that way; otherwise it goes without and the
 *     receiver asks with a CTS after the match.</li>
 * <li>A matched send takes a descriptor ({@link #acquireInPlace}), and staging memory for data
 *     outside the board when it is staged ({@link #acquireStaging}). If none is free it does not wait, not even for
 *     another matched send to give some back (that one may depend on a program that computes
 *     for an hour): it sends its data through the receiver's ring instead
 *     ({@link RendezvousSend} FRAGMENTING), which costs the same two copies as staging.</li>
 * </ul>
 *
 * Staging regions are kept for reuse, {@link #CACHED_PER_CLASS} per power-of-two size class from
 * 64 KiB to 4 MiB (staging is taken in whole classes), so a stream of large sends does not walk
 * the board allocator, and touch fresh pages, for each one: measured, that cost a 128 KiB array
 * rendezvous as much as its two copies. The cache is given back when the board runs short.
 */
final class RendezvousResources {
    static final int CACHED_PER_CLASS = 2;
    private static final int MIN_CLASS = 16; // 64 KiB
    private static final int MAX_CLASS = 22; // 4 MiB

    private final HostPort port;
    private final int rtsWindowCap;
    private final BoardRegion[][] cache = new BoardRegion[MAX_CLASS - MIN_CLASS + 1][CACHED_PER_CLASS];
    private final int[] cached = new int[MAX_CLASS - MIN_CLASS + 1];
    private int cachedTotal;
    private int rtsWindows;

    RendezvousResources(HostPort port) {
        this.port = port;
        this.rtsWindowCap = port.windowCapacity() / 2;
    }

    /** A window over board data for an RTS to name, or null (the RTS then goes without). */
    WindowKey registerForRts(BoardRegion region, long offset, int bytes) {
        if (rtsWindows >= rtsWindowCap) {
            return null;
        }
        WindowKey key = port.register(region, offset, bytes, WindowRights.READ);
        if (key != null) {
            rtsWindows++;
        }
        return key;
    }

    /**
     * A window for an RTS over a private direct buffer of this process, which {@code reader}
     * reads by cross-memory attach; null when the cap or the descriptor table says no.
     */
    WindowKey exposeForRts(int reader, long address, int bytes) {
        if (rtsWindows >= rtsWindowCap) {
            return null;
        }
        WindowKey key = port.exposeProcessMemory(reader, address, bytes);
        if (key != null) {
            rtsWindows++;
        }
        return key;
    }

    /** The RTS's window is done with (FIN, or the send was cancelled). */
    void releaseRtsWindow(WindowKey key) {
        port.deregister(key);
        rtsWindows--;
    }

    /** A window for a matched send over its own board data; null when no descriptor is free. */
    WindowKey acquireInPlace(BoardRegion region, long offset, int bytes) {
        return port.register(region, offset, bytes, WindowRights.READ);
    }

    /**
     * Staging memory of {@code bytes} and a window over it for a matched send; null (holding
     * nothing) when either cannot be had.
     */
    Staging acquireStaging(long bytes) {
        BoardRegion region = takeRegion(bytes);
        if (region == null) {
            return null;
        }
        WindowKey key = port.register(region, 0, bytes, WindowRights.READ);
        if (key == null) {
            giveRegion(region);
            return null;
        }
        return new Staging(region, key, bytes);
    }

    /** A matched send gives back what {@link #acquireInPlace} or {@link #acquireStaging} gave it. */
    void release(WindowKey key, Staging staging) {
        port.deregister(key);
        if (staging != null) {
            giveRegion(staging.region);
        }
    }

    /** A region of at least {@code bytes}: a whole size class where there is one, cached if possible. */
    private BoardRegion takeRegion(long bytes) {
        int c = sizeClass(bytes);
        if (c < 0) {
            return port.allocate(bytes);
        }
        int i = c - MIN_CLASS;
        if (cached[i] > 0) {
            BoardRegion r = cache[i][--cached[i]];
            cache[i][cached[i]] = null;
            cachedTotal--;
            return r;
        }
        BoardRegion r = port.allocate(1L << c);
        if (r == null && cachedTotal > 0) {
            dropCache();
            r = port.allocate(1L << c);
        }
        return r != null ? r : port.allocate(bytes); // short of memory: not a whole class, then
    }

    /**
     * Caches a region only when it is exactly a whole size class: one that {@link #takeRegion}
     * allocated short of memory (the bytes asked, 32 KiB say) would otherwise be filed under the
     * 64 KiB class and handed later to a transfer that needs all 64 KiB, whose window then does not
     * fit in it.
     */
    private void giveRegion(BoardRegion region) {
        long length = region.length();
        int c = sizeClass(length);
        if (c >= 0 && length == 1L << c && cached[c - MIN_CLASS] < CACHED_PER_CLASS) {
            cache[c - MIN_CLASS][cached[c - MIN_CLASS]++] = region;
            cachedTotal++;
        } else {
            region.free();
        }
    }

    /** The power of two at or above {@code bytes} (at least 64 KiB), or -1 above 4 MiB. */
    private static int sizeClass(long bytes) {
        int c = Math.max(MIN_CLASS, 64 - Long.numberOfLeadingZeros(Math.max(bytes, 1) - 1));
        return c <= MAX_CLASS ? c : -1;
    }

    /** Returns the cached staging regions to the board (it is short of memory). */
    void dropCache() {
        for (int i = 0; i < cache.length; i++) {
            while (cached[i] > 0) {
                cache[i][--cached[i]].free();
                cache[i][cached[i]] = null;
            }
        }
        cachedTotal = 0;
    }

    /** Staging memory held by a matched send, and its window. */
    record Staging(BoardRegion region, WindowKey key, long bytes) {
    }
}
