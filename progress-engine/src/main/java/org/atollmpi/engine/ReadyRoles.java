package org.atollmpi.engine;

/**
 * The protocol roles that have local work to do, in the order they asked. A role waiting only on
 * its peer is not here: it costs nothing per pass, however many are outstanding (a thousand
 * unmatched rendezvous sends, say).
 */
final class ReadyRoles implements WorkItem {
    private ProtocolRole head;
    private ProtocolRole tail;

    void add(ProtocolRole role) {
        if (role.ready) {
            return;
        }
        role.ready = true;
        role.nextReady = null;
        if (tail == null) {
            head = role;
        } else {
            tail.nextReady = role;
        }
        tail = role;
    }

    boolean isEmpty() {
        return head == null;
    }

    /** Runs every role that was ready when the pass began; roles that ask again run next pass. */
    @Override
    public int doWork() {
        ProtocolRole role = head;
        if (role == null) {
            return 0;
        }
        head = null;
        tail = null;
        int work = 0;
        while (role != null) {
            ProtocolRole next = role.nextReady;
            role.nextReady = null;
            role.ready = false;
            work += role.act();
            role = next;
        }
        return work;
    }
}
