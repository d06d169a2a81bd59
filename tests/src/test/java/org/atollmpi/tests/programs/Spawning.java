package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;

/**
 * MPI_Comm_spawn from a job started by our mpirun (Open MPI's API): the job spawns two children
 * of this same program ({@code java -cp <this class path> Spawning child}), which find it through
 * {@code getParent}; across the intercommunicator go a message each way between the parent's root
 * and every child, a bcast from each side, an allreduce across, and a merge (parents first) with
 * an allreduce on it, before both disconnect. Then spawnMultiple of one program twice (one child
 * job of two), spawnMultiple of two programs (one job of three; APPNUM 0 and 1), a program that
 * does not exist (ERR_SPAWN at every parent, after mpirun said why), and spawnMultiple of two Java
 * programs with different JVM options or of a Java program with an executable (ERR_SPAWN). MPI.UNIVERSE_SIZE is
 * at least the world's size. With {@code child-dies}, the child dies after connecting while the
 * parents wait for its message, and with {@code parent-dies} the parents die while the child waits:
 * mpirun must end both jobs.
 */
public final class Spawning {
    private static final int CHILDREN = 2;

    private Spawning() {
    }

    public static void main(String[] args) {
        args = Check.init(args);
        if (args.length > 0 && (args[0].equals("child") || args[0].equals("second-program"))) {
            // spawnMultiple's second program sees its index as APPNUM, the rest 0
            Object appnum = MPI.COMM_WORLD.getAttr(MPI.APPNUM);
            equal(args[0].equals("child") ? 0 : 1, ((Integer) appnum).intValue(), "APPNUM");
            child();
            return;
        }
        if (args.length > 0 && args[0].equals("dying-child")) {
            // connected to its parents, then gone: the parents wait for its message in vain
            that(!Intercomm.getParent().isNull(), "a spawned process has no parent");
            System.out.println("CHILD DYING");
            System.out.flush();
            System.exit(3);
        }
        if (args.length > 0 && args[0].equals("waiting-child")) {
            int[] never = new int[1];
            Intercomm.getParent().recv(never, 1, MPI.INT, 0, 1);
            System.out.println("STILL ALIVE");
            return;
        }
        if (args.length > 0 && args[0].equals("parent-dies")) {
            // the parents die while the child waits for them: mpirun ends the child's job too
            MPI.COMM_WORLD.spawn("java", new String[] {"-cp", System.getProperty("java.class.path"),
                Spawning.class.getName(), "waiting-child"}, 1, MPI.INFO_NULL, 0, null);
            System.out.println("PARENT DYING");
            System.out.flush();
            System.exit(4);
        }
        if (args.length > 0 && args[0].equals("child-dies")) {
            // a child dies after connecting while the parents wait for it: mpirun ends both jobs
            Intercomm kids = MPI.COMM_WORLD.spawn("java", new String[] {"-cp", System.getProperty("java.class.path"),
                Spawning.class.getName(), "dying-child"}, 1, MPI.INFO_NULL, 0, null);
            int[] never = new int[1];
            kids.recv(never, 1, MPI.INT, 0, 1);
            System.out.println("STILL ALIVE");
            return;
        }
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        String[] childArgs = {"-cp", System.getProperty("java.class.path"), Spawning.class.getName(), "child"};

        step("UNIVERSE_SIZE is an Integer, at least the world's size", () -> {
            Object u = world.getAttr(MPI.UNIVERSE_SIZE);
            that(u instanceof Integer && (Integer) u >= n, "UNIVERSE_SIZE %s for a world of %d", u, n);
            that(Intercomm.getParent().isNull(), "a job started by mpirun has a parent");
        });

        step("spawn two children and talk to them", () -> {
            int[] errcodes = new int[CHILDREN];
            java.util.Arrays.fill(errcodes, -1);
            Intercomm kids = world.spawn("java", childArgs, CHILDREN, MPI.INFO_NULL, 0, errcodes);
            if (me == 0) {
                for (int e : errcodes) {
                    equal(MPI.SUCCESS, e, "errcode");
                }
            }
            talk(kids, true, n, CHILDREN);
        });

        step("spawnMultiple of one program twice is one job of two", () -> {
            Intercomm kids = world.spawnMultiple(new String[] {"java", "java"}, new String[][] {childArgs, childArgs},
                new int[] {1, 1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, 0, null);
            talk(kids, true, n, 2);
        });

        step("spawnMultiple of two programs is one job, APPNUM telling them apart", () -> {
            String[] second = childArgs.clone();
            second[3] = "second-program";
            Intercomm kids = world.spawnMultiple(new String[] {"java", "java"}, new String[][] {childArgs, second},
                new int[] {2, 1}, null, 0, null);
            talk(kids, true, n, 3);
        });

        step("a program that does not exist is ERR_SPAWN at every parent", () -> {
            world.setErrhandler(MPI.ERRORS_RETURN);
            expectError(MPI.ERR_SPAWN, "spawn of a missing class",
                () -> world.spawn("java", new String[] {"-cp", System.getProperty("java.class.path"),
                    "org.atollmpi.tests.programs.NoSuchProgram"}, 1, MPI.INFO_NULL, 0, null), "spawn");
            String[] otherOptions = new String[childArgs.length + 1];
            otherOptions[0] = "-Xmx64m";
            System.arraycopy(childArgs, 0, otherOptions, 1, childArgs.length);
            expectError(MPI.ERR_SPAWN, "spawnMultiple of two programs with different JVM options",
                () -> world.spawnMultiple(new String[] {"java", "java"}, new String[][] {childArgs, otherOptions},
                    new int[] {1, 1}, null, 0, null), "JVM options");
            expectError(MPI.ERR_SPAWN, "spawnMultiple of a Java program and an executable",
                () -> world.spawnMultiple(new String[] {"java", "/bin/true"},
                    new String[][] {childArgs, {}}, new int[] {1, 1}, null, 0, null), "Java");
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
        });
        Check.done();
    }

    private static void child() {
        Intercomm parent = Intercomm.getParent();
        that(!parent.isNull() && parent.isInter(), "a spawned process has no parent");
        int parents = parent.getRemoteSize();
        talk(parent, false, MPI.COMM_WORLD.getSize(), parents);
        MPI.Finalize();
        System.out.println("OK child " + Check.rank());
        System.out.flush();
    }

    /** The same conversation from both sides: {@code parentSide} for the spawning job. */
    private static void talk(Intercomm c, boolean parentSide, int local, int remote) {
        int me = c.getRank();
        equal(local, c.getSize(), "local group size");
        equal(remote, c.getRemoteSize(), "remote group size");
        // the parents' rank 0 and every child exchange a message
        if (parentSide && me == 0) {
            for (int k = 0; k < remote; k++) {
                int[] got = new int[1];
                c.sendRecv(new int[] {500 + k}, 1, MPI.INT, k, 7, got, 1, MPI.INT, k, 7);
                equal(900 + k, got[0], "answer of child " + k);
            }
        } else if (!parentSide) {
            int[] got = new int[1];
            c.sendRecv(new int[] {900 + me}, 1, MPI.INT, 0, 7, got, 1, MPI.INT, 0, 7);
            equal(500 + me, got[0], "message of the parents' root");
        }
        long[] v = {parentSide ? 41 : 0};
        if (parentSide) {
            c.bcast(v, 1, MPI.LONG, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
        } else {
            c.bcast(v, 1, MPI.LONG, 0);
            equal(41L, v[0], "bcast from the parents");
        }
        int[] sum = new int[1];
        c.allReduce(new int[] {parentSide ? 1 : 100}, sum, 1, MPI.INT, MPI.SUM);
        equal(parentSide ? 100 * remote : remote, sum[0], "allreduce across");
        Intracomm all = c.merge(!parentSide);
        equal(local + remote, all.getSize(), "merged size");
        int[] total = new int[1];
        all.allReduce(new int[] {1}, total, 1, MPI.INT, MPI.SUM);
        equal(local + remote, total[0], "allreduce over parents and children");
        all.free();
        c.disconnect();
    }
}
