package org.atollmpi.engine;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.WindowKey;

/**
 * Sender side of a rendezvous. Chunk {@code c} of the message lives in staging slot
 * {@code c % slots}; the sender may fill chunk {@code c} once the receiver has consumed chunk
 * {@code c - slots}. A message already in board memory is one chunk, exposed in place.
 */
final class RendezvousSend {
    final BoardRegion staging;   // null when the window covers the user's own board memory
    final WindowKey window;
    final int chunkBytes;
    final int slots;
    final int totalChunks;
    int filled;      // chunks copied into staging
    int announced;   // chunks the receiver has been told are ready
    int consumed;    // chunks the receiver reported consumed
    int receiverOp = -1;
    Operation nextActive;

    RendezvousSend(BoardRegion staging, WindowKey window, int chunkBytes, int slots, int totalChunks) {
        this.staging = staging;
        this.window = window;
        this.chunkBytes = chunkBytes;
        this.slots = slots;
        this.totalChunks = totalChunks;
    }
}
