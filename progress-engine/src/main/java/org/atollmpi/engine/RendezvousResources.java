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
 *     outside the board ({@link #acquireStaging}). If none is free it does not wait, not even for
 *     another matched send to give some back (that one may depend on a program that computes
 *     for an hour): it sends its data through the receiver's ring instead
 *     ({@link RendezvousSend} FRAGMENTING), which costs the same two copies as staging.</li>
 * </ul>
 *
 * Staging regions of the usual size are kept for reuse (a few, {@link #CACHED_STAGING}), so a
 * stream of large sends does not walk the board allocator for each one.
 */
final class RendezvousResources {
    static final int CACHED_STAGING = 2;

    private final HostPort port;
    private final int rtsWindowCap;
    private final long standardStaging;
    private final BoardRegion[] cache = new BoardRegion[CACHED_STAGING];
    private int cached;
    private int rtsWindows;

    RendezvousResources(HostPort port, EngineConfig config) {
        this.port = port;
        this.rtsWindowCap = port.windowCapacity() / 2;
        this.standardStaging = (long) config.chunkBytes() * config.stagingSlots();
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
            giveRegion(region, bytes);
            return null;
        }
        return new Staging(region, key, bytes);
    }

    /** A matched send gives back what {@link #acquireInPlace} or {@link #acquireStaging} gave it. */
    void release(WindowKey key, Staging staging) {
        port.deregister(key);
        if (staging != null) {
            giveRegion(staging.region, staging.bytes);
        }
    }

    private BoardRegion takeRegion(long bytes) {
        if (bytes == standardStaging && cached > 0) {
            BoardRegion r = cache[--cached];
            cache[cached] = null;
            return r;
        }
        BoardRegion r = port.allocate(bytes);
        if (r == null && cached > 0) {
            dropCache();
            r = port.allocate(bytes);
        }
        return r;
    }

    private void giveRegion(BoardRegion region, long bytes) {
        if (bytes == standardStaging && cached < cache.length) {
            cache[cached++] = region;
        } else {
            region.free();
        }
    }

    /** Returns the cached staging regions to the board (it is short of memory). */
    void dropCache() {
        while (cached > 0) {
            cache[--cached].free();
            cache[cached] = null;
        }
    }

    /** Staging memory held by a matched send, and its window. */
    record Staging(BoardRegion region, WindowKey key, long bytes) {
    }
}
