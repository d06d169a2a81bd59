package org.atollmpi.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The local command that starts one rank on a remote node: the remote shell's words ({@code --rsh}),
 * the node's name, then {@code env -C <dir> VAR=value... <the rank's command>}. {@code env} sets the
 * rank's wiring and the {@code -x} variables and its working directory without a shell on the
 * remote side.
 *
 * <p>Agents differ in how they pass the command on: {@code ssh} and {@code rsh} join their
 * arguments into one line that the remote login shell parses again, so each word is quoted for
 * {@code sh}; every other agent ({@code ip netns exec}, {@code docker exec}, {@code srun}...) runs
 * its arguments as they are, so they are passed unquoted.
 *
 * <p>The job secret is not among the variables: mpirun writes it as the first line of the agent's
 * standard input, which the rank reads (see {@code JobBootstrap}); the command lines, which every
 * user of either machine can list, carry only what is no secret.
 */
final class RemoteCommand {
    /**
     * ssh without X11 forwarding (as Open MPI), and never prompting: a host that would ask for a
     * password or a host key fails at once with ssh's message instead of hanging the job.
     */
    static final List<String> DEFAULT_RSH = List.of("ssh", "-x", "-o", "BatchMode=yes");
    /** Agents whose arguments are one command line for a remote shell. */
    private static final Set<String> SHELL_AGENTS = Set.of("ssh", "rsh", "remsh", "oarsh", "slogin");

    private RemoteCommand() {
    }

    /**
     * The command mpirun runs locally to start {@code command} on {@code host} with {@code env} in
     * {@code workDir}.
     */
    static List<String> command(List<String> rsh, String host, Path workDir, Map<String, String> env,
                                List<String> command) {
        List<String> remote = new ArrayList<>();
        remote.add("env");
        remote.add("-C");
        remote.add(workDir.toString());
        env.forEach((name, value) -> remote.add(name + "=" + value));
        remote.addAll(command);
        List<String> local = new ArrayList<>(rsh);
        local.add(host);
        boolean shellLine = passesShellLine(rsh);
        for (String word : remote) {
            local.add(shellLine ? quote(word) : word);
        }
        return local;
    }

    /** Whether the agent hands its arguments to a remote shell as one line (ssh, rsh). */
    static boolean passesShellLine(List<String> rsh) {
        String agent = rsh.get(0);
        return SHELL_AGENTS.contains(agent.substring(agent.lastIndexOf('/') + 1));
    }

    /** {@code word} as one word of a POSIX shell line: as it is when it is plain, else in single quotes. */
    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) && c < 128 || "_-./:=,@%+".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
