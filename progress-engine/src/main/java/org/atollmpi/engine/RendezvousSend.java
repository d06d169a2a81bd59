package org.atollmpi.engine;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.WindowKey;

/**
 * Sender side of a rendezvous. The RTS leaves at once and holds nothing but a sequence number and
 * a handle; resources are taken only once a receive has matched (the CTS), so no send ever waits
 * for something that only a later match could free. Data already in board memory may be named in
 * the RTS itself (a window over it, in place), and then the receiver just Gets it. After a CTS,
 * board data gets a window in place; other data goes as FRAG records through the receiver's ring
 * ({@link EngineConfig.HeapRendezvous#RING}) or through staging chunks the receiver Gets
 * ({@link EngineConfig.HeapRendezvous#STAGING}, the default); and anything goes through the ring when no
 * window descriptor or staging memory can be had.
 *
 * <pre>
 *  QUEUED ─RTS deposited─▶ AWAIT_MATCH ─FIN (RTS named a window)─────────────────────────▶ DONE
 *                            │  ▲   │
 *               cancel()     ▼  │   └─CTS─┬─window (+ staging)─▶ STREAMING ─FIN─────────────▶ DONE
 *          CANCELLING ─reply: matched     │                         ▲ CHUNK_DONE: refill slots,
 *              │                          │ ring path, or none free └ CHUNK_READY
 *              └─reply: cancelled─▶ DONE  └─▶ FRAGMENTING ─all FRAG records deposited────────▶ DONE
 * </pre>
 *
 * CTS and FIN may also arrive in CANCELLING (the receive matched before the request got there);
 * they move the send on as usual, and the CANCEL_REPLY that follows says "matched". A CTS asking
 * for 0 bytes (an empty receive buffer) completes the send at once.
 */
final class RendezvousSend extends SendRole<RendezvousSend.State> {
    enum State { QUEUED, AWAIT_MATCH, CANCELLING, STREAMING, FRAGMENTING, DONE }

    /** FRAG bytes one pass may deposit, so one large send does not keep a pass to itself. */
    private static final long FRAGMENT_BYTES_PER_PASS = 1 << 20;

    private final int total;
    /** The message's board memory (data from MPI.newByteBuffer), or null. */
    private final BoardRegion own;
    /** The window the RTS names (in place over {@link #own}, or over the private buffer), or null. */
    private WindowKey rtsWindow;
    /** Whether {@link #rtsWindow} is over memory of this process the board does not own. */
    private boolean crossMemory;

    private int receiverHandle;
    private int wanted;
    private WindowKey window;
    private RendezvousResources.Staging staging;
    private int chunkBytes;
    private int slots;
    private int totalChunks;
    private int filled;
    private int announced;
    private int consumed;
    private long fragmentsSent;

    private boolean dataWindowToSend;

    RendezvousSend(Engine engine, Operation op, BoardRegion own) {
        super(engine, op, State.QUEUED, State.AWAIT_MATCH, State.CANCELLING, State.DONE);
        this.total = op.bytes;
        this.own = own;
        if (own != null) {
            rtsWindow = engine.resources().registerForRts(own, op.offset - own.address(), total);
            if (rtsWindow != null) {
                engine.counters().rtsWindows++;
            }
        } else if (op.base == null && engine.readsOurMemory(peer)) {
            rtsWindow = engine.resources().exposeForRts(peer, op.offset, total);
            if (rtsWindow != null) {
                crossMemory = true;
                engine.counters().rtsWindows++;
                engine.counters().crossMemorySends++;
            }
        }
    }

    /** Fills the RTS payload. */
    void writeRts(byte[] scratch) {
        if (rtsWindow != null) {
            RtsDescriptor.write(scratch, total, rtsWindow.id(), rtsWindow.capability());
        } else {
            RtsDescriptor.write(scratch, total, RtsDescriptor.NO_WINDOW, 0);
        }
    }


    /** Gives back the RTS window: the send was cancelled (before its RTS left, or taken back). */
    @Override
    void withdraw() {
        if (rtsWindow != null) {
            engine.resources().releaseRtsWindow(rtsWindow);
            rtsWindow = null;
        }
        super.withdraw();
    }

    @Override
    int act() {
        int work = sendCancelRequest();
        if (work < 0) {
            return 0;
        }
        switch (state) {
            case STREAMING -> work += stream();
            case FRAGMENTING -> work += fragment();
            default -> { }
        }
        return work;
    }

    @Override
    void onClearToSend(int receiverHandle, long wanted) {
        if (state != State.AWAIT_MATCH && state != State.CANCELLING || rtsWindow != null && !crossMemory) {
            unexpected("CTS");
            return;
        }
        if (rtsWindow != null) {
            // the kernel refused the receiver a read of our buffer: it asks for the data instead
            engine.resources().releaseRtsWindow(rtsWindow);
            rtsWindow = null;
            engine.counters().crossMemoryRefused++;
            engine.crossMemoryRefused(peer);
        }
        if (wanted < 0 || wanted > total) {
            unexpected("CTS for " + wanted + " of " + total + " bytes");
            return;
        }
        this.receiverHandle = receiverHandle;
        this.wanted = (int) wanted;
        if (wanted == 0) {
            finish();
            return;
        }
        acquire();
    }

    /** Takes a window (and staging) for the matched transfer, or sends FRAG records through the ring. */
    private void acquire() {
        RendezvousResources resources = engine.resources();
        if (own != null) {
            WindowKey key = resources.acquireInPlace(own, op.offset - own.address(), wanted);
            if (key != null) {
                window = key;
                chunkBytes = wanted;
                slots = 1;
                totalChunks = 1;
                filled = 1;
                engine.counters().inPlaceSends++;
                startStreaming();
                return;
            }
        } else if (engine.config().heapRendezvous() == EngineConfig.HeapRendezvous.STAGING) {
            EngineConfig config = engine.config();
            int chunk = chunkFor(wanted, config.chunkBytes(), config.stagingSlots());
            int chunks = (int) (((long) wanted + chunk - 1) / chunk);
            int n = Math.min(config.stagingSlots(), chunks);
            if (chunks == 1) {
                chunk = wanted;
            }
            RendezvousResources.Staging s = resources.acquireStaging((long) chunk * n);
            if (s == null && n > 1) {
                n = 1;
                s = resources.acquireStaging(chunk);
            }
            if (s != null) {
                staging = s;
                window = s.key();
                chunkBytes = chunk;
                slots = n;
                totalChunks = chunks;
                fillChunk();
                engine.counters().stagedSends++;
                startStreaming();
                return;
            }
        }
        state = State.FRAGMENTING;
        engine.counters().ringSends++;
        engine.makeReady(this);
    }

    /**
     * The staging chunk for a message of {@code wanted} bytes: the configured one for messages
     * that fill every slot with it, down to half of it (in whole pages) for smaller ones, so they
     * still pipeline. On the 2-core machine 256 KiB chunks gave 1-4 MiB messages half the latency
     * of 128 KiB ones, while 256-512 KiB messages streamed (osu_bw) faster in 128 KiB chunks.
     */
    static int chunkFor(int wanted, int largest, int slots) {
        long perSlot = ((long) wanted + slots - 1) / slots;
        long paged = (perSlot + 4095) & ~4095L;
        return (int) Math.min(largest, Math.max(largest / 2, paged));
    }

    private void startStreaming() {
        state = State.STREAMING;
        dataWindowToSend = true;
        engine.makeReady(this);
    }

    private int stream() {
        int work = 0;
        ControlProxy control = engine.control();
        if (dataWindowToSend) {
            if (!control.dataWindow(peer, receiverHandle, window.id(), window.capability(), chunkBytes, slots)) {
                engine.makeReady(this);
                return work;
            }
            dataWindowToSend = false;
            announced = 1;
            work++;
        }
        // each chunk is announced as soon as it is filled, so that the receiver copies it out
        // while the next one is copied in: announcing a batch made the two sides take turns
        while (filled == announced && staging != null && filled < totalChunks && filled < consumed + slots) {
            fillChunk();
            work++;
            work += announce(control);
        }
        if (filled > announced) {
            work += announce(control);
        }
        return work;
    }

    private int announce(ControlProxy control) {
        if (!control.chunkReady(peer, receiverHandle, filled)) {
            engine.makeReady(this);
            return 0;
        }
        announced = filled;
        return 1;
    }

    private void fillChunk() {
        int c = filled;
        long at = (long) c * chunkBytes;
        int len = (int) Math.min(chunkBytes, wanted - at);
        long slotOffset = (long) (c % slots) * chunkBytes;
        Memory.copy(op.base, op.offset + at, staging.region().base(), staging.region().address() + slotOffset, len);
        filled = c + 1;
    }

    private int fragment() {
        int work = 0;
        int max = engine.maxRecordLength();
        long budget = FRAGMENT_BYTES_PER_PASS;
        while (fragmentsSent < wanted) {
            if (budget <= 0) {
                engine.makeReady(this);
                return work;
            }
            int len = (int) Math.min(max, wanted - fragmentsSent);
            if (!engine.port().send(peer, FragmentDescriptor.header0(fragmentsSent),
                FragmentDescriptor.header1(receiverHandle), op.base, op.offset + fragmentsSent, len)) {
                engine.makeReady(this);
                return work;
            }
            fragmentsSent += len;
            budget -= len;
            work++;
        }
        finish();
        return work;
    }

    @Override
    void onChunkDone(long consumed) {
        if (state != State.STREAMING || staging == null || consumed > totalChunks) {
            unexpected("CHUNK_DONE " + consumed);
            return;
        }
        if (consumed > this.consumed) {
            this.consumed = (int) consumed;
            engine.makeReady(this);
        }
    }

    @Override
    void onFin() {
        if (state == State.STREAMING) {
            engine.resources().release(window, staging);
            window = null;
            staging = null;
        } else if (rtsWindow != null && (state == State.AWAIT_MATCH || state == State.CANCELLING)) {
            engine.resources().releaseRtsWindow(rtsWindow);
            rtsWindow = null;
        } else {
            unexpected("FIN");
            return;
        }
        finish();
    }
}
