package org.atollmpi.engine;

import org.atollmpi.nic.HostPort;

/**
 * Sends the engine's control messages as notifications, one method per message, each laid out by
 * its descriptor: the only writer of each layout. Every method returns {@code false} when the
 * target's notification queue is full; the caller keeps the message as pending state and tries
 * again on a later pass (protocol roles), or the {@link Outbox} keeps it and sends it through
 * here again (messages no role waits for: SYNC_ACK, CANCEL_REPLY).
 */
final class ControlProxy {
    private final HostPort port;

    ControlProxy(HostPort port) {
        this.port = port;
    }

    boolean syncAck(int target, int senderHandle) {
        return port.notify(target, SyncAckDescriptor.TYPE, SyncAckDescriptor.arg0(senderHandle), 0, 0);
    }

    boolean clearToSend(int target, int senderHandle, int receiverHandle, int wanted) {
        return port.notify(target, ClearToSendDescriptor.TYPE, ClearToSendDescriptor.arg0(senderHandle, receiverHandle),
            wanted, 0);
    }

    boolean dataWindow(int target, int receiverHandle, int windowId, long capability, int chunkBytes, int slots) {
        return port.notify(target, DataWindowDescriptor.TYPE, DataWindowDescriptor.arg0(receiverHandle, windowId),
            capability, DataWindowDescriptor.arg2(chunkBytes, slots));
    }

    boolean chunkReady(int target, int receiverHandle, int filled) {
        return port.notify(target, ChunkReadyDescriptor.TYPE, ChunkReadyDescriptor.arg0(receiverHandle), filled, 0);
    }

    boolean chunkDone(int target, int senderHandle, int consumed) {
        return port.notify(target, ChunkDoneDescriptor.TYPE, ChunkDoneDescriptor.arg0(senderHandle), consumed, 0);
    }

    boolean fin(int target, int senderHandle) {
        return port.notify(target, FinDescriptor.TYPE, FinDescriptor.arg0(senderHandle), 0, 0);
    }

    boolean cancelRequest(int target, int senderHandle, int sequence, int context) {
        return port.notify(target, CancelRequestDescriptor.TYPE, CancelRequestDescriptor.arg0(senderHandle),
            sequence & 0xFFFF_FFFFL, context);
    }

    boolean cancelReply(int target, int senderHandle, boolean cancelled) {
        return port.notify(target, CancelReplyDescriptor.TYPE, CancelReplyDescriptor.arg0(senderHandle),
            cancelled ? CancelReplyDescriptor.CANCELLED : CancelReplyDescriptor.MATCHED, 0);
    }
}
