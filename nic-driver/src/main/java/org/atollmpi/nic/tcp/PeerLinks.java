package org.atollmpi.nic.tcp;

import java.util.concurrent.atomic.AtomicReferenceArray;

/** A port's links, one per peer, made on first use; the port's own is its loopback. */
final class PeerLinks {
    private final AtomicReferenceArray<PeerLink> links;
    private final TcpBoardConfig config;

    PeerLinks(int rank, int size, TcpBoardConfig config) {
        this.links = new AtomicReferenceArray<>(size);
        this.config = config;
        links.set(rank, new PeerLink(rank, true, config));
    }

    PeerLink get(int peer) {
        PeerLink link = links.get(peer);
        if (link == null) {
            links.compareAndSet(peer, null, new PeerLink(peer, false, config));
            link = links.get(peer);
        }
        return link;
    }

    /** The link to {@code peer} if one was ever made, else null. */
    PeerLink existing(int peer) {
        return links.get(peer);
    }
}
