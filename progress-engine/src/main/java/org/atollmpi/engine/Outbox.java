package org.atollmpi.engine;

import java.util.Arrays;

import org.atollmpi.nic.HostPort;

/**
 * Control messages that no protocol role waits to resend (a SYNC_ACK for a receive that has
 * completed, a CANCEL_REPLY), kept until the target's notification queue has room. Each entry
 * answers an operation the peer still holds open, so the outbox never holds more than the peers'
 * outstanding operations; it only grows while a peer stops polling.
 */
final class Outbox implements WorkItem {
    private static final int FIELDS = 5;
    private final HostPort port;
    private long[] entries = new long[FIELDS * 16];
    private int count;

    Outbox(HostPort port) {
        this.port = port;
    }

    /** Sends now if nothing is waiting and the target has room, else keeps it for {@link #doWork}. */
    void send(int target, int type, long arg0, long arg1, long arg2) {
        if (count == 0 && port.notify(target, type, arg0, arg1, arg2)) {
            return;
        }
        if ((count + 1) * FIELDS > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        int i = count++ * FIELDS;
        entries[i] = target;
        entries[i + 1] = type;
        entries[i + 2] = arg0;
        entries[i + 3] = arg1;
        entries[i + 4] = arg2;
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
            if (port.notify((int) entries[i], (int) entries[i + 1], entries[i + 2], entries[i + 3], entries[i + 4])) {
                sent++;
            } else {
                System.arraycopy(entries, i, entries, kept++ * FIELDS, FIELDS);
            }
        }
        count = kept;
        return sent;
    }

    @Override
    public String roleName() {
        return "outbox";
    }
}
