package org.atollmpi.engine;

import java.util.Arrays;

/**
 * Operations the other side of a protocol refers to by id (a synchronous send awaiting its ack,
 * both ends of a rendezvous). Ids are indexes, reused once released; the protocol guarantees no
 * notification arrives for an id after its operation is released.
 */
final class OperationTable {
    private Operation[] slots = new Operation[256];
    private int[] free = new int[256];
    private int freeCount;
    private int highWater;

    int register(Operation op) {
        int id;
        if (freeCount > 0) {
            id = free[--freeCount];
        } else {
            if (highWater == slots.length) {
                slots = Arrays.copyOf(slots, slots.length * 2);
                free = Arrays.copyOf(free, free.length * 2);
            }
            id = highWater++;
        }
        slots[id] = op;
        op.id = id;
        return id;
    }

    Operation get(int id) {
        return id >= 0 && id < highWater ? slots[id] : null;
    }

    void release(Operation op) {
        int id = op.id;
        if (id >= 0 && id < highWater && slots[id] == op) {
            slots[id] = null;
            free[freeCount++] = id;
        }
        op.id = -1;
    }
}
