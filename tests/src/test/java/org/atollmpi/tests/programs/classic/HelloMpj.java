package org.atollmpi.tests.programs.classic;

import mpi.MPI;

/** Hello world, mpiJava / MPJ Express style: every rank greets rank 0 with a string (MPI.CHAR). */
public class HelloMpj {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        System.out.println("Hi from <" + me + "> of " + size + " on " + MPI.Get_processor_name());
        if (me == 0) {
            for (int i = 1; i < size; i++) {
                char[] message = new char[64];
                mpi.Status s = MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.CHAR, i, 99);
                String text = new String(message, 0, s.Get_count(MPI.CHAR));
                if (!text.equals("Hello from " + i)) {
                    throw new AssertionError("rank 0: rank " + i + " said '" + text + "'");
                }
            }
        } else {
            char[] message = ("Hello from " + me).toCharArray();
            MPI.COMM_WORLD.Send(message, 0, message.length, MPI.CHAR, 0, 99);
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
        System.out.println("OK rank " + me);
    }
}
