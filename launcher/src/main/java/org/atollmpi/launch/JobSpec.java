package org.atollmpi.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the user asked mpirun for, whichever of its two command-line forms they used.
 *
 * @param np            number of ranks
 * @param oversubscribe allow more ranks than cores
 * @param tagOutput     prefix each output line with the rank, as Open MPI's {@code --tag-output}
 * @param exports       {@code -x} arguments, each {@code VAR} or {@code VAR=value}
 * @param java          the {@code java} the user named in the java form, or null for mpirun's own
 * @param jvmOptions    options for the ranks' JVMs (java form only; empty otherwise)
 * @param bindToCore    bind rank r to core r (only when every rank has a core of its own)
 * @param classPath     the user's class path, or null when they gave none
 * @param mainClass     the class to run, or null when {@code jar} is given
 * @param jar           the jar to run, or null when {@code mainClass} is given
 * @param args          the program's own arguments
 * @param asyncProgress start a progress thread in every rank ({@code --async-progress})
 * @param initTimeout   how long, once one rank is in {@code MPI_Init}, the others may take to get there
 */
record JobSpec(int np, boolean oversubscribe, boolean bindToCore, boolean tagOutput, List<String> exports, String java,
               List<String> jvmOptions, String classPath, String mainClass, Path jar, List<String> args,
               boolean asyncProgress, Duration initTimeout) {
    JobSpec {
        exports = List.copyOf(exports);
        jvmOptions = List.copyOf(jvmOptions);
        args = List.copyOf(args);
        if ((mainClass == null) == (jar == null)) {
            throw new IllegalArgumentException("exactly one of a main class and a jar");
        }
    }
}
