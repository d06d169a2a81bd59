package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The local logic of groups, communicators, attributes, context ids and topologies, on a world
 * of 8 ranks (this JVM is rank 3, no engine) for groups and arithmetic, and on a one-rank world
 * for communicator creation (a one-member agreement sends no message).
 */
class CommunicatorLogicTest {
    @BeforeEach
    void start() {
        MPI.enter(null, null, 3, 8, MPI.THREAD_MULTIPLE);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
    }

    @AfterEach
    void stop() {
        MPI.leave(false);
    }

    private static void oneRank() {
        MPI.leave(false);
        MPI.enter(null, null, 0, 1, MPI.THREAD_MULTIPLE);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
    }

    private static MPIException error(int errorClass, Runnable call, String... words) {
        MPIException e = assertThrows(MPIException.class, call::run);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not mention " + w);
        }
        return e;
    }

    // ================================================================ groups

    @Test
    void worldGroupAndRanks() {
        Group world = MPI.COMM_WORLD.getGroup();
        assertEquals(8, world.getSize());
        assertEquals(3, world.getRank());
        assertEquals(8, world.Size());
        assertSame(MPI.COMM_WORLD.group.worldRanks.length, 8);
        Group odd = world.incl(new int[] {7, 5, 3, 1});
        assertArrayEquals(new int[] {7, 5, 3, 1}, odd.worldRanks);
        assertEquals(2, odd.getRank());
        Group even = world.excl(new int[] {1, 3, 5, 7});
        assertArrayEquals(new int[] {0, 2, 4, 6}, even.worldRanks);
        assertEquals(MPI.UNDEFINED, even.getRank());
    }

    @Test
    void translateAndCompare() {
        Group world = MPI.COMM_WORLD.getGroup();
        Group odd = world.incl(new int[] {7, 5, 3, 1});
        assertArrayEquals(new int[] {3, MPI.UNDEFINED, 1, MPI.PROC_NULL},
            Group.translateRanks(world, new int[] {1, 2, 5, MPI.PROC_NULL}, odd));
        assertEquals(MPI.IDENT, Group.compare(world, MPI.COMM_WORLD.getGroup()));
        assertEquals(MPI.SIMILAR, Group.compare(odd, world.incl(new int[] {1, 3, 5, 7})));
        assertEquals(MPI.UNEQUAL, Group.compare(odd, world));
        assertEquals(MPI.IDENT, Group.Compare(MPI.GROUP_EMPTY, world.incl(new int[0])));
    }

    @Test
    void setOperationsKeepMpiOrder() {
        Group world = MPI.COMM_WORLD.getGroup();
        Group a = world.incl(new int[] {5, 1, 3});
        Group b = world.incl(new int[] {3, 4, 1, 0});
        assertArrayEquals(new int[] {5, 1, 3, 4, 0}, Group.union(a, b).worldRanks);
        assertArrayEquals(new int[] {1, 3}, Group.intersection(a, b).worldRanks);
        assertArrayEquals(new int[] {5}, Group.difference(a, b).worldRanks);
        assertArrayEquals(new int[] {4, 0}, Group.Difference(b, a).worldRanks);
        assertEquals(0, Group.intersection(a, MPI.GROUP_EMPTY).getSize());
        assertEquals(2, Group.union(a, b).getRank()); // this process (world rank 3) is third
    }

    @Test
    void ranges() {
        Group world = MPI.COMM_WORLD.getGroup();
        assertArrayEquals(new int[] {0, 2, 4, 6, 7, 5}, world.rangeIncl(new int[][] {{0, 6, 2}, {7, 5, -2}}).worldRanks);
        assertArrayEquals(new int[] {1, 3, 5, 7}, world.rangeExcl(new int[][] {{0, 6, 2}}).worldRanks);
        assertArrayEquals(new int[] {6, 3, 0}, world.Range_incl(new int[][] {{6, 0, -3}}).worldRanks);
        assertArrayEquals(new int[] {2, 1, 0}, Group.expandRanges(new int[][] {{2, 0, -1}}, 3, "t"));
        assertArrayEquals(new int[] {4}, Group.expandRanges(new int[][] {{4, 4, 7}}, 5, "t"));
    }

    @Test
    void groupErrorsNameTheArgument() {
        Group world = MPI.COMM_WORLD.getGroup();
        error(MPI.ERR_RANK, () -> world.incl(new int[] {1, 8}), "incl", "ranks[1] = 8");
        error(MPI.ERR_RANK, () -> world.incl(new int[] {2, 2}), "incl", "ranks[1] = 2", "twice");
        error(MPI.ERR_RANK, () -> world.Excl(new int[] {-1}), "Excl", "ranks[0] = -1");
        error(MPI.ERR_ARG, () -> world.rangeIncl(new int[][] {{0, 3, 0}}), "rangeIncl", "stride 0");
        error(MPI.ERR_RANK, () -> world.rangeIncl(new int[][] {{0, 9, 1}}), "rangeIncl", "ranges[0]");
        error(MPI.ERR_RANK, () -> world.rangeIncl(new int[][] {{0, 3, 1}, {2, 4, 1}}), "rangeIncl", "rank 2");
        error(MPI.ERR_ARG, () -> world.rangeExcl(new int[][] {{3, 0, 1}}), "rangeExcl", "never reaches");
        error(MPI.ERR_RANK, () -> Group.translateRanks(world, new int[] {9}, world), "translateRanks", "ranks1[0] = 9");
        Group g = world.incl(new int[] {0});
        g.free();
        assertTrue(g.isNull());
        assertTrue(MPI.GROUP_NULL.isNull());
        error(MPI.ERR_GROUP, g::getSize, "getSize", "GROUP_NULL");
        error(MPI.ERR_GROUP, () -> Group.union(world, MPI.GROUP_NULL), "union", "group2");
        MPI.GROUP_EMPTY.free();
        assertFalse(MPI.GROUP_EMPTY.isNull());
    }

    // ================================================================ context ids

    @Test
    void contextBitmapTakesTheLowestCommonPairAndReusesIt() {
        int first = ContextIds.RESERVED_PAIRS; // the lowest pair a communicator can take
        ContextIds a = new ContextIds();
        ContextIds b = new ContextIds();
        long key = ContextIds.key(1, 0);
        a.register(key);
        b.register(key);
        int[] oa = a.offer(key);
        int[] ob = b.offer(key);
        assertEquals(1, oa[ContextIds.WORDS]);
        int[] agreed = ContextIds.and(oa, ob);
        assertEquals(first, a.settle(oa, agreed));
        assertEquals(first, b.settle(ob, agreed));
        // b alone takes the next two pairs (a communicator a is not in)
        for (int p = first + 1; p <= first + 2; p++) {
            int[] o = b.offer(key);
            assertEquals(p, b.settle(o, ContextIds.and(o, o)));
        }
        oa = a.offer(key);
        ob = b.offer(key);
        assertEquals(first + 3, ContextIds.lowest(ContextIds.and(oa, ob)));
        a.settle(oa, ContextIds.and(oa, ob));
        b.settle(ob, ContextIds.and(oa, ob));
        a.release(first);
        b.release(first);
        oa = a.offer(key);
        ob = b.offer(key);
        assertEquals(first, a.settle(oa, ContextIds.and(oa, ob)));
        assertEquals(first, b.settle(ob, ContextIds.and(oa, ob)));
        assertEquals(2 * 2, ContextIds.p2pContext(2));
        assertEquals(2 * 2 + 1, ContextIds.collContext(2));
    }

    @Test
    void aHeldBitmapIsOfferedAsZerosAndTheRoundRepeats() {
        ContextIds a = new ContextIds();
        long low = ContextIds.key(1, 0);
        long high = ContextIds.key(9, 0);
        a.register(low);
        a.register(high);
        int[] denied = a.offer(high); // not the lowest waiting key
        assertEquals(0, denied[ContextIds.WORDS]);
        int[] held = a.offer(low);
        assertEquals(1, held[ContextIds.WORDS]);
        assertEquals(0, a.offer(low)[ContextIds.WORDS]); // in use
        assertEquals(-1, a.settle(denied, ContextIds.and(held, denied)));
        assertEquals(ContextIds.RESERVED_PAIRS, a.settle(held, ContextIds.and(held, held)));
        a.unregister(low);
        assertEquals(1, a.offer(high)[ContextIds.WORDS]);
    }

    @Test
    void exhaustedBitmapSaysSo() {
        ContextIds a = new ContextIds();
        long key = ContextIds.key(1, 0);
        for (int p = ContextIds.RESERVED_PAIRS; p < ContextIds.PAIRS; p++) {
            int[] o = a.offer(key);
            assertEquals(p, a.settle(o, o));
        }
        int[] o = a.offer(key);
        assertEquals(-2, a.settle(o, o));
        assertEquals(0, a.freeCount());
    }

    // ================================================================ communicators on one rank

    @Test
    void dupSplitCreateFreeOnOneRank() {
        oneRank();
        Intracomm world = MPI.COMM_WORLD;
        Intracomm d = world.dup();
        assertEquals(MPI.CONGRUENT, Comm.compare(world, d));
        assertEquals(MPI.IDENT, Comm.compare(d, d));
        assertEquals(2 * ContextIds.RESERVED_PAIRS, d.p2pContext); // the first pair not reserved
        assertEquals(2 * ContextIds.RESERVED_PAIRS + 1, d.collContext);
        assertEquals("", d.getName());
        assertEquals("MPI_COMM_WORLD", world.getName());
        d.setName("mine");
        assertEquals("mine", d.getName());
        assertSame(MPI.ERRORS_RETURN, d.getErrhandler());
        Intracomm s = world.split(MPI.UNDEFINED, 0);
        assertTrue(s.isNull());
        Intracomm c = world.create(world.getGroup());
        assertEquals(2 * (ContextIds.RESERVED_PAIRS + 1), c.p2pContext); // the UNDEFINED split gave its pair back
        d.free();
        assertTrue(d.isNull());
        error(MPI.ERR_COMM, d::free, "free", "null");
        Intracomm e = world.dup();
        assertEquals(2 * ContextIds.RESERVED_PAIRS, e.p2pContext); // the first pair reused
        error(MPI.ERR_COMM, world::free, "free", "MPI_COMM_WORLD");
        error(MPI.ERR_COMM, MPI.COMM_SELF::Free, "Free", "MPI_COMM_SELF");
        assertTrue(MPI.COMM_NULL.isNull());
        c.free();
        e.free();
        List<Comm> alive = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            Intracomm x = world.dup();
            if (i % 10 == 0) {
                alive.add(x);
            } else {
                x.free();
            }
        }
        assertTrue(alive.get(alive.size() - 1).p2pContext < 2 * 310 + 8, "contexts stay small");
        for (Comm x : alive) {
            x.free();
        }
        assertEquals(ContextIds.PAIRS - ContextIds.RESERVED_PAIRS, ContextIds.get().freeCount());
    }

    @Test
    void attributesAreCopiedAndDeletedThroughCallbacks() {
        oneRank();
        List<String> log = new ArrayList<>();
        int plain = Comm.createKeyval();
        int counted = Comm.createKeyval((c, k, v) -> (Integer) v + 1, (c, k, v) -> log.add("delete " + v));
        int never = Comm.createKeyval(CopyAttrFunction.NULL_COPY, null);
        Intracomm a = MPI.COMM_WORLD.dup();
        Object shared = new Object();
        a.setAttr(plain, shared);
        a.setAttr(counted, 1);
        a.setAttr(never, "x");
        Intracomm b = a.dup();
        assertSame(shared, b.getAttr(plain));
        assertEquals(2, b.getAttr(counted));
        assertNull(b.getAttr(never));
        b.setAttr(counted, 7); // replacing deletes the old value
        assertEquals(List.of("delete 2"), log);
        b.deleteAttr(counted);
        assertEquals(List.of("delete 2", "delete 7"), log);
        a.free();
        assertEquals(List.of("delete 2", "delete 7", "delete 1"), log);
        Comm.freeKeyval(never);
        error(MPI.ERR_KEYVAL, () -> b.setAttr(never, 1), "setAttr", "freed");
        error(MPI.ERR_KEYVAL, () -> b.setAttr(MPI.TAG_UB, 1), "setAttr", "predefined");
        error(MPI.ERR_KEYVAL, () -> b.getAttr(12345), "getAttr", "12345");
        assertEquals(MPI.TAG_UB, MPI.COMM_WORLD.getAttr(MPI.TAG_UB));
        assertEquals(Boolean.FALSE, MPI.COMM_WORLD.getAttr(MPI.WTIME_IS_GLOBAL));
        assertEquals(0, MPI.COMM_WORLD.Attr_get(MPI.WTIME_IS_GLOBAL));
        assertEquals(1, MPI.COMM_WORLD.getAttr(MPI.UNIVERSE_SIZE));
        assertEquals(MPI.PROC_NULL, MPI.COMM_WORLD.getAttr(MPI.HOST));
        assertEquals(MPI.ANY_SOURCE, MPI.COMM_WORLD.getAttr(MPI.IO));
        b.Attr_put(plain, 5);
        assertEquals(5, b.Attr_get(plain));
        b.Attr_delete(plain);
        assertNull(b.getAttr(plain));
        b.free();
    }

    @Test
    void infoIsCopiedNotShared() {
        oneRank();
        Info info = new Info();
        info.set("a", "1");
        info.set("b", "2");
        Intracomm d = MPI.COMM_WORLD.dupWithInfo(info);
        info.set("a", "changed");
        assertEquals("1", d.getInfo().get("a"));
        assertEquals(2, d.getInfo().size());
        assertEquals("b", d.getInfo().getKey(1));
        info.delete("b");
        assertNull(info.get("b"));
        error(MPI.ERR_INFO_NOKEY, () -> info.delete("b"), "delete", "'b'");
        Info copy = info.dup();
        info.free();
        assertTrue(info.isNull());
        assertEquals("changed", copy.get("a"));
        assertTrue(MPI.INFO_NULL.isNull());
        d.free();
    }

    // ================================================================ topologies

    @Test
    void createDimsIsBalanced() {
        assertArrayEquals(new int[] {4, 2}, dims(8, 0, 0));
        assertArrayEquals(new int[] {3, 2, 2}, dims(12, 0, 0, 0));
        assertArrayEquals(new int[] {2, 3, 1}, dims(6, 2, 0, 0));
        assertArrayEquals(new int[] {7}, dims(7, 0));
        assertArrayEquals(new int[] {1, 1}, dims(1, 0, 0));
        assertArrayEquals(new int[] {10, 9}, dims(90, 0, 0));
        assertArrayEquals(new int[] {4, 4, 4}, dims(64, 0, 0, 0));
        assertArrayEquals(new int[] {3, 5, 2}, dims(30, 0, 5, 0));
        int[] bad = {0, 4};
        error(MPI.ERR_DIMS, () -> CartComm.createDims(6, bad), "createDims", "6");
        error(MPI.ERR_DIMS, () -> Cartcomm.Dims_create(6, new int[] {-1, 0}), "Dims_create");
        error(MPI.ERR_DIMS, () -> CartComm.createDims(0, new int[] {0}), "nnodes 0");
    }

    private static int[] dims(int n, int... dims) {
        CartComm.createDims(n, dims);
        return dims;
    }

    @Test
    void cartesianCoordinatesAndShifts() {
        int[] dims = {2, 3};
        boolean[] periods = {false, true};
        assertArrayEquals(new int[] {1, 2}, Topology.coords(5, dims));
        assertArrayEquals(new int[] {0, 1}, Topology.coords(1, dims));
        assertEquals(5, Topology.rank(new int[] {1, 2}, dims, periods));
        assertEquals(3, Topology.rank(new int[] {1, 3}, dims, periods)); // periodic wrap
        assertEquals(-1, Topology.rank(new int[] {2, 0}, dims, periods));
        assertArrayEquals(new int[] {MPI.PROC_NULL, 4}, Topology.shift(1, 0, 1, dims, periods));
        assertArrayEquals(new int[] {2, 1}, Topology.shift(0, 1, 1, dims, periods));
        assertArrayEquals(new int[] {1, 2}, Topology.shift(0, 1, -1, dims, periods));
        Topology t = Topology.cart(dims, periods);
        assertArrayEquals(new int[] {MPI.PROC_NULL, 4, 0, 2}, t.inNeighbors(1));
        Topology g = Topology.graph(new int[] {2, 3, 4}, new int[] {1, 2, 0, 0});
        assertArrayEquals(new int[] {1, 2}, g.graphNeighbors(0));
        assertArrayEquals(new int[] {0}, g.graphNeighbors(2));
    }

    @Test
    void topologiesOnOneRank() {
        oneRank();
        CartComm c = MPI.COMM_WORLD.createCart(new int[] {1, 1}, new boolean[] {true, false}, false);
        assertEquals(MPI.CART, c.getTopology());
        assertEquals(MPI.CART, c.Topo_test());
        CartParms p = c.getTopo();
        assertEquals(2, p.getDimCount());
        assertTrue(p.getPeriod(0));
        assertEquals(0, p.getCoord(1));
        ShiftParms s = c.shift(0, 1);
        assertEquals(0, s.getRankDest());
        assertEquals(MPI.PROC_NULL, c.shift(1, 1).getRankSource());
        CartComm d = c.dup();
        assertEquals(MPI.CART, d.getTopology());
        CartComm sub = c.sub(new boolean[] {true, false});
        assertEquals(1, sub.getTopo().getDimCount());
        error(MPI.ERR_DIMS, () -> MPI.COMM_WORLD.createCart(new int[] {2}, new boolean[] {false}, false), "createCart",
            "more than the communicator's 1");
        error(MPI.ERR_DIMS, () -> MPI.COMM_WORLD.createCart(new int[] {0}, new boolean[] {false}, false), "dims[0] = 0");
        GraphComm g = MPI.COMM_WORLD.createGraph(new int[] {1}, new int[] {0}, false);
        assertEquals(MPI.GRAPH, g.getTopology());
        assertArrayEquals(new int[] {0}, g.getNeighbors(0));
        error(MPI.ERR_TOPOLOGY, g::getDistGraphNeighbors, "getDistGraphNeighbors");
        GraphComm dg = MPI.COMM_WORLD.createDistGraphAdjacent(new int[] {0}, new int[] {0}, MPI.INFO_NULL, false);
        assertEquals(MPI.DIST_GRAPH, dg.getTopology());
        assertEquals(1, dg.getDistGraphNeighbors().getOutDegree());
        assertEquals(MPI.UNDEFINED, MPI.COMM_WORLD.getTopology());
        for (Comm x : new Comm[] {c, d, sub, g, dg}) {
            x.free();
        }
        assertEquals(ContextIds.PAIRS - ContextIds.RESERVED_PAIRS, ContextIds.get().freeCount());
    }
}
