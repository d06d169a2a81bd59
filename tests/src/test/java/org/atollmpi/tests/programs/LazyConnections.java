package org.atollmpi.tests.programs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import mpi.MPI;

/**
 * The TCP board connects only to the peers a rank talks to: in a world of at least 3 ranks on
 * {@code --board tcp}, rank 0 sends one message to rank 1 and nobody else sends anything before
 * counting. Each rank then counts the TCP connections its process opened (established sockets of
 * its own whose local port is not the one it listens on, less the one to mpirun's job server),
 * reading {@code /proc/self/fd} and {@code /proc/net/tcp}{@code 6}: rank 0 must have opened
 * exactly one, every other rank none, whatever the world's size. Connections a rank accepted are
 * not counted: another rank may already be in {@code Finalize}, whose barrier talks to it.
 */
public final class LazyConnections {
    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(3);
        int rank = Check.rank();
        if (rank == 0) {
            // a blocking send returns once it is deposited, so the link to rank 1 is up by then
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 1, 7);
        } else if (rank == 1) {
            int[] in = new int[1];
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, 0, 7);
            Check.equal(42, in[0], "message from rank 0");
        }
        Sockets mine = Sockets.ofThisProcess();
        Check.that(!mine.listening.isEmpty(), "rank %d listens on no TCP port: is it on the TCP board?", rank);
        int opened = mine.opened(jobServerPorts());
        System.out.println("CONNECTIONS rank " + rank + " opened " + opened + " listening " + mine.listening);
        Check.equal(rank == 0 ? 1 : 0, opened, "TCP connections rank " + rank + " opened");
        Check.done();
    }

    /** The ports of mpirun's job server, from {@code ATOLL_JOB_SERVER} ({@code host:port[,...]}). */
    private static Set<Integer> jobServerPorts() {
        Set<Integer> ports = new HashSet<>();
        String servers = System.getenv("ATOLL_JOB_SERVER");
        Check.that(servers != null, "not started by mpirun: ATOLL_JOB_SERVER is unset");
        for (String s : servers.split(",")) {
            ports.add(Integer.parseInt(s.substring(s.lastIndexOf(':') + 1)));
        }
        return ports;
    }

    /** The TCP sockets this process holds, from the kernel's tables. */
    private record Sockets(Set<Integer> listening, List<int[]> established) {
        private static final String ESTABLISHED = "01";
        private static final String LISTEN = "0A";

        static Sockets ofThisProcess() {
            Set<String> inodes = new HashSet<>();
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
                for (Path fd : fds) {
                    try {
                        String target = Files.readSymbolicLink(fd).toString();
                        if (target.startsWith("socket:[")) {
                            inodes.add(target.substring(8, target.length() - 1));
                        }
                    } catch (IOException e) {
                        // closed while listing (the directory's own descriptor, for one)
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Set<Integer> listening = new HashSet<>();
            List<int[]> established = new java.util.ArrayList<>();
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                List<String> lines;
                try {
                    lines = Files.readAllLines(Path.of(table));
                } catch (IOException e) {
                    continue; // no IPv6 in this kernel
                }
                for (String line : lines.subList(1, lines.size())) {
                    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                    String[] f = line.trim().split("\\s+");
                    if (f.length < 10 || !inodes.contains(f[9])) {
                        continue;
                    }
                    int local = port(f[1]);
                    if (f[3].equals(LISTEN)) {
                        listening.add(local);
                    } else if (f[3].equals(ESTABLISHED)) {
                        established.add(new int[] {local, port(f[2])});
                    }
                }
            }
            return new Sockets(listening, established);
        }

        /** Established connections this process dialled, other than to {@code excludedRemotePorts}. */
        int opened(Set<Integer> excludedRemotePorts) {
            int n = 0;
            for (int[] c : established) {
                if (!listening.contains(c[0]) && !excludedRemotePorts.contains(c[1])) {
                    n++;
                }
            }
            return n;
        }

        private static int port(String address) {
            return Integer.parseInt(address.substring(address.indexOf(':') + 1), 16);
        }
    }
}
