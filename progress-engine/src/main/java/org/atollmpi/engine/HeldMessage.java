package org.atollmpi.engine;

/**
 * A message the engine had to copy out of the NIC before it could be delivered: an unexpected
 * message (no matching receive yet) or one that arrived ahead of its sequence number. For an RTS
 * the held bytes are the {@link RtsDescriptor}; the data itself stays with the sender.
 */
final class HeldMessage {
    int source;
    long header0;
    long header1;
    byte[] data;
    int length;
    /** When the port delivered it (System.nanoTime), for a message trace; 0 when tracing is off. */
    long arrivedAt;
    HeldMessage next;
    HeldMessage prev;

    int kind() {
        return Envelope.kind(header0);
    }

    int tag() {
        return Envelope.tag(header0);
    }

    int sequence() {
        return Envelope.sequence(header1);
    }

    /** The message size a receive or probe sees: the payload, or the RTS's announced total. */
    int messageBytes() {
        return kind() == Envelope.RTS
            ? RtsDescriptor.totalBytes(data, org.atollmpi.nic.Memory.BYTE_ARRAY_BASE) : length;
    }
}
