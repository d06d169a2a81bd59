package org.atollmpi.engine;

import java.util.Arrays;

/**
 * Control messages that no protocol role waits to resend (a SYNC_ACK for a receive that has
 * completed, a CANCEL_REPLY), kept until the target's notification queue has room. Each entry
 * answers an operation the peer still holds open, so the outbox never holds more than the peers'
 * outstanding operations; it only grows while a peer stops polling.
 *
 * <p>It keeps what a message says (which message, the target, the sender's handle, the answer),
 * not its layout, and sends through {@link ControlProxy} both at once and when it retries, so
 * each notification has one writer.
 */
final class Outbox implements WorkItem {
    /** Entry: (target, kind, handle, cancelled) as four ints. */
    private static final int FIELDS = 4;
    private static final int SYNC_ACK = 0;
    private static final int CANCEL_REPLY = 1;

    private final ControlProxy control;
    private int[] entries = new int[FIELDS * 16];
    private int count;

    Outbox(ControlProxy control) {
        this.control = control;
    }

    /** SYNC_ACK to {@code target}: the receive matching its send {@code senderHandle} has started. */
    void syncAck(int target, int senderHandle) {
        if (count == 0 && control.syncAck(target, senderHandle)) {
            return;
        }
        keep(target, SYNC_ACK, senderHandle, false);
    }

    /** CANCEL_REPLY to {@code target} for its send {@code senderHandle}. */
    void cancelReply(int target, int senderHandle, boolean cancelled) {
        if (count == 0 && control.cancelReply(target, senderHandle, cancelled)) {
            return;
        }
        keep(target, CANCEL_REPLY, senderHandle, cancelled);
    }

    private void keep(int target, int kind, int handle, boolean cancelled) {
        if ((count + 1) * FIELDS > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        int i = count++ * FIELDS;
        entries[i] = target;
        entries[i + 1] = kind;
        entries[i + 2] = handle;
        entries[i + 3] = cancelled ? 1 : 0;
    }

    boolean isEmpty() {
        return count == 0;
    }

    @Override
    public int doWork() {
        int sent = 0;
        int kept = 0;
        for (int k = 0; k < count; k++) {
            int i = k * FIELDS;
            int target = entries[i];
            boolean out = entries[i + 1] == SYNC_ACK
                ? control.syncAck(target, entries[i + 2])
                : control.cancelReply(target, entries[i + 2], entries[i + 3] != 0);
            if (out) {
                sent++;
            } else {
                System.arraycopy(entries, i, entries, kept++ * FIELDS, FIELDS);
            }
        }
        count = kept;
        return sent;
    }
}
