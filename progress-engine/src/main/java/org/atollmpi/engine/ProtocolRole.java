package org.atollmpi.engine;

import java.util.function.IntFunction;

/**
 * One side of one protocol exchange for one operation: a state machine (an {@code enum State}
 * and one switch in each subclass) that the engine drives from two directions. The
 * {@link ArrivalAdapter} calls its {@code on*} method when a peer's control message or a NIC
 * completion names it; the ready list calls {@link #act} when it has local work (a control
 * message to send, a chunk to fill, a Get to issue), which is also how a message that found the
 * target's queue full is tried again.
 *
 * <p>A role is in the {@link OperationTable} (it has a handle) while a peer or the NIC may name
 * it. An {@code on*} method the role does not expect in its state reports a protocol fault: the
 * peer broke the protocol (or the board corrupted a message), which the engine raises as an MPI
 * error instead of acting on it.
 */
abstract class ProtocolRole {
    final Engine engine;
    /** The peer this role talks to: the only rank whose messages may name it. */
    final int peer;
    int handle = OperationTable.NO_HANDLE;

    ProtocolRole nextReady;
    boolean ready;

    ProtocolRole(Engine engine, int peer) {
        this.engine = engine;
        this.peer = peer;
    }

    /**
     * Does the local work of the current state. A role that could not finish it (a full queue, a
     * busy NIC) asks to be made ready again.
     *
     * @return work done
     */
    abstract int act();

    /** The state, for diagnostics and fault messages. */
    abstract String state();

    /** One line for {@code mpirun --timeout}: what this exchange waits for; null when nothing. */
    String describe(IntFunction<String> contextName) {
        return getClass().getSimpleName() + " with rank " + peer + ", state " + state();
    }

    void onSyncAck() {
        unexpected("SYNC_ACK");
    }

    void onClearToSend(int receiverHandle, long wanted) {
        unexpected("CTS");
    }

    void onDataWindow(int windowId, long capability, int chunkBytes, int slots) {
        unexpected("DATA_WINDOW");
    }

    void onChunkReady(long filled) {
        unexpected("CHUNK_READY");
    }

    void onChunkDone(long consumed) {
        unexpected("CHUNK_DONE");
    }

    void onFin() {
        unexpected("FIN");
    }

    void onCancelReply(boolean cancelled) {
        unexpected("CANCEL_REPLY");
    }

    void onFragment(long byteOffset, Object base, long offset, int length) {
        unexpected("FRAG");
    }

    /** A one-sided operation this role issued has completed; {@code tag} is what it was issued with. */
    void onCompletion(int tag, int status, long value) {
        unexpected("a NIC completion");
    }

    /** Asks for cancellation (MPI_Cancel of the role's send); false when it is too late to ask. */
    boolean requestCancel() {
        return false;
    }

    final void unexpected(String message) {
        engine.faults().report(message + " from rank " + peer + " for " + this + " in state " + state());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "#" + Integer.toHexString(handle);
    }
}
