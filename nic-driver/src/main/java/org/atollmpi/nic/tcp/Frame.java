package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

/**
 * One decoded frame: its type and its body, a retained slice of what the connection read. Whoever
 * takes it from the pipeline releases the body. A large GET_REPLY is streamed
 * ({@link FrameDecoder}): {@code body} then holds only its fixed fields, and {@code streamed}
 * bytes of data follow as {@link BodyPiece}s.
 */
record Frame(byte type, ByteBuf body, int streamed) {
    Frame(byte type, ByteBuf body) {
        this(type, body, 0);
    }

    /** A piece of a streamed frame's data, a retained slice of what was read; {@code last} ends the frame. */
    record BodyPiece(ByteBuf data, boolean last) {
    }
}
