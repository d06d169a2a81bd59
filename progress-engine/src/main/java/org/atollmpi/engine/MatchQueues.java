package org.atollmpi.engine;

/**
 * The posted-receive and unexpected-message queues of one communicator context, both in arrival
 * order. Matching takes the first entry whose (source, tag) fits, which together with in-order
 * delivery per sender gives MPI's non-overtaking rule, ANY_SOURCE and ANY_TAG included.
 */
final class MatchQueues {
    private Operation postedHead;
    private Operation postedTail;
    private HeldMessage unexpectedHead;
    private HeldMessage unexpectedTail;

    static boolean matches(int wantSource, int wantTag, int source, int tag) {
        return (wantSource == Engine.ANY_SOURCE || wantSource == source) && (wantTag == Engine.ANY_TAG || wantTag == tag);
    }

    /** The oldest posted receive, for {@link PendingReport}. */
    Operation postedHead() {
        return postedHead;
    }

    /** The oldest unexpected message, for {@link PendingReport}. */
    HeldMessage unexpectedHead() {
        return unexpectedHead;
    }

    void post(Operation op) {
        op.next = null;
        op.prev = postedTail;
        if (postedTail == null) {
            postedHead = op;
        } else {
            postedTail.next = op;
        }
        postedTail = op;
    }

    /** Removes and returns the oldest posted receive that matches, or null. */
    Operation takePosted(int source, int tag) {
        for (Operation op = postedHead; op != null; op = op.next) {
            if (matches(op.peer, op.tag, source, tag)) {
                unlinkPosted(op);
                return op;
            }
        }
        return null;
    }

    boolean removePosted(Operation target) {
        for (Operation op = postedHead; op != null; op = op.next) {
            if (op == target) {
                unlinkPosted(op);
                return true;
            }
        }
        return false;
    }

    private void unlinkPosted(Operation op) {
        if (op.prev == null) {
            postedHead = op.next;
        } else {
            op.prev.next = op.next;
        }
        if (op.next == null) {
            postedTail = op.prev;
        } else {
            op.next.prev = op.prev;
        }
        op.next = null;
        op.prev = null;
    }

    void addUnexpected(HeldMessage m) {
        m.next = null;
        m.prev = unexpectedTail;
        if (unexpectedTail == null) {
            unexpectedHead = m;
        } else {
            unexpectedTail.next = m;
        }
        unexpectedTail = m;
    }

    /** The oldest unexpected message that matches, left in the queue; or null. */
    HeldMessage findUnexpected(int source, int tag) {
        for (HeldMessage m = unexpectedHead; m != null; m = m.next) {
            if (matches(source, tag, m.source, m.tag())) {
                return m;
            }
        }
        return null;
    }

    /** Removes and returns the unexpected message numbered {@code sequence} from {@code source}, or null. */
    HeldMessage takeUnexpected(int source, int sequence) {
        for (HeldMessage m = unexpectedHead; m != null; m = m.next) {
            if (m.source == source && m.sequence() == sequence) {
                removeUnexpected(m);
                return m;
            }
        }
        return null;
    }

    void removeUnexpected(HeldMessage m) {
        if (m.prev == null) {
            unexpectedHead = m.next;
        } else {
            m.prev.next = m.next;
        }
        if (m.next == null) {
            unexpectedTail = m.prev;
        } else {
            m.next.prev = m.prev;
        }
        m.next = null;
        m.prev = null;
    }
}
