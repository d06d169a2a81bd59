package mpi;

import java.util.Locale;

/**
 * Fills {@link MPI#INFO_ENV} at start-up with the keys Open MPI fills (MPI-3.1 §10.4.2's
 * {@code command}, {@code argv}, {@code maxprocs}, {@code host}, {@code arch}, {@code wdir},
 * {@code thread_level}, and Open MPI's own {@code ompi_np}, {@code ompi_num_apps},
 * {@code ompi_first_rank}). For a Java program the command is its main class (or the jar it was
 * started from), which is what a program reading {@code command} wants to know; Open MPI's
 * bindings would give the {@code java} executable there.
 */
final class EnvironmentInfo {
    private EnvironmentInfo() {
    }

    static void fill(Info env, String[] args, int requiredLevel, int worldSize, String host) {
        env.clearPredefined();
        String launched = System.getProperty("sun.java.command", "").strip();
        String[] words = launched.isEmpty() ? new String[0] : launched.split("\\s+", 3);
        String command = words.length == 0 ? "" : words[0];
        if (command.equals(org.atollmpi.runtime.MpjExpressMain.class.getName()) && words.length > 1) {
            command = words[1]; // mpirun --mpj-args: the program's own class
        }
        if (!command.isEmpty()) {
            env.putPredefined("command", command);
        }
        if (args != null && args.length > 0) {
            env.putPredefined("argv", String.join(" ", args));
        }
        env.putPredefined("maxprocs", Integer.toString(worldSize));
        env.putPredefined("host", host);
        env.putPredefined("arch", System.getProperty("os.arch", "unknown").toLowerCase(Locale.ROOT));
        env.putPredefined("wdir", System.getProperty("user.dir", ""));
        env.putPredefined("thread_level", levelName(requiredLevel));
        env.putPredefined("ompi_num_apps", "1");
        env.putPredefined("ompi_np", Integer.toString(worldSize));
        env.putPredefined("ompi_first_rank", "0");
    }

    static String levelName(int level) {
        return switch (level) {
            case MPI.THREAD_SINGLE -> "MPI_THREAD_SINGLE";
            case MPI.THREAD_FUNNELED -> "MPI_THREAD_FUNNELED";
            case MPI.THREAD_SERIALIZED -> "MPI_THREAD_SERIALIZED";
            default -> "MPI_THREAD_MULTIPLE";
        };
    }
}
