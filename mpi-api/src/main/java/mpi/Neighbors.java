package mpi;

import org.atollmpi.coll.Schedule;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The neighbour collectives (MPI 7.6): one round of sends to the topology's out-neighbours and
 * receives from its in-neighbours, on the communicator's collective context with tags from
 * {@link #TAG_BASE} = {@code 0x7FFE0000} (reserved, like {@link Agreement}'s range above it).
 * Receive block {@code j} comes from in-neighbour {@code j}; a PROC_NULL neighbour (the edge of a
 * non-periodic Cartesian dimension) is skipped and its block left untouched. Displacements count
 * extents of the datatype. A non-contiguous datatype travels packed: each send block is packed
 * into its own array when the collective starts, each receive block lands in its own array and
 * is unpacked into the program's buffer in a second round, before the collective completes.
 */
final class Neighbors extends Schedule {
    static final int TAG_BASE = 0x7FFE0000;

    private final Runnable steps;

    private Neighbors(Engine engine, int context, Runnable steps) {
        super(engine, context);
        this.steps = steps;
    }

    /** Round 1, when there is one: unpacking the received blocks (no communication). */
    private Runnable after;

    @Override
    protected boolean startRound(int round) {
        if (round == 0) {
            steps.run();
            return true;
        }
        if (round == 1 && after != null) {
            after.run();
        }
        return false;
    }

    /** What one call moves: per out-neighbour a send block, per in-neighbour a receive block (null for none). */
    private static final class Plan {
        int[] out;
        int[] in;
        Object[] sendBase;
        long[] sendOffset;
        int[] sendBytes;
        Object[] recvBase;
        long[] recvOffset;
        int[] recvBytes;
        /** Non-contiguous receive type: where block j's items start in the program's buffer. */
        long[] recvItems;
        int[] recvCounts;
    }

    /**
     * Starts a neighbour collective on {@code comm}. Counts and displacements are per neighbour
     * (null {@code sendDispls} with {@code sameSend}: every out-neighbour gets the same block).
     */
    static Operation start(Comm comm, String call, Object sendbuf, int[] sendcounts, int[] sdispls, boolean sameSend,
                           Datatype sendtype, Object recvbuf, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        Engine engine = MPI.engine(call);
        comm.live(call);
        Topology t = comm.topology;
        if (t == null) {
            throw comm.raise(ErrorClass.TOPOLOGY, call + ": " + comm + " has no virtual topology (create it with createCart,"
                + " createGraph or createDistGraph)");
        }
        if (sendtype == null || recvtype == null) {
            throw comm.raise(ErrorClass.TYPE, call + ": " + (sendtype == null ? "sendtype" : "recvtype") + " is null");
        }
        Plan p = new Plan();
        p.out = t.outNeighbors(comm.rank);
        p.in = t.inNeighbors(comm.rank);
        p.sendBase = new Object[p.out.length];
        p.sendOffset = new long[p.out.length];
        p.sendBytes = new int[p.out.length];
        p.recvBase = new Object[p.in.length];
        p.recvOffset = new long[p.in.length];
        p.recvBytes = new int[p.in.length];
        Object sendArray = Buffers.base(sendbuf);
        Object recvArray = Buffers.base(recvbuf);
        boolean packSends = !sendtype.isContiguous();
        boolean packReceives = !recvtype.isContiguous();
        if (packReceives) {
            p.recvItems = new long[p.in.length];
            p.recvCounts = new int[p.in.length];
        }
        for (int j = 0; j < p.out.length; j++) {
            int count = counts(comm, call, "sendcount", sendcounts, sameSend ? 0 : j);
            int displ = sameSend ? 0 : displ(comm, call, "sdispls", sdispls, j, count);
            long at = block(comm, call, sendbuf, displ, count, sendtype, false);
            p.sendBytes[j] = count * sendtype.size;
            if (packSends && p.out[j] != MPI.PROC_NULL) {
                p.sendBase[j] = sendtype.packToArray(sendArray, at, count);
                p.sendOffset[j] = Addresses.BYTE_ARRAY_BASE;
            } else {
                p.sendBase[j] = sendArray;
                p.sendOffset[j] = at;
            }
        }
        for (int j = 0; j < p.in.length; j++) {
            int count = counts(comm, call, "recvcount", recvcounts, j);
            int displ = displ(comm, call, "rdispls", rdispls, j, count);
            long at = block(comm, call, recvbuf, displ, count, recvtype, true);
            p.recvBytes[j] = count * recvtype.size;
            if (packReceives) {
                p.recvBase[j] = new byte[p.recvBytes[j]];
                p.recvOffset[j] = Addresses.BYTE_ARRAY_BASE;
                p.recvItems[j] = at;
                p.recvCounts[j] = count;
            } else {
                p.recvBase[j] = recvArray;
                p.recvOffset[j] = at;
            }
        }
        int[] world = comm.worldRanks;
        int context = comm.collContext;
        Neighbors[] self = new Neighbors[1];
        self[0] = new Neighbors(engine, context, () -> {
            for (int j = 0; j < p.in.length; j++) {
                if (p.in[j] != MPI.PROC_NULL) {
                    self[0].recv(p.recvBase[j], p.recvOffset[j], p.recvBytes[j], world[p.in[j]], t.recvTag(j), context);
                }
            }
            for (int j = 0; j < p.out.length; j++) {
                if (p.out[j] != MPI.PROC_NULL) {
                    self[0].send(p.sendBase[j], p.sendOffset[j], p.sendBytes[j], world[p.out[j]], t.sendTag(j), context);
                }
            }
        });
        if (packReceives) {
            // A PROC_NULL neighbour's block is never received: left as the program had it.
            self[0].after = () -> {
                for (int j = 0; j < p.in.length; j++) {
                    if (p.in[j] != MPI.PROC_NULL) {
                        recvtype.unpackFromArray((byte[]) p.recvBase[j], p.recvBytes[j], recvArray, p.recvItems[j]);
                    }
                }
                java.lang.ref.Reference.reachabilityFence(recvbuf);
            };
        }
        try {
            return self[0].start();
        } catch (EngineException e) {
            throw comm.raise(e, call);
        }
    }

    /** Runs a started collective to completion (the blocking forms). */
    static void finish(Comm comm, String call, Operation op, Object sendbuf, Object recvbuf) {
        Engine engine = MPI.engine(call);
        try {
            engine.await(op);
        } catch (EngineException e) {
            throw comm.raise(e, call);
        }
        java.lang.ref.Reference.reachabilityFence(sendbuf);
        java.lang.ref.Reference.reachabilityFence(recvbuf);
        int error = op.error();
        String message = op.errorMessage();
        engine.release(op);
        if (error != ErrorClass.SUCCESS) {
            throw comm.raise(error, call + ": " + message);
        }
    }

    /** Counts per neighbour: {@code counts[j]}, or the single count in {@code counts[0]} (see {@link #same}). */
    private static int counts(Comm comm, String call, String what, int[] counts, int j) {
        if (counts == null || j >= counts.length) {
            throw comm.raise(ErrorClass.ARG, call + ": " + what + (counts == null ? "s is null" : "s has no entry " + j
                + " (one per neighbour)"));
        }
        return counts[j];
    }

    /**
     * The address of the block of {@code count} items at {@code displ} extents of {@code type}
     * into {@code buf} (MPI's unit for the displacements, not the buffer's elements), checked to
     * fit: the engine address of the block's data for a contiguous type, of its first item's start
     * for another (which {@link #start} packs).
     */
    private static long block(Comm comm, String call, Object buf, int displ, int count, Datatype type,
                              boolean write) {
        if (displ < 0) {
            throw comm.raise(ErrorClass.ARG, call + ": displacement " + displ + " is negative");
        }
        long items = (long) displ + count;
        if (items > Integer.MAX_VALUE) {
            throw comm.raise(ErrorClass.COUNT, call + ": a block reaches item " + items + " of " + type
                + ", past 2^31 - 1");
        }
        long item0 = Buffers.offset(comm, call, buf, 0, (int) items, type, write);
        return item0 + (long) displ * type.layout().extent();
    }

    private static int displ(Comm comm, String call, String what, int[] displs, int j, int count) {
        if (displs == null) {
            return j * count;
        }
        if (j >= displs.length) {
            throw comm.raise(ErrorClass.ARG, call + ": " + what + " has no entry " + j + " (one per neighbour)");
        }
        return displs[j];
    }

    /** {@code n} copies of {@code count} (one count for every neighbour). */
    static int[] same(int count, int n) {
        int[] a = new int[Math.max(n, 1)];
        java.util.Arrays.fill(a, count);
        return a;
    }

    /** The number of in-neighbours (receive blocks) of {@code comm} (0 without a topology: start raises). */
    static int inDegree(Comm comm) {
        Topology t = comm.topology;
        return t == null ? 0 : t.inNeighbors(comm.rank).length;
    }

    static int outDegree(Comm comm) {
        Topology t = comm.topology;
        return t == null ? 0 : t.outNeighbors(comm.rank).length;
    }
}
