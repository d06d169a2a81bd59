package org.atollmpi.nic;

/**
 * What a rank must present to reach a registered window: its id in the owner's descriptor table
 * and the 64-bit capability drawn at registration. Sent to peers inside protocol messages (a
 * rendezvous RTS, a window-creation exchange).
 */
public record WindowKey(int owner, int id, long capability) {
}
