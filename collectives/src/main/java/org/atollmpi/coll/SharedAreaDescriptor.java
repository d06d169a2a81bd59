package org.atollmpi.coll;

/**
 * The layout of a group's shared area: one block of board memory, allocated by the group's member
 * 0, that every member maps and reads and writes directly ({@link BoardCollectives}).
 *
 * <pre>
 *   0                       n flag lines, 128 B each (two cache lines: the adjacent-line
 *   ┌──────┬─────────┬─────────┬───┐  prefetcher pulls pairs, so a neighbour's line never rides along)
 *   │ step │ inline 0│ inline 1│ … │ member 0   step (8 B): the last step member i entered, written
 *   ├──────┼─────────┼─────────┼───┤            by i only, with release, read with acquire;
 *   │ step │ …       │         │   │ member 1   inline p (24 B each): what i stages in half p
 *                                              when it fits, in the step's own cache line
 *   …
 *   n · 128                 n slots of two halves, {@code half} bytes each (a multiple of 64):
 *   ┌──────────┬──────────┐   member i's half p at slotsOffset + (2i + p) · half; what a member
 *   │ half 0   │ half 1   │   stages for the others (its vector, its blocks, the root's data)
 *   └──────────┴──────────┘   alternates halves chunk by chunk, so one chunk is read while the
 *   …                          next is written
 * </pre>
 *
 * <p>Why one area per group and not one per member: a member then reaches every flag and slot
 * from one base address, one mapping per member instead of {@code n}; the writes are each
 * member's own lines, whatever process owns the memory.
 */
final class SharedAreaDescriptor {
    /** Bytes between two members' flag lines. */
    static final int LINE = 128;
    /** The step word's offset within a flag line. */
    static final int STEP_OFFSET = 0;
    /** What a member stages in its flag line instead of its slot: up to this many bytes. */
    static final int INLINE_BYTES = 24;
    /** The inline data of half 0; half 1's follows. */
    static final int INLINE_OFFSET = 8;
    /** Halves are multiples of this, so every chunk starts on a cache line. */
    static final int ALIGN = 64;

    private SharedAreaDescriptor() {
    }

    /** Offset of member {@code i}'s step word. */
    static long stepOffset(int i) {
        return (long) i * LINE + STEP_OFFSET;
    }

    /** Offset of member {@code i}'s inline data of half {@code p} (0 or 1). */
    static long inlineOffset(int i, int p) {
        return (long) i * LINE + INLINE_OFFSET + (long) p * INLINE_BYTES;
    }

    /** Offset of the first slot. */
    static long slotsOffset(int members) {
        return (long) members * LINE;
    }

    /** Offset of member {@code i}'s half {@code p} (0 or 1). */
    static long slotOffset(int members, int half, int i, int p) {
        return slotsOffset(members) + (2L * i + p) * half;
    }

    /** Bytes of the whole area. */
    static long areaBytes(int members, int half) {
        return slotsOffset(members) + 2L * members * half;
    }
}
