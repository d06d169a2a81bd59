package org.atollmpi.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import org.atollmpi.runtime.boot.BootProtocol;

/**
 * {@code mpirun --mpj-args}: runs the program's main class with MPJ Express's three arguments
 * before its own, as MPJ Express's launcher gives them (the rank, the configuration file, the
 * device), for old programs that read their own arguments from {@code args[3]} on. {@code
 * MPI.Init} removes them again ({@link #ENV}), as MPJ Express's does. Arguments: the main class,
 * then the program's arguments.
 */
public final class MpjExpressMain {
    /** Set in every rank's environment by {@code mpirun --mpj-args}. */
    public static final String ENV = "ATOLL_MPJ_ARGS";
    /** How many arguments MPJ Express puts first. */
    public static final int LEADING = 3;

    private MpjExpressMain() {
    }

    /** Whether this rank was started with MPJ Express's leading arguments. */
    public static boolean active() {
        return "1".equals(System.getenv(ENV));
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: MpjExpressMain <main class> [arguments...]");
        }
        String rank = System.getenv(BootProtocol.ENV_RANK);
        String[] withLeading = new String[args.length - 1 + LEADING];
        withLeading[0] = rank == null ? "0" : rank;
        withLeading[1] = "mpjdev.conf";
        withLeading[2] = "niodev";
        System.arraycopy(args, 1, withLeading, LEADING, args.length - 1);
        Class<?> program = Class.forName(args[0], false, Thread.currentThread().getContextClassLoader());
        Method main = program.getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers())) {
            throw new IllegalArgumentException(args[0] + ".main is not static");
        }
        main.setAccessible(true);
        try {
            main.invoke(null, (Object) withLeading);
        } catch (InvocationTargetException e) {
            throw e.getCause(); // the program's own exception, as if it had been started directly
        }
    }

    /** {@code MPI.Init}'s arguments without MPJ Express's leading three, when this rank was given them. */
    public static String[] withoutLeading(String[] args) {
        if (!active() || args == null || args.length < LEADING) {
            return args;
        }
        return Arrays.copyOfRange(args, LEADING, args.length);
    }
}
