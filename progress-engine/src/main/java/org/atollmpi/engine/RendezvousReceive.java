package org.atollmpi.engine;

/** Receiver side of a rendezvous: pulls ready chunks with Get and reports them consumed. */
final class RendezvousReceive {
    final int source;
    final int senderOp;
    final int windowId;
    final long capability;
    final long windowOffset;
    final int totalBytes;
    final int chunkBytes;
    final int slots;
    final int totalChunks;
    int ready;      // chunks the sender has filled (chunk 0 is ready when the RTS is sent)
    int consumed;   // chunks copied out
    int reported;   // chunks reported consumed to the sender

    RendezvousReceive(int source, int senderOp, int windowId, long capability, long windowOffset, int totalBytes,
                      int chunkBytes, int slots) {
        this.source = source;
        this.senderOp = senderOp;
        this.windowId = windowId;
        this.capability = capability;
        this.windowOffset = windowOffset;
        this.totalBytes = totalBytes;
        this.chunkBytes = chunkBytes;
        this.slots = slots;
        this.totalChunks = (int) (((long) totalBytes + chunkBytes - 1) / chunkBytes);
        this.ready = 1;
    }
}
