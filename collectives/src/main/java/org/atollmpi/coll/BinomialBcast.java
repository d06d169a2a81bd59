package org.atollmpi.coll;

/**
 * Binomial-tree broadcast: with ranks counted from the root ({@code v}), a member receives from
 * {@code v} minus its lowest set bit, then sends to {@code v + 2^k} for every {@code 2^k} below
 * that bit (all of {@code 2^k < n} at the root), so the data reach everyone in
 * {@code ceil(log2 n)} hops. Two rounds per member: receive, then send to all children at once.
 */
final class BinomialBcast extends Part {
    private final Object base;
    private final long offset;
    private final int bytes;
    private final int root;

    BinomialBcast(Object base, long offset, int bytes, int root) {
        this.base = base;
        this.offset = offset;
        this.bytes = bytes;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int v = (s.me - root + n) % n;
        int low = v & -v;
        if (round == 0 && v != 0) {
            s.recvFrom((v - low + root) % n, base, offset, bytes, 0);
            return true;
        }
        if (round > 1 || (round == 1 && v == 0)) {
            return false;
        }
        int mask = v == 0 ? Integer.highestOneBit(Math.max(1, n - 1)) << 1 : low;
        boolean any = false;
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                s.sendTo((v + mask + root) % n, base, offset, bytes, 0);
                any = true;
            }
        }
        return any;
    }
}
