import mpi.MPI;
import mpi.Intracomm;

/**
 * A token travels around the ring of ranks for N rounds (default 10); every rank adds one to it.
 * Rank 0 prints the final token, which must be N * size, and the time per hop
 * (Open MPI Java bindings dialect).
 *
 * <pre>
 *   bin/mpijavac -d /tmp/ex examples/Ring.java
 *   bin/mpirun -np 4 -cp /tmp/ex Ring 1000
 * </pre>
 */
public class Ring {
    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] token = new int[1];

        world.barrier();
        double start = MPI.wtime();
        for (int round = 0; round < rounds; round++) {
            if (rank == 0) {
                token[0]++;
                world.send(token, 1, MPI.INT, next, 0);
                world.recv(token, 1, MPI.INT, prev, 0);
            } else {
                world.recv(token, 1, MPI.INT, prev, 0);
                token[0]++;
                world.send(token, 1, MPI.INT, next, 0);
            }
        }
        double seconds = MPI.wtime() - start;

        if (rank == 0) {
            int expected = rounds * size;
            System.out.printf("Ring of %d ranks, %d rounds: token %d (expected %d), %.2f us per hop%n",
                    size, rounds, token[0], expected, seconds * 1e6 / ((double) rounds * size));
            if (token[0] != expected) {
                MPI.COMM_WORLD.abort(1);
            }
        }
        MPI.Finalize();
    }
}
