import mpi.MPI;
import mpi.Status;

/**
 * Hello in the mpiJava 1.2 / MPJ Express dialect: capitalised names, arrays with an offset,
 * Status fields. Every rank greets rank 0 with its rank number; rank 0 collects the greetings.
 *
 * <pre>
 *   bin/mpijavac -d /tmp/ex examples/HelloMpj.java
 *   bin/mpirun -np 4 -cp /tmp/ex HelloMpj
 * </pre>
 */
public class HelloMpj {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        System.out.println("HelloMpj: rank " + rank + " of " + size + " on " + MPI.Get_processor_name());

        int[] message = new int[4];
        if (rank != 0) {
            message[2] = rank;
            MPI.COMM_WORLD.Send(message, 2, 1, MPI.INT, 0, 99);
        } else {
            boolean[] heard = new boolean[size];
            for (int i = 1; i < size; i++) {
                Status status = MPI.COMM_WORLD.Recv(message, 0, 1, MPI.INT, MPI.ANY_SOURCE, 99);
                if (message[0] != status.source) {
                    throw new IllegalStateException("rank " + status.source + " sent " + message[0]);
                }
                heard[status.source] = true;
            }
            StringBuilder from = new StringBuilder("[");
            for (int i = 1; i < size; i++) {
                if (heard[i]) {
                    from.append(from.length() > 1 ? ", " : "").append(i);
                }
            }
            System.out.println("HelloMpj: rank 0 got greetings from ranks " + from + "]");
        }
        MPI.Finalize();
    }
}
