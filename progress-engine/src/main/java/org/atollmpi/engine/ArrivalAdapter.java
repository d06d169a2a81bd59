package org.atollmpi.engine;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/**
 * Decodes what the port delivers and hands it to the part it concerns: matched messages go
 * through the {@link Sequencer} to {@link MatchDelivery}, a CANCEL_REQUEST to the
 * {@link CancelResponder}, FRAG records, other notifications and NIC completions to the protocol
 * role they name. Anything that names no role in flight, has an unknown kind or
 * type, or comes from a rank other than the role's peer is a protocol fault ({@link Faults}):
 * counted, raised as an MPI error, never acted on.
 */
final class ArrivalAdapter implements ArrivalHandler {
    private final Sequencer sequencer;
    private final MatchDelivery delivery;
    private final CancelResponder cancels;
    private final OperationTable table;
    private final HeldMessagePool pool;
    private final Faults faults;
    /** The engine keeps a message trace: each matched message's arrival is timed ("delivered"). */
    private final boolean timesArrivals;

    ArrivalAdapter(Sequencer sequencer, MatchDelivery delivery, CancelResponder cancels, OperationTable table,
                   HeldMessagePool pool, Faults faults, boolean timesArrivals) {
        this.timesArrivals = timesArrivals;
        this.sequencer = sequencer;
        this.delivery = delivery;
        this.cancels = cancels;
        this.table = table;
        this.pool = pool;
        this.faults = faults;
    }

    /**
     * A handler that throws has still consumed its arrival (the port moved past it): the error
     * becomes a fault raised from the program's next call, not an exception in whichever thread
     * happened to be progressing (a progress thread, another rank's waiter).
     */
    @Override
    public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
        try {
            message(source, header0, header1, base, offset, length);
        } catch (RuntimeException e) {
            faults.handlerFailed("a message of kind " + Envelope.kind(header0) + " and " + length + " bytes from rank "
                + source, e);
        }
    }

    private void message(int source, long header0, long header1, Object base, long offset, int length) {
        int kind = Envelope.kind(header0);
        if (kind == Envelope.FRAG) {
            fragment(source, header0, header1, base, offset, length);
            return;
        }
        if (kind < Envelope.EAGER || kind > Envelope.RTS || kind == Envelope.RTS && length != RtsDescriptor.LENGTH) {
            faults.report("data message of kind " + kind + " and " + length + " bytes from rank " + source);
            return;
        }
        int sequence = Envelope.sequence(header1);
        long arrivedAt = timesArrivals ? System.nanoTime() : 0;
        if (!sequencer.isNext(source, sequence)) {
            sequencer.holdAhead(source, header0, header1, base, offset, length, arrivedAt);
            return;
        }
        inTurn(source, sequence, header0, header1, base, offset, length, arrivedAt);
        HeldMessage m;
        while ((m = sequencer.nextHeld(source)) != null) {
            inTurn(source, m.sequence(), m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length, m.arrivedAt);
            pool.recycle(m);
        }
    }

    private void inTurn(int source, int sequence, long header0, long header1, Object base, long offset, int length,
                        long arrivedAt) {
        if (sequencer.take(source, sequence)) {
            delivery.arrived(source, header0, header1, base, offset, length, arrivedAt);
        }
    }

    private void fragment(int source, long header0, long header1, Object base, long offset, int length) {
        ProtocolRole role = FragmentDescriptor.wellFormed(header1)
            ? table.get(FragmentDescriptor.receiverHandle(header1)) : null;
        if (role == null || role.peer != source) {
            faults.report("FRAG record from rank " + source + " names no receive in flight");
            return;
        }
        role.onFragment(FragmentDescriptor.byteOffset(header0), base, offset, length);
    }

    @Override
    public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        try {
            notification(source, type, arg0, arg1, arg2);
        } catch (RuntimeException e) {
            faults.handlerFailed("a notification of type " + type + " from rank " + source, e);
        }
    }

    private void notification(int source, int type, long arg0, long arg1, long arg2) {
        switch (type) {
            case SyncAckDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, SyncAckDescriptor.senderHandle(arg0));
                if (role != null) {
                    role.onSyncAck();
                }
            }
            case ClearToSendDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, ClearToSendDescriptor.senderHandle(arg0));
                if (role != null) {
                    role.onClearToSend(ClearToSendDescriptor.receiverHandle(arg0), arg1);
                }
            }
            case DataWindowDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, DataWindowDescriptor.receiverHandle(arg0));
                if (role != null) {
                    role.onDataWindow(DataWindowDescriptor.windowId(arg0), arg1, DataWindowDescriptor.chunkBytes(arg2),
                        DataWindowDescriptor.slots(arg2));
                }
            }
            case ChunkReadyDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, ChunkReadyDescriptor.receiverHandle(arg0));
                if (role != null) {
                    role.onChunkReady(arg1);
                }
            }
            case ChunkDoneDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, ChunkDoneDescriptor.senderHandle(arg0));
                if (role != null) {
                    role.onChunkDone(arg1);
                }
            }
            case FinDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, FinDescriptor.senderHandle(arg0));
                if (role != null) {
                    role.onFin();
                }
            }
            case CancelRequestDescriptor.TYPE ->
                cancels.onCancelRequest(source, CancelRequestDescriptor.senderHandle(arg0), (int) arg1, (int) arg2);
            case CancelReplyDescriptor.TYPE -> {
                ProtocolRole role = role(source, type, CancelReplyDescriptor.senderHandle(arg0));
                if (role != null) {
                    role.onCancelReply(arg1 == CancelReplyDescriptor.CANCELLED);
                }
            }
            default -> faults.report("notification of unknown type " + type + " from rank " + source);
        }
    }

    @Override
    public void onCompletion(long token, int status, long value) {
        ProtocolRole role = table.get(Engine.tokenHandle(token));
        if (role == null) {
            faults.report("NIC completion for no operation in flight (token " + Long.toHexString(token) + ")");
            return;
        }
        try {
            role.onCompletion(Engine.tokenTag(token), status, value);
        } catch (RuntimeException e) {
            faults.handlerFailed("the NIC completion of " + role + " (status " + status + ")", e);
        }
    }

    /**
     * The port stopped reading its board: a protocol fault each time the port says so, so that
     * every later call fails naming the rank and the field instead of waiting for a message that
     * lies behind the corrupt entry.
     */
    @Override
    public void onBoardFault(int peer, String field) {
        faults.report("corrupt board memory from " + (peer < 0 ? "an unknown rank" : "rank " + peer) + ": " + field);
    }

    private ProtocolRole role(int source, int type, int handle) {
        ProtocolRole role = table.get(handle);
        if (role == null || role.peer != source) {
            faults.report("notification of type " + type + " from rank " + source + " names "
                + (role == null ? "no operation in flight" : "an operation with rank " + role.peer)
                + " (handle " + Integer.toHexString(handle) + ")");
            return null;
        }
        return role;
    }
}
