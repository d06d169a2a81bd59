package org.atollmpi.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.atollmpi.runtime.boot.BootProtocol;

/**
 * The main class of a job that MPI_Comm_spawn_multiple started with several Java programs: every
 * rank runs this class, which runs the main class of the program its rank falls in (program 0 on
 * the first {@code maxprocs[0]} ranks, and so on), in the same JVM, with that program's arguments.
 * The programs share one MPI_COMM_WORLD, as MPI says; MPI's {@code APPNUM} attribute is the
 * program's index ({@link #APPNUM_PROPERTY}).
 *
 * <p>Arguments: the number of programs, then for each its rank count, its main class, the count
 * of its arguments and the arguments ({@link #arguments} writes them).
 */
public final class SpawnedPrograms {
    /** The index of the program this rank runs, for MPI's APPNUM attribute. */
    public static final String APPNUM_PROPERTY = "atoll.appnum";

    private SpawnedPrograms() {
    }

    /** A Java program of a spawn: its rank count, main class and arguments. */
    public record Program(int ranks, String mainClass, List<String> args) {
        public Program {
            args = List.copyOf(args);
        }
    }

    /** The arguments of this class that run {@code programs}. */
    public static List<String> arguments(List<Program> programs) {
        List<String> out = new ArrayList<>();
        out.add(Integer.toString(programs.size()));
        for (Program p : programs) {
            out.add(Integer.toString(p.ranks()));
            out.add(p.mainClass());
            out.add(Integer.toString(p.args().size()));
            out.addAll(p.args());
        }
        return out;
    }

    /** The programs {@code args} (of {@link #arguments}) describe. */
    static List<Program> parse(String[] args) {
        List<Program> programs = new ArrayList<>();
        try {
            int at = 0;
            int n = Integer.parseInt(args[at++]);
            for (int i = 0; i < n; i++) {
                int ranks = Integer.parseInt(args[at++]);
                String main = args[at++];
                int count = Integer.parseInt(args[at++]);
                programs.add(new Program(ranks, main, Arrays.asList(args).subList(at, at + count)));
                at += count;
            }
            if (at != args.length) {
                throw new IllegalArgumentException((args.length - at) + " arguments left over");
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("SpawnedPrograms: bad arguments " + Arrays.toString(args) + ": " + e, e);
        }
        return programs;
    }

    public static void main(String[] args) throws Throwable {
        List<Program> programs = parse(args);
        String rankText = System.getenv(BootProtocol.ENV_RANK);
        int rank = rankText == null ? 0 : Integer.parseInt(rankText);
        int first = 0;
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            if (rank < first + p.ranks()) {
                System.setProperty(APPNUM_PROPERTY, Integer.toString(i));
                run(p);
                return;
            }
            first += p.ranks();
        }
        throw new IllegalArgumentException("rank " + rank + " is past the " + first + " ranks of the spawned programs");
    }

    private static void run(Program p) throws Throwable {
        Class<?> program = Class.forName(p.mainClass(), false, Thread.currentThread().getContextClassLoader());
        Method main = program.getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers())) {
            throw new IllegalArgumentException(p.mainClass() + ".main is not static");
        }
        main.setAccessible(true);
        try {
            main.invoke(null, (Object) p.args().toArray(new String[0]));
        } catch (InvocationTargetException e) {
            throw e.getCause(); // the program's own exception, as if it had been started directly
        }
    }
}
