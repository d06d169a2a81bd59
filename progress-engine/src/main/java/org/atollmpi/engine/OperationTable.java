package org.atollmpi.engine;

import java.util.Arrays;

/**
 * The protocol roles a peer may name in a control message, by handle. A handle is the role's
 * index with a generation on top, so that a message naming a role that has gone (or a forged
 * one) is recognised as such instead of reaching whatever took its index:
 *
 * <pre>
 *   31        24 23                                                  0
 *  +------------+-----------------------------------------------------+
 *  | generation |                  index (16 M roles)                 |
 *  +------------+-----------------------------------------------------+
 * </pre>
 *
 * Generation 0 is never issued, so {@link #NO_HANDLE} (0) and zeroed fields name nothing. Grows
 * with the roles in flight (each one an operation the program started), and recycles
 * indexes once released; the protocols guarantee that nothing names a role after it is released.
 */
final class OperationTable {
    private static final int INDEX_BITS = 24;
    private static final int INDEX_MASK = (1 << INDEX_BITS) - 1;
    private static final int MAX_ROLES = 1 << INDEX_BITS;
    /** What a role that is not registered holds; never a valid handle. */
    static final int NO_HANDLE = 0;

    private ProtocolRole[] roles = new ProtocolRole[256];
    private int[] generations = new int[256];
    private int[] free = new int[256];
    private int freeCount;
    private int highWater;

    /** The role slots (null where free), for {@link PendingReport}; those below {@link #highWater} were used. */
    ProtocolRole[] rolesView() {
        return roles;
    }

    int highWater() {
        return highWater;
    }

    /** Registers {@code role} and returns its handle (also stored in the role). */
    int register(ProtocolRole role) {
        int index;
        if (freeCount > 0) {
            index = free[--freeCount];
        } else {
            if (highWater == MAX_ROLES) {
                throw new EngineException(ErrorClass.NO_MEM, "more than " + MAX_ROLES
                    + " rendezvous and synchronous operations in flight at once");
            }
            if (highWater == roles.length) {
                roles = Arrays.copyOf(roles, roles.length * 2);
                generations = Arrays.copyOf(generations, generations.length * 2);
                free = Arrays.copyOf(free, free.length * 2);
            }
            index = highWater++;
        }
        int generation = generations[index] % 255 + 1; // 1 .. 255
        generations[index] = generation;
        roles[index] = role;
        int handle = (generation << INDEX_BITS) | index;
        role.handle = handle;
        return handle;
    }

    /** The role a handle names, or null when it names none (released, never issued, forged). */
    ProtocolRole get(int handle) {
        int index = handle & INDEX_MASK;
        if (index >= highWater || generations[index] != handle >>> INDEX_BITS) {
            return null;
        }
        return roles[index];
    }

    void release(ProtocolRole role) {
        int handle = role.handle;
        if (handle == NO_HANDLE) {
            return;
        }
        int index = handle & INDEX_MASK;
        if (index < highWater && roles[index] == role) {
            roles[index] = null;
            free[freeCount++] = index;
        }
        role.handle = NO_HANDLE;
    }
}
