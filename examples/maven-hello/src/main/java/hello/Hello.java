package hello;

import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank says hello; rank 0 then prints the sum of all ranks, added up by {@code allReduce}.
 *
 * <pre>
 *   mvn -B package
 *   mpirun -np 2 -cp target/classes hello.Hello
 * </pre>
 */
public class Hello {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.getProcessorName());
        int[] sum = {rank};
        MPI.COMM_WORLD.allReduce(sum, 1, MPI.INT, MPI.SUM);
        if (rank == 0) {
            System.out.println("Sum of the ranks: " + sum[0]);
        }
        MPI.Finalize();
    }
}
