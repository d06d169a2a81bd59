package org.atollmpi.coll;

import org.atollmpi.engine.BoardBlock;

/**
 * Broadcast through one copy in board memory, as ATOLL's non-consuming descriptors send one
 * payload to many readers. The root places the data in board memory (unless it lives there
 * already: a buffer from {@code MPI.newByteBuffer}) and sends it to every member at once. Past
 * the engine's eager limit each of those sends is an RTS naming a window over that one copy,
 * and each member Gets the data straight into its own buffer: one copy per member, all members
 * copying at the same time, where a tree copies hop after hop and every hop through a receive
 * ring costs two.
 *
 * <p>{@link Tuning} chooses it only for messages past the eager limit and when every member
 * shares the root's board ({@code Engine.sharesBoardWith}). When the board has no room for the
 * copy, the root sends from the program's buffer: still correct, one more copy per member.
 */
final class BoardBcast extends Part {
    private final Object base;
    private final long offset;
    private final int bytes;
    private final int root;
    private BoardBlock copy;

    BoardBcast(Object base, long offset, int bytes, int root) {
        this.base = base;
        this.offset = offset;
        this.bytes = bytes;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round > 0 || s.size == 1) {
            return false;
        }
        if (s.me != root) {
            s.recvFrom(root, base, offset, bytes, 0);
            return true;
        }
        Object from = base;
        long at = offset;
        if (bytes > 0 && !s.engine.isBoardMemory(base, offset, bytes)) {
            copy = s.engine.allocateBoardMemory(bytes);
            if (copy != null) {
                CollectiveSchedule.copy(base, offset, copy.base(), copy.address(), bytes);
                from = copy.base();
                at = copy.address();
            }
        }
        for (int peer = 0; peer < s.size; peer++) {
            if (peer != root) {
                s.sendTo(peer, from, at, bytes, 0);
            }
        }
        return true;
    }

    @Override
    void release(CollectiveSchedule s) {
        if (copy != null) {
            s.engine.freeBoardMemory(copy);
            copy = null;
        }
    }
}
