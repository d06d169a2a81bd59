package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

/**
 * Where the data of a streamed frame goes as it is read ({@link FrameDecoder}): the destination of
 * a Get's reply, or the window of a Put. Under the connection's {@link ReadLock}, on whichever
 * thread reads it ({@link LinkReader}).
 */
interface BodySink {
    /** Copies the next piece (never more than the frame announced, which was checked when the sink was made). */
    void copy(ByteBuf piece);

    /** Every piece is in: complete the Get, or answer the Put. */
    void done();
}
