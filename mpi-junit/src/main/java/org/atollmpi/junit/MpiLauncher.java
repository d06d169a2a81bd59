package org.atollmpi.junit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds atoll-mpi's {@code bin/mpirun}: under {@code -Datoll.home}, else under {@code $ATOLL_HOME},
 * else in the first directory upwards from the working directory that has atoll-mpi's (a test run
 * from a module of the atoll-mpi repository, or from a project inside it). Another MPI's
 * {@code mpirun} (Open MPI's {@code /usr/bin/mpirun}, say) is passed over: atoll-mpi's script says
 * so in its first lines. A home that is named but has no launcher is an error rather than a reason
 * to look elsewhere.
 */
public final class MpiLauncher {
    public static final String HOME_PROPERTY = "atoll.home";
    public static final String HOME_ENV = "ATOLL_HOME";

    private MpiLauncher() {
    }

    /** {@code bin/mpirun} for this JVM; throws {@link IllegalStateException} saying where it looked. */
    public static Path find() {
        return find(System.getProperty(HOME_PROPERTY), System.getenv(HOME_ENV), Path.of("").toAbsolutePath());
    }

    /** {@code bin/mpirun} for these settings (null or blank: not set). */
    public static Path find(String homeProperty, String homeEnv, Path workingDirectory) {
        if (homeProperty != null && !homeProperty.isBlank()) {
            return inHome(homeProperty, "-D" + HOME_PROPERTY);
        }
        if (homeEnv != null && !homeEnv.isBlank()) {
            return inHome(homeEnv, HOME_ENV);
        }
        for (Path p = workingDirectory.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            Path mpirun = p.resolve("bin").resolve("mpirun");
            if (isAtolls(mpirun)) {
                return mpirun;
            }
        }
        throw new IllegalStateException("@MpiTest: cannot find atoll-mpi's bin/mpirun: set -D" + HOME_PROPERTY
                + "=<atoll-mpi directory> or " + HOME_ENV + " (looked upwards from " + workingDirectory + ")");
    }

    private static Path inHome(String home, String setBy) {
        Path mpirun = Path.of(home).toAbsolutePath().normalize().resolve("bin").resolve("mpirun");
        if (!Files.isRegularFile(mpirun)) {
            throw new IllegalStateException("@MpiTest: " + setBy + "=" + home + " has no bin/mpirun (" + mpirun
                    + " not found): point it at the atoll-mpi directory that holds bin/ and lib/");
        }
        if (!isAtolls(mpirun)) {
            throw new IllegalStateException("@MpiTest: " + mpirun + " (from " + setBy + ") is not atoll-mpi's mpirun");
        }
        if (!Files.isExecutable(mpirun)) {
            throw new IllegalStateException("@MpiTest: " + mpirun + " (from " + setBy + ") is not executable");
        }
        return mpirun;
    }

    /** Whether {@code mpirun} is atoll-mpi's script (its first kilobyte names atoll-mpi). */
    static boolean isAtolls(Path mpirun) {
        if (!Files.isRegularFile(mpirun)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(mpirun)) {
            return new String(in.readNBytes(1024), StandardCharsets.ISO_8859_1).contains("atoll-mpi");
        } catch (IOException e) {
            return false;
        }
    }
}
