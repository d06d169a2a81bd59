package org.atollmpi.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Sends waiting for room at their target, one FIFO per target: a matched message takes its
 * sequence number when it is deposited, so nothing to a target may pass what is queued for it.
 * Only the target's polling frees that room (a full slot ring, receive ring or notification
 * queue), never a match, so nothing here waits on the program at the other end.
 *
 * <p>Changed under the engine's lock only. A thread-safe engine's sends that take no lock ask
 * {@link #isQueuedFor} first: each head is published with release, so a thread sees at least
 * the sends it queued itself (and whatever it synchronised with), and none of its later sends
 * passes them. An operation is unlinked before it is started, and not touched after: once it
 * completes, its owner may recycle it at once, without the lock.
 */
final class SendQueue implements WorkItem {
    private static final VarHandle HEADS = MethodHandles.arrayElementVarHandle(Operation[].class);

    private final Engine engine;
    private final Operation[] head;
    private final Operation[] tail;
    private int count;

    SendQueue(Engine engine, int ranks) {
        this.engine = engine;
        this.head = new Operation[ranks];
        this.tail = new Operation[ranks];
    }

    boolean isEmpty() {
        return count == 0;
    }

    boolean hasQueued(int target) {
        return head[target] != null;
    }

    /** {@link #hasQueued} for a thread that does not hold the engine's lock. */
    boolean isQueuedFor(int target) {
        return HEADS.getAcquire(head, target) != null;
    }

    /** The oldest send queued for {@code target}, for {@link PendingReport}. */
    Operation headOf(int target) {
        return (Operation) HEADS.getAcquire(head, target);
    }

    void add(Operation op) {
        op.next = null;
        int target = op.peer;
        if (tail[target] == null) {
            HEADS.setRelease(head, target, op);
        } else {
            tail[target].next = op;
        }
        tail[target] = op;
        count++;
    }

    /** Takes {@code op} out if it is still waiting (a cancel before it left); false otherwise. */
    boolean remove(Operation op) {
        int target = op.peer;
        Operation prev = null;
        for (Operation o = head[target]; o != null; prev = o, o = o.next) {
            if (o == op) {
                if (prev == null) {
                    HEADS.setRelease(head, target, o.next);
                } else {
                    prev.next = o.next;
                }
                if (tail[target] == o) {
                    tail[target] = prev;
                }
                o.next = null;
                count--;
                return true;
            }
        }
        return false;
    }

    /** Starts what the targets have room for, in order per target. */
    @Override
    public int doWork() {
        if (count == 0) {
            return 0;
        }
        int work = 0;
        for (int target = 0; target < head.length && count > 0; target++) {
            Operation op;
            while ((op = head[target]) != null) {
                Operation next = op.next;
                op.next = null;
                if (!engine.tryStart(op)) {
                    op.next = next;
                    break;
                }
                HEADS.setRelease(head, target, next);
                if (next == null) {
                    tail[target] = null;
                }
                count--;
                work++;
            }
        }
        return work;
    }
}
