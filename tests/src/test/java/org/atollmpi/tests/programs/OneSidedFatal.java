package org.atollmpi.tests.programs;

import java.nio.Buffer;

import mpi.MPI;
import mpi.Win;

/**
 * A window's default error handler, ERRORS_ARE_FATAL: rank 1 puts past the end of rank 0's
 * window in a fence epoch; the whole job must end with a non-zero status and a message naming
 * MPI_ERR_RMA_RANGE (rank 0 waits in the closing fence, so only the launcher can end it).
 */
public final class OneSidedFatal {
    private OneSidedFatal() {
    }

    public static void main(String[] args) {
        Check.init(args);
        Win win = new Win(64, 1, MPI.INFO_NULL, MPI.COMM_WORLD, (Buffer) null, Win.FLAVOR_PRIVATE);
        win.fence(0);
        if (Check.rank() == 1) {
            System.out.println("PUTTING PAST THE END");
            System.out.flush();
            win.put(MPI.newByteBuffer(8), 8, MPI.BYTE, 0, 60, 8, MPI.BYTE);
            System.out.println("STILL ALIVE AFTER A FATAL ERROR");
        }
        win.fence(0);
        win.free();
        Check.done();
    }
}
