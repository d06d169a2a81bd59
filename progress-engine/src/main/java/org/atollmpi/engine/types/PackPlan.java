package org.atollmpi.engine.types;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.nic.Memory;

/**
 * The compiled data motion of a {@link TypeLayout}: one item's type map flattened into maximal
 * contiguous byte blocks {@code (offset from the item's start, length)}, adjacent blocks merged
 * whatever their kinds, in type-map order (not address order: MPI packs in type-map order, so a
 * struct whose blocks go backwards packs backwards).
 *
 * <p>Item {@code i} of a buffer starts {@code i * extent} bytes after the buffer offset. Packed
 * data is dense: item after item, block after block. Four shapes, chosen once when compiled:
 * <ul>
 * <li><b>contiguous</b>: the items are one run of bytes; {@code count} items are one copy;</li>
 * <li><b>one block</b>: each item is one block (a resized or padded type); one copy per item;</li>
 * <li><b>strided</b>: each item is blocks of one length at one stride (a vector, a matrix
 *     column); one loop over offsets it computes, with a single load and store per block when
 *     the blocks are one {@code long} or one {@code int} wide (a column of doubles or ints);</li>
 * <li><b>general</b>: one copy per block.</li>
 * </ul>
 * Blocks of up to {@value #WORD_COPY_LIMIT} bytes move as at most four possibly overlapping words
 * rather than through {@code copyMemory}, whose fixed cost dominates a vector of single doubles.
 * Nothing here allocates or looks at element kinds.
 *
 * <p><b>Nothing here checks bounds.</b> The caller MUST check each typed buffer with
 * {@link TypeLayout#fits} (or {@link TypeLayout#spanLow}/{@link TypeLayout#spanHigh}) and each
 * packed buffer against the byte count before calling: the copies are raw memory accesses.
 */
public final class PackPlan {
    private static final int EMPTY = 0;
    private static final int CONTIGUOUS = 1;
    private static final int ONE_BLOCK = 2;
    private static final int GENERAL = 3;
    private static final int STRIDED = 4;

    /** Largest block moved with word loads and stores instead of {@code copyMemory}. */
    static final int WORD_COPY_LIMIT = 32;

    private final int size;
    private final long extent;
    private final long[] blockOffsets;
    private final int[] blockLengths;
    /** Packed bytes of one item up to the end of each block: the partial forms search them. */
    private final int[] blockPackedEnds;
    private final int shape;
    /** STRIDED: bytes from one block's start to the next, and the common block length. */
    private final long blockStride;
    private final int blockLength;

    private PackPlan(int size, long extent, long lb, long[] blockOffsets, int[] blockLengths, int blocks) {
        this.size = size;
        this.extent = extent;
        this.blockOffsets = java.util.Arrays.copyOf(blockOffsets, blocks);
        this.blockLengths = java.util.Arrays.copyOf(blockLengths, blocks);
        this.blockPackedEnds = new int[blocks];
        int packed = 0;
        for (int b = 0; b < blocks; b++) {
            packed += blockLengths[b];
            blockPackedEnds[b] = packed;
        }
        if (blocks == 0) {
            shape = EMPTY;
        } else if (blocks == 1 && size == extent && blockOffsets[0] == lb) {
            shape = CONTIGUOUS;
        } else if (blocks == 1) {
            shape = ONE_BLOCK;
        } else if (isStrided(blockOffsets, blockLengths, blocks)) {
            shape = STRIDED;
        } else {
            shape = GENERAL;
        }
        this.blockStride = blocks > 1 ? blockOffsets[1] - blockOffsets[0] : 0;
        this.blockLength = blocks > 0 ? blockLengths[0] : 0;
    }

    private static boolean isStrided(long[] offsets, int[] lengths, int blocks) {
        long stride = offsets[1] - offsets[0];
        for (int b = 1; b < blocks; b++) {
            if (lengths[b] != lengths[0] || offsets[b] - offsets[b - 1] != stride) {
                return false;
            }
        }
        return true;
    }

    static PackPlan compile(TypeLayout layout) {
        int runs = layout.runCount();
        long[] offsets = new long[Math.max(runs, 1)];
        int[] lengths = new int[Math.max(runs, 1)];
        int blocks = 0;
        for (int r = 0; r < runs; r++) {
            long offset = layout.runOffset(r);
            int bytes = layout.runElements(r) * layout.runKind(r).size();
            if (blocks > 0 && offsets[blocks - 1] + lengths[blocks - 1] == offset) {
                lengths[blocks - 1] += bytes;
            } else {
                offsets[blocks] = offset;
                lengths[blocks] = bytes;
                blocks++;
            }
        }
        return new PackPlan(layout.size(), layout.extent(), layout.lb(), offsets, lengths, blocks);
    }

    /** See {@link TypeLayout#isContiguous()}. */
    public boolean isContiguous() {
        return shape == CONTIGUOUS;
    }

    /** Contiguous byte blocks in one item. */
    public int blockCount() {
        return blockLengths.length;
    }

    /** Offset of the block from the start of its item. */
    public long blockOffset(int block) {
        return blockOffsets[block];
    }

    public int blockLength(int block) {
        return blockLengths[block];
    }

    /**
     * Gathers {@code count} items, the first at {@code srcOffset}, into a dense run at
     * {@code dstOffset}. Returns the bytes written, {@code count * size}.
     */
    public long pack(Object srcBase, long srcOffset, int count, Object dstBase, long dstOffset) {
        checkCount(count);
        switch (shape) {
            case CONTIGUOUS:
                Addresses.copy(srcBase, srcOffset + blockOffsets[0], dstBase, dstOffset, (long) count * size);
                break;
            case ONE_BLOCK: {
                long src = srcOffset + blockOffsets[0];
                for (int i = 0; i < count; i++) {
                    move(srcBase, src, dstBase, dstOffset, size);
                    src += extent;
                    dstOffset += size;
                }
                break;
            }
            case STRIDED: {
                int blocks = blockOffsets.length;
                for (int i = 0; i < count; i++) {
                    gather(srcBase, srcOffset + blockOffsets[0], dstBase, dstOffset, blocks);
                    srcOffset += extent;
                    dstOffset += size;
                }
                break;
            }
            case GENERAL: {
                long[] offsets = blockOffsets;
                int[] lengths = blockLengths;
                for (int i = 0; i < count; i++) {
                    for (int b = 0; b < offsets.length; b++) {
                        int length = lengths[b];
                        move(srcBase, srcOffset + offsets[b], dstBase, dstOffset, length);
                        dstOffset += length;
                    }
                    srcOffset += extent;
                }
                break;
            }
            default:
                break;
        }
        return (long) count * size;
    }

    /*
     * One strided item, packed (gather) or unpacked (scatter). The two are mirror images kept
     * apart on purpose: with the dense side's step a constant (8, 4 or the block length), the JIT
     * compiles a tighter loop than with both steps as variables (measured: a vector of 1,024
     * doubles packs in about 350 ns this way, 520 ns through one shared loop; docs/BENCHMARKS.md).
     */

    /** {@code blocks} blocks from {@code src}, {@code blockStride} apart, packed densely at {@code dst}. */
    private void gather(Object srcBase, long src, Object dstBase, long dst, int blocks) {
        long stride = blockStride;
        int length = blockLength;
        if (length == 8) {
            for (int b = 0; b < blocks; b++, src += stride, dst += 8) {
                Memory.putLong(dstBase, dst, Memory.getLong(srcBase, src));
            }
        } else if (length == 4) {
            for (int b = 0; b < blocks; b++, src += stride, dst += 4) {
                Memory.putInt(dstBase, dst, Memory.getInt(srcBase, src));
            }
        } else {
            for (int b = 0; b < blocks; b++, src += stride, dst += length) {
                move(srcBase, src, dstBase, dst, length);
            }
        }
    }

    /** {@code blocks} blocks of dense packed data at {@code src} to {@code dst}, {@code blockStride} apart. */
    private void scatter(Object srcBase, long src, Object dstBase, long dst, int blocks) {
        long stride = blockStride;
        int length = blockLength;
        if (length == 8) {
            for (int b = 0; b < blocks; b++, src += 8, dst += stride) {
                Memory.putLong(dstBase, dst, Memory.getLong(srcBase, src));
            }
        } else if (length == 4) {
            for (int b = 0; b < blocks; b++, src += 4, dst += stride) {
                Memory.putInt(dstBase, dst, Memory.getInt(srcBase, src));
            }
        } else {
            for (int b = 0; b < blocks; b++, src += length, dst += stride) {
                move(srcBase, src, dstBase, dst, length);
            }
        }
    }

    /**
     * Scatters {@code count} items of dense packed data at {@code srcOffset} into a buffer whose
     * first item starts at {@code dstOffset}. Returns the bytes read, {@code count * size}.
     */
    public long unpack(Object srcBase, long srcOffset, int count, Object dstBase, long dstOffset) {
        checkCount(count);
        switch (shape) {
            case CONTIGUOUS:
                Addresses.copy(srcBase, srcOffset, dstBase, dstOffset + blockOffsets[0], (long) count * size);
                break;
            case ONE_BLOCK: {
                long dst = dstOffset + blockOffsets[0];
                for (int i = 0; i < count; i++) {
                    move(srcBase, srcOffset, dstBase, dst, size);
                    srcOffset += size;
                    dst += extent;
                }
                break;
            }
            case STRIDED: {
                int blocks = blockOffsets.length;
                for (int i = 0; i < count; i++) {
                    scatter(srcBase, srcOffset, dstBase, dstOffset + blockOffsets[0], blocks);
                    srcOffset += size;
                    dstOffset += extent;
                }
                break;
            }
            case GENERAL: {
                long[] offsets = blockOffsets;
                int[] lengths = blockLengths;
                for (int i = 0; i < count; i++) {
                    for (int b = 0; b < offsets.length; b++) {
                        int length = lengths[b];
                        move(srcBase, srcOffset, dstBase, dstOffset + offsets[b], length);
                        srcOffset += length;
                    }
                    dstOffset += extent;
                }
                break;
            }
            default:
                break;
        }
        return (long) count * size;
    }

    /**
     * Scatters the first {@code bytes} bytes of packed data into the buffer at {@code dstOffset}
     * and stops there, inside an item or a block if need be: a receive of a message shorter than
     * the buffer. The caller MUST have checked that the buffer holds {@code ceil(bytes / size)}
     * items.
     */
    public long unpackBytes(Object srcBase, long srcOffset, long bytes, Object dstBase, long dstOffset) {
        return unpackSegment(srcBase, srcOffset, dstBase, dstOffset, 0, bytes);
    }

    /**
     * Packs bytes {@code [from, from + bytes)} of the packed stream of the buffer whose first
     * item starts at {@code srcOffset}, writing them densely at {@code dstOffset}: one chunk of a
     * pipelined send. {@code from} and {@code bytes} need not fall on item or block boundaries.
     */
    public long packSegment(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long from, long bytes) {
        return segment(true, srcBase, srcOffset, dstBase, dstOffset, from, bytes);
    }

    /**
     * Unpacks {@code bytes} bytes of packed data at {@code srcOffset}, which are bytes
     * {@code [from, from + bytes)} of the packed stream, into the buffer whose first item starts
     * at {@code dstOffset}: one chunk of a pipelined receive.
     */
    public long unpackSegment(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long from, long bytes) {
        return segment(false, dstBase, dstOffset, srcBase, srcOffset, from, bytes);
    }

    /**
     * Moves bytes {@code [from, from + bytes)} of the packed stream between the typed buffer whose
     * first item starts at {@code typedOffset} and the dense run at {@code packedOffset}: into the
     * run when {@code pack}, out of it otherwise. Starts and stops anywhere inside an item or block.
     */
    private long segment(boolean pack, Object typedBase, long typedOffset, Object packedBase, long packedOffset,
                         long from, long bytes) {
        checkSegment(from, bytes);
        if (bytes == 0) {
            return 0;
        }
        long item = from / size;
        int within = (int) (from - item * size);
        int b = TypeLayout.firstEndingAfter(blockPackedEnds, within);
        int skip = within - (b == 0 ? 0 : blockPackedEnds[b - 1]);
        long itemStart = typedOffset + item * extent;
        long left = bytes;
        while (true) {
            int length = (int) Math.min(blockLengths[b] - skip, left);
            long typed = itemStart + blockOffsets[b] + skip;
            if (pack) {
                move(typedBase, typed, packedBase, packedOffset, length);
            } else {
                move(packedBase, packedOffset, typedBase, typed, length);
            }
            packedOffset += length;
            left -= length;
            if (left == 0) {
                return bytes;
            }
            skip = 0;
            if (++b == blockLengths.length) {
                b = 0;
                itemStart += extent;
            }
        }
    }

    private static void checkCount(int count) {
        if (count < 0) {
            throw new EngineException(ErrorClass.COUNT, "pack: count is negative (" + count + ")");
        }
    }

    private void checkSegment(long from, long bytes) {
        if (from < 0 || bytes < 0) {
            throw new EngineException(ErrorClass.ARG, "packed segment: from (" + from + ") and bytes (" + bytes
                + ") must not be negative");
        }
        if (size == 0 && bytes > 0) {
            throw new EngineException(ErrorClass.TRUNCATE, "packed segment: " + bytes
                + " bytes for a type with no data");
        }
    }

    /**
     * One block. Unaligned word access through Unsafe is what HotSpot does on x86-64 and AArch64,
     * the platforms the board runs on. Up to {@value #WORD_COPY_LIMIT} bytes move as two or four
     * words that may overlap (bytes 0..8 and length-8..length cover any length from 8 to 16):
     * a few loads and stores whatever the length, no loop. Source and destination never overlap
     * (one is always the packed buffer), so the overlapping stores write the same bytes twice.
     */
    private static void move(Object srcBase, long src, Object dstBase, long dst, int length) {
        if (length >= 8) {
            if (length <= 16) {
                long a = Memory.getLong(srcBase, src);
                long z = Memory.getLong(srcBase, src + length - 8);
                Memory.putLong(dstBase, dst, a);
                Memory.putLong(dstBase, dst + length - 8, z);
            } else if (length <= WORD_COPY_LIMIT) {
                long a = Memory.getLong(srcBase, src);
                long b = Memory.getLong(srcBase, src + 8);
                long y = Memory.getLong(srcBase, src + length - 16);
                long z = Memory.getLong(srcBase, src + length - 8);
                Memory.putLong(dstBase, dst, a);
                Memory.putLong(dstBase, dst + 8, b);
                Memory.putLong(dstBase, dst + length - 16, y);
                Memory.putLong(dstBase, dst + length - 8, z);
            } else {
                Addresses.copy(srcBase, src, dstBase, dst, length);
            }
        } else if (length >= 4) {
            int a = Memory.getInt(srcBase, src);
            int z = Memory.getInt(srcBase, src + length - 4);
            Memory.putInt(dstBase, dst, a);
            Memory.putInt(dstBase, dst + length - 4, z);
        } else {
            for (int i = 0; i < length; i++) {
                Memory.putByte(dstBase, dst + i, Memory.getByte(srcBase, src + i));
            }
        }
    }
}
