package org.atollmpi.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the user asked mpirun for, whichever of its command-line forms they used.
 *
 * @param np             number of ranks
 * @param oversubscribe  allow more ranks than slots
 * @param tagOutput      prefix each output line with the rank, as Open MPI's {@code --tag-output}
 * @param exports        {@code -x} arguments, each {@code VAR} or {@code VAR=value}
 * @param java           the {@code java} the user named in the java form, or null for mpirun's own
 * @param jvmOptions     options for the ranks' JVMs (java form only; empty otherwise)
 * @param bindToCore     bind rank r to core r (only when every rank has a core of its own)
 * @param classPath      the user's class path, or null when they gave none
 * @param mainClass      the class to run, or null when {@code jar} or {@code executable} is given
 * @param jar            the jar to run, or null
 * @param args           the program's own arguments
 * @param asyncProgress  start a progress thread in every rank ({@code --async-progress})
 * @param board          the board the ranks use ({@code --board}: shm, tcp or auto), or null to leave it to
 *                       {@code ATOLL_BOARD} in the environment (auto when unset)
 * @param initTimeout    how long, once one rank is in {@code MPI_Init}, the others may take to get there
 * @param javaForm       the program was given as {@code java [jvm options] ...}: it is Java whatever its name
 * @param executable     a native program to run instead of a JVM, or null
 * @param hosts          the hosts of {@code -H/--hostfile}, or null when none were given
 * @param placement      which node each rank runs on
 * @param rsh            the words that start a command on a remote node, the node's name appended
 *                       ({@code --rsh}; {@code ssh -x -o BatchMode=yes} by default)
 * @param serverInterfaces where the job server listens when ranks run on other nodes: interface names or
 *                       CIDR blocks ({@code --mca oob_tcp_if_include}), or null to choose by the route to the nodes
 * @param boardInterfaces the ranks' TCP board address: an interface name, a CIDR block or an address
 *                       ({@code --mca btl_tcp_if_include}, sets {@code ATOLL_TCP_HOST}), or null
 * @param workDir        the ranks' working directory, or null for mpirun's
 * @param timeout        end the job after this long ({@code --timeout}), or null for no limit
 * @param reportBindings print each rank's binding as it starts ({@code --report-bindings})
 * @param displayMap     print the map of ranks to hosts before they start ({@code --display-map})
 * @param verbose        print the command the ranks run ({@code -v})
 * @param warnings       what mpirun accepted but ignores, one line each, to print before the job
 * @param mpjArgs        {@code --mpj-args}: the program's {@code main} gets MPJ Express's three leading arguments
 *                       (rank, configuration file, device) before its own, and {@code MPI.Init} removes them
 * @param reportNic      {@code --report-nic}: print the ranks' NIC counters as a table at the end of the job
 * @param nicModel       {@code --nic-model}: the NIC whose timing the boards add ({@code atoll} or {@code ultra}),
 *                       or null for none
 * @param trace          {@code --trace}: the file the ranks' message traces are merged into, or null
 */
record JobSpec(int np, boolean oversubscribe, boolean bindToCore, boolean tagOutput, List<String> exports, String java,
               List<String> jvmOptions, String classPath, String mainClass, Path jar, List<String> args,
               boolean asyncProgress, String board, Duration initTimeout, boolean javaForm, String executable, HostList hosts,
               Placement placement, List<String> rsh, String serverInterfaces, String boardInterfaces,
               Path workDir, Duration timeout, boolean reportBindings, boolean displayMap, boolean verbose,
               List<String> warnings, boolean mpjArgs, boolean modular, boolean reportNic, String nicModel, Path trace) {
    // modular: the java form's -m module[/class]; mainClass holds that value and the program's
    // modules come from the -p among jvmOptions.
    JobSpec {
        exports = List.copyOf(exports);
        jvmOptions = List.copyOf(jvmOptions);
        args = List.copyOf(args);
        warnings = List.copyOf(warnings);
        rsh = List.copyOf(rsh);
        if ((mainClass != null ? 1 : 0) + (jar != null ? 1 : 0) + (executable != null ? 1 : 0) != 1) {
            throw new IllegalArgumentException("exactly one of a main class, a jar and an executable");
        }
    }

    /** This job with {@code program} run as a native executable in place of the main class. */
    JobSpec runningExecutable(String program) {
        return new JobSpec(np, oversubscribe, bindToCore, tagOutput, exports, java, jvmOptions, classPath, null, null,
                args, asyncProgress, board, initTimeout, false, program, hosts, placement, rsh, serverInterfaces,
                boardInterfaces, workDir, timeout, reportBindings, displayMap,
                verbose, warnings, mpjArgs, false, reportNic, nicModel, trace);
    }

    /** The directory the ranks run in, against which relative paths of the command line are read. */
    Path baseDir() {
        return workDir != null ? workDir : Path.of("").toAbsolutePath();
    }
}
