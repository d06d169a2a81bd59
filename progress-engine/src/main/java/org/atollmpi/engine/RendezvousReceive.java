package org.atollmpi.engine;

import org.atollmpi.nic.NicStatus;

/**
 * Receiver side of a rendezvous, from the match of its RTS. It Gets the data straight into the
 * receive buffer, chunk by chunk as the sender makes chunks ready, at most one Get per staging
 * slot in flight; the NIC may complete them late and in any order.
 *
 * <pre>
 *  RTS named a window ───────────────────────────────────────▶ PULLING ─TREFUSED─▶ SEND_CTS
 *  RTS without one ──▶ SEND_CTS ─CTS sent─▶ AWAIT_DATA ─DATA_WINDOW─▶ PULLING ─all Gets done─▶ SEND_FIN ─▶ DONE
 *                          │                    │                      ▲ CHUNK_READY: more to Get
 *                          │ 0 bytes wanted     └─FRAG records, all wanted bytes─▶ DONE
 *                          └──────────────────────────────────────────────────────▶ DONE
 * </pre>
 *
 * A window over the sender's process memory (cross-memory attach) that the kernel will not let
 * this rank read (TREFUSED, in the call, before anything landed) is answered with a CTS after
 * all, and the sender moves the data through the board.
 *
 * <p>The receive completes as soon as its data is in (a failed Get completes it with ERR_INTERN once
 * no Get is in flight any more); the role lives on until the FIN has left, and never touches the
 * receive buffer again.
 */
final class RendezvousReceive extends ProtocolRole {
    enum State { SEND_CTS, AWAIT_DATA, PULLING, SEND_FIN, DONE }

    private Operation op;
    private State state;
    private final int senderHandle;
    private final int wanted;
    /** The RTS named a window: one Get of it all, no CTS (until the kernel refuses a cross-memory read). */
    private boolean inPlace;

    private int windowId;
    private long capability;
    private int chunkBytes;
    private int slots;
    private int totalChunks;
    private int ready;
    private int requested;
    private int consumed;
    private int reported;
    private int inFlight;
    private boolean[] landed;
    private boolean failed;
    private long fragmentBytes;

    /**
     * @param windowId the RTS's window, or {@link RtsDescriptor#NO_WINDOW}
     */
    RendezvousReceive(Engine engine, Operation op, int source, int senderHandle, int total, int windowId,
                      long capability) {
        super(engine, source);
        this.op = op;
        this.senderHandle = senderHandle;
        this.wanted = Math.min(total, op.bytes);
        this.inPlace = windowId != RtsDescriptor.NO_WINDOW;
        if (inPlace) {
            this.windowId = windowId;
            this.capability = capability;
            this.chunkBytes = Math.max(wanted, 1);
            this.slots = 1;
            this.totalChunks = wanted > 0 ? 1 : 0;
            this.ready = totalChunks;
            this.landed = new boolean[1];
            this.state = State.PULLING;
        } else {
            this.state = State.SEND_CTS;
        }
    }

    @Override
    String state() {
        return state.name();
    }

    @Override
    int act() {
        return switch (state) {
            case SEND_CTS -> sendCts();
            case PULLING -> pull();
            case SEND_FIN -> sendFin();
            default -> 0;
        };
    }

    private int sendCts() {
        if (!engine.control().clearToSend(peer, senderHandle, handle, wanted)) {
            engine.makeReady(this);
            return 0;
        }
        if (wanted == 0) {
            state = State.DONE;
            completeReceive();
            engine.retire(this);
        } else {
            state = State.AWAIT_DATA;
        }
        return 1;
    }

    private int pull() {
        int work = 0;
        int limit = Math.min(ready, totalChunks);
        while (!failed && requested < limit) {
            int c = requested;
            long at = (long) c * chunkBytes;
            int len = (int) Math.min(chunkBytes, wanted - at);
            int status = engine.port().get(peer, windowId, capability, (long) (c % slots) * chunkBytes,
                op.base, op.offset + at, len, Engine.token(handle, c));
            if (status == NicStatus.BUSY) {
                engine.makeReady(this); // the NIC is full of our Gets: their completions make room
                break;
            }
            if (status == NicStatus.TREFUSED && inPlace && c == 0) {
                inPlace = false; // the data comes another way: ask for it
                state = State.SEND_CTS;
                return work + sendCts();
            }
            requested++;
            inFlight++;
            work++;
            if (status != NicStatus.OK) { // completed in the call (DONE, or a NACK): no completion follows
                landed(c, status == NicStatus.DONE ? NicStatus.OK : status);
                // the slot is free: say so now, so the sender refills it while the next is copied
                if (!failed && consumed < totalChunks) {
                    work += reportConsumed();
                }
            }
        }
        if (failed ? inFlight == 0 : consumed == totalChunks) {
            state = State.SEND_FIN;
            completeReceive();
            return work + sendFin();
        }
        return work + reportConsumed();
    }

    /** Tells the sender which chunks have been copied out (their slots may be refilled). */
    private int reportConsumed() {
        if (consumed <= reported) {
            return 0;
        }
        if (!engine.control().chunkDone(peer, senderHandle, consumed)) {
            engine.makeReady(this);
            return 0;
        }
        reported = consumed;
        return 1;
    }

    private int sendFin() {
        if (!engine.control().fin(peer, senderHandle)) {
            engine.makeReady(this);
            return 0;
        }
        state = State.DONE;
        engine.retire(this);
        return 1;
    }

    @Override
    void onCompletion(int chunk, int status, long value) {
        if (state != State.PULLING || chunk < consumed || chunk >= requested || landed[chunk % slots]) {
            unexpected("completion of Get " + chunk);
            return;
        }
        landed(chunk, status);
        engine.makeReady(this);
    }

    /** Get {@code chunk} has completed: consume the chunks that have landed in order. */
    private void landed(int chunk, int status) {
        inFlight--;
        landed[chunk % slots] = true;
        if (status != NicStatus.OK && !failed) {
            failed = true;
            op.error = ErrorClass.INTERN;
            op.errorMessage = "rendezvous Get from rank " + peer + " failed: " + NicStatus.describe(status) + " ("
                + NicStatus.name(status) + ")";
        }
        while (consumed < requested && landed[consumed % slots]) {
            landed[consumed % slots] = false;
            consumed++;
        }
    }

    @Override
    void onDataWindow(int windowId, long capability, int chunkBytes, int slots) {
        if (state != State.AWAIT_DATA || fragmentBytes > 0 || chunkBytes <= 0 || slots <= 0
            || slots > (wanted + (long) chunkBytes - 1) / chunkBytes) {
            unexpected("DATA_WINDOW (" + slots + " slots of " + chunkBytes + " bytes for " + wanted + ")");
            return;
        }
        this.windowId = windowId;
        this.capability = capability;
        this.chunkBytes = chunkBytes;
        this.slots = slots;
        this.totalChunks = (int) ((wanted + (long) chunkBytes - 1) / chunkBytes);
        this.ready = 1;
        this.landed = new boolean[slots];
        state = State.PULLING;
        engine.makeReady(this);
    }

    @Override
    void onChunkReady(long filled) {
        if (state != State.PULLING || inPlace || filled > totalChunks) {
            unexpected("CHUNK_READY " + filled);
            return;
        }
        if (filled > ready) {
            ready = (int) filled;
            engine.makeReady(this);
        }
    }

    @Override
    void onFragment(long byteOffset, Object base, long offset, int length) {
        if (state != State.AWAIT_DATA || byteOffset < 0 || byteOffset + length > wanted) {
            unexpected("FRAG of " + length + " bytes at " + byteOffset + " (" + wanted + " wanted)");
            return;
        }
        org.atollmpi.nic.Memory.copy(base, offset, op.base, op.offset + byteOffset, length);
        fragmentBytes += length;
        if (fragmentBytes == wanted) {
            state = State.DONE;
            completeReceive();
            engine.retire(this);
        }
    }

    private void completeReceive() {
        Operation o = op;
        op = null;
        engine.complete(o);
    }
}
