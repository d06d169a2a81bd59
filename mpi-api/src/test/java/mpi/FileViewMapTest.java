package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The pure parts of MPI-IO: view flattening and offset mapping, two-phase domains and splits, amodes. */
class FileViewMapTest {
    /** Pieces as {offset, length, offset, length, ...}. */
    private static long[] flat(FilePieces p) {
        long[] out = new long[2 * p.count];
        for (int i = 0; i < p.count; i++) {
            out[2 * i] = p.offsets[i];
            out[2 * i + 1] = p.lengths[i];
        }
        return out;
    }

    private static long[] pieces(FileViewMap map, long start, long bytes) {
        FilePieces p = new FilePieces(1);
        map.pieces(start, bytes, p);
        return flat(p);
    }

    @Test
    void defaultViewIsOneRunOfBytes() {
        assertArrayEquals(new long[] {10, 1000}, pieces(FileViewMap.BYTES, 10, 1000));
        assertEquals(77, FileViewMap.BYTES.fileOffset(77));
        assertEquals(123, FileViewMap.BYTES.dataBefore(123));
    }

    @Test
    void stridedViewWithHolesTilesFromTheDisplacement() {
        // rank 1 of 4 with 4-byte blocks: one block at byte 4 of a 16-byte tile, from displacement 100
        FileViewMap map = new FileViewMap(100, 16, new long[] {4}, new int[] {4});
        assertArrayEquals(new long[] {104, 4, 120, 4, 136, 4}, pieces(map, 0, 12));
        // starting inside a block, ending inside another
        assertArrayEquals(new long[] {106, 2, 120, 4, 136, 1}, pieces(map, 2, 7));
        assertEquals(106, map.fileOffset(2));
        assertEquals(137, map.fileOffset(9));
        assertEquals(0, map.dataBefore(104));
        assertEquals(2, map.dataBefore(106));
        assertEquals(4, map.dataBefore(119));
        assertEquals(5, map.dataBefore(121));
        assertEquals(12, map.dataBefore(140));
        assertEquals(8, map.dataBefore(136));
    }

    @Test
    void blocksOfOneTileThatTouchAcrossTilesMerge() {
        // blocks [0,2) and [6,8) of an 8-byte tile: the second block of tile k touches the first of k+1
        FileViewMap map = new FileViewMap(0, 8, new long[] {0, 6}, new int[] {2, 2});
        assertArrayEquals(new long[] {0, 2, 6, 4, 14, 4, 22, 2}, pieces(map, 0, 12));
        assertEquals(6, map.dataBefore(10));
        assertEquals(4, map.dataBefore(8));
    }

    @Test
    void viewOfADerivedTypeUsesItsFlattenedBlocks() {
        Datatype vector = Datatype.createVector(3, 2, 5, MPI.BYTE); // blocks at 0, 5, 10; extent 12
        Datatype resized = Datatype.createResized(vector, 0, 20);
        resized.commit();
        FileViewMap map = FileViewMap.of(7, resized.layout.extent(), resized.layout.plan());
        assertNull(map.check());
        assertArrayEquals(new long[] {7, 2, 12, 2, 17, 2, 27, 2}, pieces(map, 0, 8));
    }

    @Test
    void illegalFileTypesAreNamed() {
        assertNotNull(FileViewMap.check(8, new long[] {4, 0}, new int[] {2, 2})); // backwards
        assertNotNull(FileViewMap.check(8, new long[] {-1}, new int[] {2})); // negative
        assertNotNull(FileViewMap.check(4, new long[] {0, 4}, new int[] {2, 2})); // tile overlaps the next
        assertNotNull(FileViewMap.check(8, new long[0], new int[0])); // no data
        assertNull(FileViewMap.check(8, new long[] {0, 4}, new int[] {2, 4}));
    }

    @Test
    void domainsCoverTheRangeAlignedAndInOrder() {
        long[] b = TwoPhase.domains(100, 100 + 4 * 65536, 4);
        assertEquals(100, b[0]);
        assertEquals(100 + 4 * 65536, b[4]);
        for (int a = 1; a < 4; a++) {
            assertEquals(0, b[a] % TwoPhase.ALIGNMENT, "inner bound aligned: " + b[a]);
            assertTrue(b[a] >= b[a - 1]);
        }
        // a range smaller than the alignment: near-equal, unaligned, some maybe empty
        long[] small = TwoPhase.domains(0, 10, 4);
        assertArrayEquals(new long[] {0, 3, 6, 9, 10}, small);
        long[] tiny = TwoPhase.domains(5, 7, 4);
        assertEquals(5, tiny[0]);
        assertEquals(7, tiny[4]);
    }

    @Test
    void splitCutsPiecesAtDomainBoundsIntoStreamSegments() {
        FilePieces p = new FilePieces();
        p.add(0, 10);
        p.add(20, 10);
        p.add(40, 30);
        long[] bounds = {0, 25, 50, 70};
        FilePieces[] out = {new FilePieces(), new FilePieces(), new FilePieces()};
        int[] bytes = new int[3];
        TwoPhase.split(p, bounds, out, bytes);
        assertArrayEquals(new long[] {0, 10, 20, 5}, flat(out[0]));
        assertArrayEquals(new long[] {25, 5, 40, 10}, flat(out[1]));
        assertArrayEquals(new long[] {50, 20}, flat(out[2]));
        assertArrayEquals(new int[] {15, 15, 20}, bytes);
    }

    @Test
    void largeDomainsGoInRoundsOfWindowsAndSplitsSkipOtherRounds() {
        long[] bounds = {0, 100, 250};
        assertEquals(4, TwoPhase.rounds(bounds, 40)); // the larger domain, 150 bytes, in 40-byte windows
        assertEquals(1, TwoPhase.rounds(bounds, 1000));
        long[] low = new long[2];
        long[] high = new long[2];
        TwoPhase.windows(bounds, 40, 2, low, high);
        assertArrayEquals(new long[] {80, 180}, low);
        assertArrayEquals(new long[] {100, 220}, high);
        TwoPhase.windows(bounds, 40, 3, low, high);
        assertArrayEquals(new long[] {100, 220}, low); // the first domain is done: an empty window
        assertArrayEquals(new long[] {100, 250}, high);

        FilePieces p = new FilePieces();
        p.add(70, 20); // stream [0, 20)
        p.add(95, 10); // stream [20, 30)
        p.add(190, 40); // stream [30, 70)
        TwoPhase.windows(bounds, 40, 2, low, high);
        FilePieces[] out = {new FilePieces(), new FilePieces()};
        long[] start = new long[2];
        int[] bytes = new int[2];
        TwoPhase.split(p, low, high, out, start, bytes);
        assertArrayEquals(new long[] {80, 10, 95, 5}, flat(out[0]));
        assertArrayEquals(new long[] {190, 30}, flat(out[1]));
        assertArrayEquals(new long[] {10, 30}, start);
        assertArrayEquals(new int[] {15, 30}, bytes);
    }

    @Test
    void readableStopsAtTheEndOfTheFile() {
        FilePieces p = new FilePieces();
        p.add(0, 10);
        p.add(20, 10);
        p.add(40, 10);
        assertEquals(30, File.readable(p, 100));
        assertEquals(15, File.readable(p, 25));
        assertEquals(20, File.readable(p, 35));
    }

    @Test
    void amodesFollowTheStandard() {
        assertNull(File.checkAmode(MPI.MODE_RDWR | MPI.MODE_CREATE));
        assertNull(File.checkAmode(MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL | MPI.MODE_APPEND));
        assertNotNull(File.checkAmode(MPI.MODE_CREATE));
        assertNotNull(File.checkAmode(MPI.MODE_RDONLY | MPI.MODE_WRONLY));
        assertNotNull(File.checkAmode(MPI.MODE_RDONLY | MPI.MODE_CREATE));
        assertNotNull(File.checkAmode(MPI.MODE_RDONLY | MPI.MODE_EXCL));
        assertNotNull(File.checkAmode(MPI.MODE_RDWR | MPI.MODE_SEQUENTIAL));
        assertNotNull(File.checkAmode(MPI.MODE_RDWR | 1 << 20));
    }

    @Test
    void errorClassesOfFileSystemFailures() {
        assertEquals(MPI.ERR_NO_SUCH_FILE, File.errorClassOf(new java.nio.file.NoSuchFileException("x")));
        assertEquals(MPI.ERR_FILE_EXISTS, File.errorClassOf(new java.nio.file.FileAlreadyExistsException("x")));
        assertEquals(MPI.ERR_ACCESS, File.errorClassOf(new java.nio.file.AccessDeniedException("x")));
        assertEquals(MPI.ERR_NO_SPACE, File.errorClassOf(new java.io.IOException("No space left on device")));
        assertEquals(MPI.ERR_IO, File.errorClassOf(new java.io.IOException("Input/output error")));
    }
}
