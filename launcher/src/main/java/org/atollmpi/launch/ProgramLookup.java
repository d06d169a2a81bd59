package org.atollmpi.launch;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Decides, before any rank starts, what the program word of {@code mpirun [options] word} names
 * when it could be a Java class: the class if it is on the ranks' class path; otherwise a command
 * found on {@code PATH} ({@code mpirun -np 2 hostname}), as Open MPI would run it; otherwise
 * nothing, which is said once here instead of by every rank's JVM. The Java form
 * ({@code mpirun java ... Class}) is always a class. A class path that cannot be fully inspected
 * leaves the decision to the ranks, as before this check existed.
 */
final class ProgramLookup {
    private ProgramLookup() {
    }

    /** The program is not there: one message for the user, printed before any rank starts. */
    static final class ProgramNotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProgramNotFound(String message) {
            super(message);
        }
    }

    /**
     * {@code spec}, or the same job running an executable from {@code PATH} in place of a main
     * class that is not on {@code classPath}.
     *
     * @param classPath the ranks' class path ({@link RankCommand#classPath})
     * @param pathEnv   the {@code PATH} to search, or null
     * @throws ProgramNotFound when the class is neither on the class path nor, in the class form, a command
     */
    static JobSpec resolve(JobSpec spec, List<String> classPath, String pathEnv) {
        String name = spec.mainClass();
        if (name == null || spec.modular() || RankCommand.BENCHMARKS.containsKey(name)) {
            return spec;
        }
        // the user's entries first: a program is usually there, and our jars are the dearest to open
        List<String> userFirst = new ArrayList<>(classPath);
        Collections.reverse(userFirst);
        ClassPathLookup.Result found = ClassPathLookup.find(name, userFirst, spec.baseDir());
        if (found != ClassPathLookup.Result.ABSENT) {
            return spec;
        }
        if (!spec.javaForm()) {
            Path command = onPath(name, pathEnv, spec.baseDir());
            if (command != null) {
                return spec.runningExecutable(command.toString());
            }
        }
        List<String> entries = new ArrayList<>();
        for (String path : classPath) {
            for (String entry : path.split(File.pathSeparator, -1)) {
                entries.add(entry.isEmpty() ? "." : entry);
            }
        }
        String file = name.replace('.', '/') + ".class";
        throw new ProgramNotFound("class " + name + " not found on the class path (" + String.join(", ", entries)
                + "): give -cp <dir or jar> or run from the directory that holds " + file
                + "; mpirun runs Java classes and executables");
    }

    /** The executable file {@code name} in a directory of {@code pathEnv}, as a shell finds it; null if none. */
    static Path onPath(String name, String pathEnv, Path base) {
        if (pathEnv == null || name.isEmpty() || name.contains("/")) {
            return null;
        }
        for (String dir : pathEnv.split(File.pathSeparator, -1)) {
            Path candidate = base.resolve(dir.isEmpty() ? "." : dir).resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
