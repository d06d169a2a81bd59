import mpi.MPI;

/**
 * Hello from every rank (Open MPI Java bindings dialect).
 *
 * <pre>
 *   bin/mpijavac -d /tmp/ex examples/Hello.java
 *   bin/mpirun -np 4 -cp /tmp/ex Hello
 * </pre>
 */
public class Hello {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.getProcessorName());
        MPI.Finalize();
    }
}
