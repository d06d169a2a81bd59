package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

/**
 * One decoded frame: its type and its body, a retained slice of what the connection read. Whoever
 * takes it from the pipeline releases the body.
 */
record Frame(byte type, ByteBuf body) {
}
