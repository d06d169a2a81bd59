package org.atollmpi.engine;

/**
 * What a rank presents to reach memory another rank exposed with {@link Engine#expose}: the
 * owner's world rank, the window descriptor's id in the owner's table and its 64-bit capability.
 * The engine's own copy of the NIC's window key, so that the layers above never name a NIC class;
 * it travels between the members of one job (a window creation exchange) and never leaves it.
 */
public record RemoteKey(int owner, int id, long capability) {
}
