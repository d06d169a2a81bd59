package org.atollmpi.launch;

import java.nio.file.Path;
import java.util.List;

/**
 * Class-data sharing for mpirun and the ranks. A JVM that starts from an archive maps the classes
 * recorded in it instead of reading, verifying and linking them from the jar, and finds the
 * lambda and method-handle classes of the first calls already spun: a rank's {@code MPI.Init}
 * costs about half the CPU time (measurements in {@code docs/BENCHMARKS.md}, "Start-up").
 *
 * <p>{@code bin/atoll-cds} makes both archives beside {@code lib/atoll-mpi.jar} (the build runs
 * it once the self-contained jar is written; a user runs it after unpacking the distribution) by
 * running {@link ClassDataTraining} as a one-rank job with {@code -XX:ArchiveClassesAtExit} on
 * mpirun's JVM and on the rank's, whose class path is our jar alone; {@code bin/mpirun} maps
 * {@value #LAUNCHER_ARCHIVE}, and {@link RankCommand} gives the ranks {@value #RANK_ARCHIVE}. An
 * archive only serves the JDK that recorded it and a class path that starts with the recorded one,
 * at the same place; where it does not fit (another JDK, a moved tree) the JVM ignores it and loads
 * classes as usual, and the logging options below keep that quiet.
 *
 * <p>{@code -XX:ArchiveRelocationMode=0} maps the archives at the address they were recorded for
 * (falling back to relocating them if it is taken). JDK 17.0.x updates (and 20 and later) default
 * to mapping them at a random address for ASLR's sake, which means patching every pointer in them
 * and so copying most of their pages in every process: 7 ms of a JVM's 44 ms start on this
 * project's 2-core VM (docs/SCALING.md), paid by each of the 64 ranks of an oversubscribed job.
 * The option is diagnostic, hence the unlock; it exists in every JDK from 14 on, and only the JDK
 * that recorded the archive gets it (our own java, as the archive does).
 */
final class ClassDataArchives {
    /** The ranks' archive, beside the self-contained jar. */
    static final String RANK_ARCHIVE = "atoll-mpi-rank.jsa";
    /** mpirun's own archive, beside the self-contained jar ({@code bin/mpirun} maps it). */
    static final String LAUNCHER_ARCHIVE = "atoll-mpi-launcher.jsa";

    private ClassDataArchives() {
    }

    /**
     * The options that start a rank's JVM from {@code archive}: none when there is no archive or
     * the user's own JVM options already decide about class-data sharing (their archive, a dump
     * of their own, {@code -Xshare}), since a JVM accepts one dynamic archive at a time.
     */
    static List<String> rankOptions(Path archive, List<String> userJvmOptions) {
        if (archive == null) {
            return List.of();
        }
        for (String option : userJvmOptions) {
            if (option.startsWith("-Xshare") || option.startsWith("-XX:SharedArchiveFile")
                    || option.startsWith("-XX:ArchiveClassesAtExit") || option.contains("AutoCreateSharedArchive")) {
                return List.of();
            }
        }
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
            "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0");
    }
}
