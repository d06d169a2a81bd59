package org.atollmpi.bench.jmh;

import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Memory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an 8-byte point-to-point message allocates, in the steady state: run with {@code -prof gc}
 * and read {@code gc.alloc.rate.norm} (bytes per operation; one operation is one message, both of
 * its ends). The goal is 0, except for a {@code mpi.Request} the program keeps (a window stored
 * in an array): that object is the program's, the rest is the library's.
 *
 * <ul>
 * <li>{@code engine*}: two engines on one board (rank 0 sends, rank 1 receives), both driven
 *     by the benchmark's thread: nonblocking with the operation awaited at once, a window of
 *     64 operations kept in arrays, and the blocking send and receive.</li>
 * <li>{@code mpi*}: the MPI layer in a singleton world (plain {@code java}, no launcher, with
 *     the JIT directives mpirun gives a rank), the rank sending to itself:
 *     {@code Request r = comm.iSend(...); r.waitFor();} (the request does not escape), a window of 64 {@code iRecv}/{@code iSend} and {@code waitAll} (the requests do),
 *     and the blocking {@code send}/{@code recv}; on arrays or on a direct buffer.</li>
 * </ul>
 *
 * <pre>java -jar benchmarks/target/jmh.jar PointToPointAllocation -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// The JIT directives mpirun gives every rank (org.atollmpi.launch.RankCompilerHints; a test in
// tests checks that the two lists agree): without them the mpi* requests and statuses escape
// (80 and 48 B a message).
@Fork(value = 1, jvmArgsAppend = {"-XX:CompileCommand=quiet", "-XX:CompileCommand=inline,mpi.Comm::iSend",
    "-XX:CompileCommand=inline,mpi.Comm::ibSend", "-XX:CompileCommand=inline,mpi.Comm::isSend",
    "-XX:CompileCommand=inline,mpi.Comm::irSend", "-XX:CompileCommand=inline,mpi.Comm::iRecv",
    "-XX:CompileCommand=inline,mpi.Comm::Isend", "-XX:CompileCommand=inline,mpi.Comm::Ibsend",
    "-XX:CompileCommand=inline,mpi.Comm::Issend", "-XX:CompileCommand=inline,mpi.Comm::Irsend",
    "-XX:CompileCommand=inline,mpi.Comm::Irecv", "-XX:CompileCommand=inline,mpi.Request::waitFor",
    "-XX:CompileCommand=inline,mpi.Comm::recv", "-XX:CompileCommand=inline,mpi.Comm::Recv",
    "-XX:CompileCommand=MaxNodeLimit,mpi.*::*,1", "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.engine.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.nic.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.coll.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.rma.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.runtime.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.agrona.*::*,1", "-XX:CompileCommand=MaxNodeLimit,io.netty.*::*,1",
    "-XX:CompileCommand=MaxNodeLimit,org.atollmpi.coll.ReduceKernels::*,80000",
    "-XX:CompileCommand=dontinline,org.atollmpi.engine.Engine::*", "-XX:CompileCommand=dontinline,mpi.Comm::send",
    "-XX:CompileCommand=dontinline,mpi.Comm::isend", "-XX:CompileCommand=dontinline,mpi.Comm::receive",
    "-XX:CompileCommand=dontinline,mpi.Comm::contiguousRecv", "-XX:CompileCommand=dontinline,mpi.Comm::irecv",
    "-XX:CompileCommand=dontinline,mpi.CommCollectives::*",
    "-XX:CompileCommand=dontinline,mpi.IntercommCollectives::*", "-XX:CompileCommand=dontinline,mpi.Win::access",
    "-XX:CompileCommand=dontinline,mpi.Win::accessSerially", "-XX:CompileCommand=dontinline,mpi.Win::flush",
    "-XX:CompileCommand=dontinline,mpi.Win::flushAll", "-XX:CompileCommand=dontinline,mpi.Request::waitAll",
    "-XX:CompileCommand=dontinline,mpi.Request::waitAllStatus", "-XX:CompileCommand=exclude,mpi.JitTraining::*"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PointToPointAllocation {
    static final int WINDOW = 64;
    static final int BYTES = 8;
    static final int TAG = 1;
    static final int CONTEXT = 0;
    static final long BASE = Memory.BYTE_ARRAY_BASE;

    /** Rank 0 and rank 1 of one board, each with a single-threaded engine. */
    @State(Scope.Thread)
    public static class Engines {
        BoardPair pair;
        Engine sender;
        Engine receiver;
        final byte[] out = new byte[BYTES];
        final byte[] in = new byte[BYTES];
        final Operation[] sends = new Operation[WINDOW];
        final Operation[] receives = new Operation[WINDOW];

        @Setup(Level.Trial)
        public void setUp() {
            pair = new BoardPair("p2p-allocation", true); // counted, as a rank's engine has its port
            EngineConfig config = EngineConfig.forNode(2, Runtime.getRuntime().availableProcessors());
            sender = new Engine(pair.rank0, config, false);
            receiver = new Engine(pair.rank1, config, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            pair.close();
        }
    }

    /** The MPI layer of a singleton world: rank 0 of 1, its messages to itself. */
    @State(Scope.Thread)
    public static class World {
        /** {@code array}: byte[] (the MVAPICH2-J form); {@code direct}: a buffer from {@code MPI.newByteBuffer}. */
        @Param({"array", "direct"})
        public String buffers;

        Comm comm;
        Object out;
        Object in;
        final Request[] sends = new Request[WINDOW];
        final Request[] receives = new Request[WINDOW];

        @Setup(Level.Trial)
        public void setUp() {
            MPI.Init(new String[0]);
            comm = MPI.COMM_WORLD;
            if (buffers.equals("direct")) {
                out = MPI.newByteBuffer(BYTES);
                in = MPI.newByteBuffer(BYTES);
            } else {
                out = new byte[BYTES];
                in = new byte[BYTES];
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            MPI.Finalize();
        }

        Request iSend() {
            return comm.iSend(out, BYTES, MPI.BYTE, 0, TAG);
        }

        Request iRecv() {
            return comm.iRecv(in, BYTES, MPI.BYTE, 0, TAG);
        }
    }

    /** {@code isend}, {@code irecv}, each awaited and released at once. */
    @Benchmark
    public int engineNonblocking(Engines e) {
        Operation recv = e.receiver.irecv(e.in, BASE, BYTES, 0, TAG, CONTEXT);
        Operation send = e.sender.isend(Engine.MODE_STANDARD, e.out, BASE, BYTES, 1, TAG, CONTEXT);
        e.sender.await(send);
        e.receiver.await(recv);
        int received = recv.byteCount();
        e.sender.release(send);
        e.receiver.release(recv);
        return received;
    }

    /** A window of 64 receives, then 64 sends, kept in arrays, awaited and released. */
    @Benchmark
    @OperationsPerInvocation(WINDOW)
    public void engineWindow(Engines e) {
        for (int i = 0; i < WINDOW; i++) {
            e.receives[i] = e.receiver.irecv(e.in, BASE, BYTES, 0, TAG, CONTEXT);
        }
        for (int i = 0; i < WINDOW; i++) {
            e.sends[i] = e.sender.isend(Engine.MODE_STANDARD, e.out, BASE, BYTES, 1, TAG, CONTEXT);
        }
        for (int i = 0; i < WINDOW; i++) {
            e.sender.await(e.sends[i]);
            e.sender.release(e.sends[i]);
            e.receiver.await(e.receives[i]);
            e.receiver.release(e.receives[i]);
        }
    }

    /** Blocking {@code send} (which completes at once: the message fits the receiver's ring), then {@code recv}. */
    @Benchmark
    public int engineBlocking(Engines e) {
        e.sender.send(Engine.MODE_STANDARD, e.out, BASE, BYTES, 1, TAG, CONTEXT);
        return e.receiver.recv(e.in, BASE, BYTES, 0, TAG, CONTEXT).byteCount();
    }

    /** {@code Request r = iRecv(...); Request s = iSend(...); s.waitFor(); r.waitFor();}: no request escapes. */
    @Benchmark
    public void mpiWaitFor(World w) {
        Request r = w.comm.iRecv(w.in, BYTES, MPI.BYTE, 0, TAG);
        Request s = w.comm.iSend(w.out, BYTES, MPI.BYTE, 0, TAG);
        s.waitFor();
        r.waitFor();
    }

    /** 64 {@code iRecv} and 64 {@code iSend} into arrays, then {@code waitAll} on each (as osu_bw). */
    @Benchmark
    @OperationsPerInvocation(WINDOW)
    public void mpiWindow(World w) {
        for (int i = 0; i < WINDOW; i++) {
            w.receives[i] = w.iRecv();
        }
        for (int i = 0; i < WINDOW; i++) {
            w.sends[i] = w.iSend();
        }
        Request.waitAll(w.sends);
        Request.waitAll(w.receives);
    }

    /** Blocking {@code send} to itself (eager: completes at once), then {@code recv}. */
    @Benchmark
    public void mpiBlocking(World w) {
        w.comm.send(w.out, BYTES, MPI.BYTE, 0, TAG);
        w.comm.recv(w.in, BYTES, MPI.BYTE, 0, TAG);
    }
}
