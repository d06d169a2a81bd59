package org.atollmpi.launch;

import java.nio.ByteBuffer;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;

/**
 * The program the build runs once, as a one-rank job, to record which classes a rank and mpirun
 * load ({@code -XX:ArchiveClassesAtExit}): the class-data sharing archives beside
 * {@code lib/atoll-mpi.jar} that every later rank and mpirun map instead of loading, verifying and
 * linking those classes again (see {@link ClassDataArchives}). It walks the paths every program
 * takes in its first milliseconds: {@code MPI.Init}, point-to-point on arrays and direct buffers
 * in each protocol, probes, a communicator, the common collectives and {@code MPI.Finalize}.
 */
public final class ClassDataTraining {
    private ClassDataTraining() {
    }

    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int me = world.getRank();
        for (int bytes : new int[] {8, 4096, 256 << 10}) {
            byte[] out = new byte[bytes];
            byte[] in = new byte[bytes];
            Request r = world.iRecv(in, bytes, MPI.BYTE, me, 1);
            world.send(out, bytes, MPI.BYTE, me, 1);
            r.waitFor();
            ByteBuffer direct = MPI.newByteBuffer(bytes);
            ByteBuffer back = ByteBuffer.allocateDirect(bytes);
            Request s = world.iSend(direct, bytes, MPI.BYTE, me, 2);
            Status status = world.probe(me, 2);
            world.recv(back, status.getCount(MPI.BYTE), MPI.BYTE, me, 2);
            s.waitFor();
        }
        Intracomm dup = world.dup();
        int[] value = {me + 1};
        dup.allReduce(value, 1, MPI.INT, MPI.SUM);
        dup.bcast(value, 1, MPI.INT, 0);
        dup.barrier();
        double[] gathered = new double[dup.getSize()];
        dup.allGather(new double[] {MPI.wtime()}, 1, MPI.DOUBLE, gathered, 1, MPI.DOUBLE);
        dup.free();
        // The root of a reduce combines what arrives (the reduction kernels); in this job's
        // allReduce rank 0 may only pass its value on.
        int[] total = new int[1];
        world.reduce(value, total, 1, MPI.INT, MPI.SUM, 0);
        world.reduce(new double[] {me}, new double[1], 1, MPI.DOUBLE, MPI.MAX, 0);
        // Agrona's idle strategies a rank may pick (Engine.newIdleStrategy with ATOLL_IDLE=spin,
        // AsyncProgress): the engine's adaptive one is what this job's ranks use.
        IdleStrategy[] idlers = {NoOpIdleStrategy.INSTANCE, new BusySpinIdleStrategy(), new BackoffIdleStrategy()};
        for (IdleStrategy idler : idlers) {
            idler.reset();
            idler.idle(1);
        }
        MPI.Finalize();
    }
}
