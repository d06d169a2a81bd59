package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.atollmpi.runtime.CompilerThreads;
import org.atollmpi.runtime.RankRuntime;
import org.atollmpi.runtime.Training;

/**
 * MPI_Init's training pass: the calls programs make most (point-to-point, barrier, broadcast,
 * reduce, allreduce, gather, scatter, allgather, alltoall, one-sided put, get and fetch-and-op)
 * run over a private copy of the world, through this API as a program calls it, until the JIT
 * has compiled what they use; then the program's first loop runs compiled code.
 *
 * <p>Why: on a node with one rank per core the ranks spin on every core, so the JIT's compiler
 * threads get a core only by taking it from a rank, for a time slice of milliseconds each, in the
 * middle of the program's first messages: a cold 8-byte ping-pong measured 7-9 µs a message
 * against 0.2 µs warm, nearly all of it such stalls and interpreted calls. Here the compilations
 * happen while the ranks wait for them, parked ({@link CompilerThreads#awaitQuiet}), before the
 * program starts its clock.
 *
 * <p>The pass runs in rounds of growing length ({@value #FIRST_ROUND} iterations, then four times
 * more each round, at most {@value #LONGEST_ROUND}): each round drives the calls, then waits
 * until the compiler threads sleep. A round after which no rank's compilers used more than
 * {@value #SETTLED_NANOS} ns ends the pass, and so does the round that takes the library past the
 * JIT's thresholds on some rank ({@link #maxRounds}); the ranks agree on both with an allreduce.
 * {@code mpirun} lowers the thresholds for the library's classes of the ranks it starts itself and
 * says by how much ({@value #SCALING_PROPERTY}): three short rounds; ranks started by another
 * launcher (or on another host) have the JVM's own, for which it takes five. The pass's own loops
 * stay interpreted, as a program's {@code main} does (they run once a round), so what the JIT
 * compiles is the library, as a program's loop will call it.
 *
 * <p>What it leaves behind: nothing the program can see. Its communicator is a {@code dup} of
 * the world, freed at the end, so the program's first new communicator gets the same context
 * as without the pass; every message it sent has been received; its window is freed; the
 * engine's counters ({@code ATOLL_STATS}) forget its traffic. {@link Training} says how much runs
 * where.
 */
final class JitTraining {
    static final int FIRST_ROUND = 30;
    static final int LONGEST_ROUND = 7680;
    /**
     * The system property {@code mpirun} sets to the factor it scaled the library's JIT thresholds
     * by ({@code RankCompilerHints.trainingOptions}); 1 when absent (another launcher).
     */
    static final String SCALING_PROPERTY = Training.SCALING_PROPERTY;
    /** HotSpot's default invocations before C2 (Tier4InvocationThreshold): what the rounds must reach. */
    private static final int TIER4_INVOCATIONS = 5000;
    /** A round whose compilations took less CPU than this on every rank left nothing to compile. */
    static final long SETTLED_NANOS = 10_000_000;
    private static final long QUIET_NANOS = 1_000_000;
    private static final long COMPILE_WAIT_LIMIT_NANOS = 2_000_000_000L;
    /** The collectives' large size, and the largest message sent eagerly from ordinary memory. */
    private static final int LARGE = 64 * 1024;
    /**
     * The buffers' capacity: a message just past every eager limit (two staging chunks from an
     * array, a cross-memory read from a direct buffer), run {@link #rarest} times a round: enough
     * that the rendezvous's methods pass the JIT's last threshold inside the pass, not in the
     * program's first large messages (where C1's recompilation of them made the first 100
     * messages of 128 KiB take 22-42 µs against 12-20 warm).
     */
    private static final int HUGE = 160 * 1024;
    /**
     * Board buffers: small, as the program may have asked for a board of a few KiB (buffers big
     * enough for the in-place rendezvous, 2 x 32 KiB, left a 64 KiB board no room for the pass's
     * window); the pass's board memory goes back only when the buffers are collected.
     */
    private static final int BOARD = 1024;
    private static final int WINDOW = 16;
    private static final int WIN_BYTES = 4096;

    private final Intracomm comm;
    private final Training scope;
    private final int rank;
    private final int peer;
    private final boolean leads;
    private final byte[] arrayOut = new byte[HUGE];
    private final byte[] arrayIn = new byte[HUGE];
    private final ByteBuffer directOut = direct(HUGE);
    private final ByteBuffer directIn = direct(HUGE);
    private final ByteBuffer boardOut;
    private final ByteBuffer boardIn;
    private final double[] doubleOut = new double[1];
    private final double[] doubleIn = new double[1];
    private final ByteBuffer fetched = direct(8);
    private final Request[] window = new Request[WINDOW];
    private final Win win;

    private JitTraining(Intracomm comm, Training scope) {
        this.comm = comm;
        this.scope = scope;
        this.rank = comm.getRank();
        int partner = rank ^ 1;
        this.peer = partner < comm.getSize() ? partner : rank; // the last rank of an odd world: itself
        this.leads = rank < partner;
        this.boardOut = scope == Training.FULL ? MPI.newByteBuffer(BOARD) : null;
        this.boardIn = scope == Training.FULL ? MPI.newByteBuffer(BOARD) : null;
        this.win = scope == Training.FULL
            ? new Win(WIN_BYTES, 1, MPI.INFO_NULL, comm, (Buffer) null, Win.FLAVOR_PRIVATE) : null;
    }

    /** Runs the pass {@code runtime} asks for; called by every rank at the end of Init. */
    static void run(RankRuntime runtime) {
        Training asked = runtime.training();
        if (runtime.size() < 2 || (asked == Training.OFF && !runtime.trainingNeedsAgreement())) {
            return;
        }
        long start = System.nanoTime();
        Training scope = asked;
        if (runtime.trainingNeedsAgreement()) {
            // nodes may decide differently: the smallest decision is everyone's
            int[] ordinal = {asked.ordinal()};
            MPI.COMM_WORLD.allReduce(ordinal, 1, MPI.INT, MPI.MIN);
            scope = Training.values()[ordinal[0]];
            if (scope == Training.OFF) {
                return;
            }
        }
        Intracomm comm = MPI.COMM_WORLD.dup();
        comm.setName("atoll-mpi JIT training");
        JitTraining pass = new JitTraining(comm, scope);
        String report;
        try (CompilerThreads compilers = new CompilerThreads()) {
            report = pass.rounds(compilers, start);
        }
        pass.close();
        runtime.trained(report);
    }

    /** The rounds, until one leaves nothing to compile on any rank; what they cost. */
    private String rounds(CompilerThreads compilers, long start) {
        long compiledBefore = compilers.cpuNanos();
        // [0]: some rank's compilers were busy in the round; [1]: some rank has run its most
        // rounds. Both agreed on, so every rank runs the same rounds, whatever its thresholds (a
        // rank that mpirun started on another host has the JVM's own, its local ones mpirun's).
        int[] more = new int[2];
        int rounds = 0;
        int iterations = FIRST_ROUND;
        int maxRounds = maxRounds(scaling());
        StringBuilder each = new StringBuilder();
        do {
            long before = compilers.cpuNanos();
            long began = System.nanoTime();
            drive(iterations);
            long driven = System.nanoTime();
            boolean quiet = compilers.awaitQuiet(QUIET_NANOS, COMPILE_WAIT_LIMIT_NANOS);
            long compiled = compilers.cpuNanos() - before;
            more[0] = !quiet || compiled > SETTLED_NANOS ? 1 : 0;
            more[1] = rounds + 1 >= maxRounds ? 1 : 0;
            each.append(rounds == 0 ? " (" : ", ").append(iterations).append(": ")
                .append((driven - began) / 1_000_000).append('+').append((System.nanoTime() - driven) / 1_000_000)
                .append(" ms, compiled ").append(compiled / 1_000_000);
            comm.allReduce(more, 2, MPI.INT, MPI.MAX);
            rounds++;
            iterations = Math.min(iterations * 4, LONGEST_ROUND);
        } while (more[0] != 0 && more[1] == 0);
        long compiled = compilers.cpuNanos() - compiledBefore;
        return scope.name().toLowerCase(java.util.Locale.ROOT) + ", " + rounds + " rounds in "
            + (System.nanoTime() - start) / 1_000_000 + " ms"
            + (compiledBefore >= 0 ? ", compilers " + compiled / 1_000_000 + " ms of CPU" : "") + each + ")";
    }

    /** The factor mpirun scaled the library's thresholds by, 1 when it did not say. */
    private static double scaling() {
        try {
            double s = Double.parseDouble(System.getProperty(SCALING_PROPERTY, "1"));
            return s > 0 && s <= 1 ? s : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /**
     * The most rounds: enough that their iterations add up to twice what the library's methods
     * need to reach C2's threshold (where C1 then compiles them for good, under mpirun): 3 rounds
     * (630 iterations) under mpirun's 0.02, 5 (10,230) at the JVM's own thresholds.
     */
    static int maxRounds(double scaling) {
        int rounds = 0;
        long iterations = 0;
        for (long n = FIRST_ROUND; iterations < 2 * TIER4_INVOCATIONS * scaling; n = Math.min(n * 4, LONGEST_ROUND)) {
            iterations += n;
            rounds++;
        }
        return rounds;
    }

    /** One round: every call in scope, {@code n} times (the rare sizes less often). */
    private void drive(int n) {
        if (scope == Training.FULL) {
            pointToPoint(n, arrayOut, arrayIn, LARGE);
            // a private direct buffer's messages above 64 KiB are read by cross-memory attach
            pointToPoint(n, directOut, directIn, LARGE + LARGE / 2);
            pointToPoint(n, boardOut, boardIn, BOARD / 4);
            windows(n / 4);
        }
        collectives(n);
        if (scope == Training.FULL) {
            oneSided(n);
        }
    }

    /**
     * Blocking and nonblocking exchanges with the partner: {@code n} of one slot's size, a
     * quarter as many of a ring record's, {@link #rare} of {@code large} (the largest eager
     * message, or the cross-memory read) and {@link #rarest} of the buffer's whole capacity (the
     * larger protocols), each rung of the ladder often enough to reach the JIT's thresholds.
     */
    private void pointToPoint(int n, Object out, Object in, int large) {
        int capacity = out instanceof byte[] a ? a.length : ((Buffer) out).capacity();
        for (int i = 0; i < n; i++) {
            exchange(8, out, in);
            exchangeNonblocking(8, out, in);
        }
        for (int i = 0; i < n / 4; i++) {
            exchange(1024, out, in);
            exchangeNonblocking(1024, out, in);
        }
        for (int i = 0, rare = rare(n); i < rare; i++) {
            exchange(large, out, in);
            exchangeNonblocking(large, out, in);
        }
        for (int i = 0, rarest = rarest(n); i < rarest; i++) {
            exchange(capacity, out, in);
            exchangeNonblocking(capacity, out, in);
        }
    }

    /** How often a round drives a rare case (large messages): enough to compile, bounded in time. */
    private static int rare(int n) {
        return Math.min(n / 4, 128);
    }

    /**
     * How often a round drives a rendezvous: 7, 30 and 32 in mpirun's three rounds, past the
     * scaled threshold of 100 calls (with the nonblocking ones) at the least Init time: 128 a
     * round made a 2-rank Init 140 ms longer than none, this some 60 ms.
     */
    private static int rarest(int n) {
        return Math.min(n / 4, 32);
    }

    private void exchange(int size, Object out, Object in) {
        if (peer == rank) {
            Request r = comm.iRecv(in, size, MPI.BYTE, peer, 1);
            comm.send(out, size, MPI.BYTE, peer, 1);
            r.waitFor();
        } else if (leads) {
            comm.send(out, size, MPI.BYTE, peer, 1);
            comm.recv(in, size, MPI.BYTE, peer, 1);
        } else {
            comm.recv(in, size, MPI.BYTE, peer, 1);
            comm.send(out, size, MPI.BYTE, peer, 1);
        }
    }

    /** Both sides post the receive first: deadlock-free with a partner and with itself. */
    private void exchangeNonblocking(int size, Object out, Object in) {
        Request r = comm.iRecv(in, size, MPI.BYTE, peer, 2);
        comm.iSend(out, size, MPI.BYTE, peer, 2).waitFor();
        r.waitFor();
    }

    /** osu_bw's pattern: a window of nonblocking sends one way, waited for together, and an acknowledgement. */
    private void windows(int n) {
        for (int i = 0; i < n; i++) {
            if (leads || peer == rank) {
                for (int k = 0; k < WINDOW; k++) {
                    window[k] = peer == rank ? comm.iRecv(arrayIn, 8, MPI.BYTE, peer, 3)
                        : comm.iSend(arrayOut, 8, MPI.BYTE, peer, 3);
                }
                if (peer == rank) {
                    for (int k = 0; k < WINDOW; k++) {
                        comm.iSend(arrayOut, 8, MPI.BYTE, peer, 3).waitFor();
                    }
                }
                Request.waitAll(window);
                if (peer != rank) {
                    comm.recv(arrayIn, 4, MPI.BYTE, peer, 4);
                }
            } else {
                for (int k = 0; k < WINDOW; k++) {
                    window[k] = comm.iRecv(arrayIn, 8, MPI.BYTE, peer, 3);
                }
                Request.waitAll(window);
                comm.send(arrayOut, 4, MPI.BYTE, peer, 4);
            }
        }
    }

    private void collectives(int n) {
        for (int i = 0; i < n; i++) {
            comm.barrier();
            comm.bcast(directOut, 8, MPI.BYTE, 0);
            comm.allReduce(directOut, directIn, 2, MPI.FLOAT, MPI.SUM);
            comm.allReduce(doubleOut, doubleIn, 1, MPI.DOUBLE, MPI.SUM);
            comm.reduce(directOut, directIn, 2, MPI.FLOAT, MPI.SUM, 0);
            comm.allGather(directOut, 8, MPI.BYTE, directIn, 8, MPI.BYTE);
            comm.allToAll(directOut, 8, MPI.BYTE, directIn, 8, MPI.BYTE);
            comm.gather(directOut, 8, MPI.BYTE, directIn, 8, MPI.BYTE, 0);
            comm.scatter(directOut, 8, MPI.BYTE, directIn, 8, MPI.BYTE, 0);
        }
        // OSU's 64 KiB: a block of each member's fits the buffers (HUGE) up to a few members
        int block = Math.min(LARGE, HUGE / comm.getSize()) & -64;
        for (int i = 0, rare = rare(n); i < rare; i++) {
            comm.bcast(directOut, LARGE, MPI.BYTE, 0);
            comm.allReduce(directOut, directIn, LARGE / 4, MPI.FLOAT, MPI.SUM);
            comm.reduce(directOut, directIn, LARGE / 4, MPI.FLOAT, MPI.SUM, 0);
            comm.allGather(directOut, block, MPI.BYTE, directIn, block, MPI.BYTE);
            comm.allToAll(directOut, block, MPI.BYTE, directIn, block, MPI.BYTE);
        }
    }

    /** osu_put_latency's, osu_get_latency's and osu_fop_latency's calls, under each synchronisation. */
    private void oneSided(int n) {
        win.lock(MPI.LOCK_SHARED, peer, 0);
        for (int i = 0; i < n; i++) {
            win.put(directOut, 8, MPI.BYTE, peer, 0, 8, MPI.BYTE);
            win.flush(peer);
            win.get(directIn, 8, MPI.BYTE, peer, 64, 8, MPI.BYTE);
            win.flush(peer);
            win.fetchAndOp(directOut, fetched, MPI.LONG, peer, 128, MPI.SUM);
            win.flush(peer);
        }
        win.unlock(peer);
        for (int i = 0; i < n / 4; i++) {
            win.lock(MPI.LOCK_SHARED, peer, 0);
            win.put(directOut, 8, MPI.BYTE, peer, 256, 8, MPI.BYTE);
            win.unlock(peer);
            win.lockAll(0);
            win.get(directIn, 8, MPI.BYTE, peer, 320, 8, MPI.BYTE);
            win.flush(peer);
            win.unlockAll();
        }
        win.fence(0);
        for (int i = 0; i < n / 4; i++) {
            win.put(directOut, 8, MPI.BYTE, peer, 512, 8, MPI.BYTE);
            win.fence(0);
        }
    }

    private void close() {
        if (win != null) {
            win.free();
        }
        comm.free();
    }

    private static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }
}
