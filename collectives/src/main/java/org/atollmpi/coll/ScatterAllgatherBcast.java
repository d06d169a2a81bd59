package org.atollmpi.coll;

/**
 * Broadcast as a scatter, then an allgather (van de Geijn; MPICH's broadcast for long messages).
 * The buffer is cut into {@code n} pieces of {@code ceil(bytes / n)} bytes, piece {@code j}
 * belonging to the member {@code j} places after the root; when {@code n} does not divide
 * {@code bytes} the last piece is shorter, and when {@code bytes < n} the last pieces are empty.
 * A {@link BinomialTree binomial} scatter gives each member the pieces of its subtree, in one
 * message from its parent; an allgather then fills in the rest: recursive doubling when {@code n}
 * is a power of two ({@code log2 n} rounds, the partners exchanging ever larger aligned runs of
 * pieces), a ring otherwise ({@code n - 1} rounds, each passing one piece on). Every member sends
 * and receives about {@code 2 * bytes} in all, where the binomial broadcast sends
 * {@code bytes * log2 n} from the root; that pays for the extra rounds once messages are long.
 *
 * <p>A transfer is made only where it carries something: not for empty pieces, and not to a
 * member that already holds the pieces from the scatter. Both ends compute the same from
 * {@code n}, {@code bytes} and the root, so every send has its receive. The pieces of the scatter
 * travel as step 0, those of allgather round {@code r} as step {@code r}.
 */
final class ScatterAllgatherBcast extends Part {
    private final Object base;
    private final long offset;
    private final int bytes;
    private final int root;

    private int n;
    private int v;
    private long piece;

    ScatterAllgatherBcast(Object base, long offset, int bytes, int root) {
        this.base = base;
        this.offset = offset;
        this.bytes = bytes;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round == 0) {
            n = s.size;
            v = (s.me - root + n) % n;
            piece = (bytes + n - 1L) / n;
            if (bytes == 0) {
                return false;
            }
            if (v != 0) {
                recv(s, BinomialTree.parent(v), v, v + BinomialTree.subtree(v, n), 0);
            }
            return true;
        }
        if (round == 1) {
            int mine = BinomialTree.subtree(v, n);
            for (int m = 1; m < mine; m <<= 1) {
                send(s, v + m, v + m, v + m + BinomialTree.subtree(v + m, n), 0);
            }
            return true;
        }
        return Integer.bitCount(n) == 1 ? recursiveDoubling(s, round - 1) : ring(s, round - 1);
    }

    /**
     * Round {@code r} (1 to {@code log2 n}): with {@code m = 2^(r-1)}, this member and
     * {@code v ^ m} exchange the aligned runs of {@code m} pieces that hold them; by then each
     * holds its own run.
     */
    private boolean recursiveDoubling(CollectiveSchedule s, int r) {
        int m = 1 << (r - 1);
        if (m >= n) {
            return false;
        }
        int partner = v ^ m;
        int mine = v & -m;
        int theirs = partner & -m;
        if (!holds(v, theirs, theirs + m)) {
            recv(s, partner, theirs, theirs + m, r);
        }
        if (!holds(partner, mine, mine + m)) {
            send(s, partner, mine, mine + m, r);
        }
        return true;
    }

    /**
     * Round {@code r} (1 to {@code n - 1}): this member passes piece {@code v - r + 1} (its own in
     * round 1, else the one it got in round {@code r - 1}) to {@code v + 1} and gets piece
     * {@code v - r} from {@code v - 1}.
     */
    private boolean ring(CollectiveSchedule s, int r) {
        if (r >= n) {
            return false;
        }
        int in = (v - r + n) % n;
        int out = (v - r + 1 + n) % n;
        int next = (v + 1) % n;
        if (!holds(v, in, in + 1)) {
            recv(s, (v - 1 + n) % n, in, in + 1, r);
        }
        if (!holds(next, out, out + 1)) {
            send(s, next, out, out + 1, r);
        }
        return true;
    }

    /** Sends pieces {@code [from, to)} to member {@code w} (counted from the root), unless they are empty. */
    private void send(CollectiveSchedule s, int w, int from, int to, int step) {
        int length = length(from, to);
        if (length > 0) {
            s.sendTo((w + root) % n, base, offset + start(from), length, step);
        }
    }

    /** Receives pieces {@code [from, to)} from member {@code w}, unless they are empty. */
    private void recv(CollectiveSchedule s, int w, int from, int to, int step) {
        int length = length(from, to);
        if (length > 0) {
            s.recvFrom((w + root) % n, base, offset + start(from), length, step);
        }
    }

    /** Whether the scatter gave member {@code w} pieces {@code [from, to)} (the root has them all). */
    private boolean holds(int w, int from, int to) {
        return from >= w && to <= w + BinomialTree.subtree(w, n);
    }

    private int length(int from, int to) {
        return (int) (start(to) - start(from));
    }

    /** Where piece {@code j} starts ({@code bytes} for the empty pieces at the end and for {@code j == n}). */
    private long start(int j) {
        return Math.min(j * piece, bytes);
    }
}
