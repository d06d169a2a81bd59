package org.atollmpi.engine;

/**
 * Sends waiting for room at their target, one FIFO per target: a matched message takes its
 * sequence number when it is deposited, so nothing to a target may pass what is queued for it.
 * Only the target's polling frees that room (a full slot ring, receive ring or notification
 * queue), never a match, so nothing here waits on the program at the other end.
 */
final class SendQueue implements WorkItem {
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

    void add(Operation op) {
        op.next = null;
        int target = op.peer;
        if (tail[target] == null) {
            head[target] = op;
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
                    head[target] = o.next;
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
            while ((op = head[target]) != null && engine.tryStart(op)) {
                head[target] = op.next;
                if (head[target] == null) {
                    tail[target] = null;
                }
                op.next = null;
                count--;
                work++;
            }
        }
        return work;
    }

    @Override
    public String roleName() {
        return "send queue";
    }
}
