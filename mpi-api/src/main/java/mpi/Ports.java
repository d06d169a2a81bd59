package mpi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.runtime.boot.BootProtocol;
import org.atollmpi.runtime.boot.JobFiles;

/**
 * MPI-2's ports (MPI_Open_port, MPI_Comm_accept, MPI_Comm_connect) and name publishing between
 * groups of one job: two disjoint groups, each an intracommunicator, become an intercommunicator
 * through a port name one of them opened and passed to the other (in a message, or published
 * under a service name).
 *
 * <p>A port name is {@code atoll-port:<job>:<world rank>:<serial>}: the job that opened it, the
 * opener (the accepting root), and a number of the opener's own. The connecting root sends one
 * request to the opener on the dynamic-process context ({@link #CONTEXT}, reserved for this: no
 * communicator's traffic is there) with the serial as tag; the accepting root takes the first
 * request for its port (any source), and the two roots join their groups as
 * MPI_Intercomm_create's leaders do, over the same context and tag ({@link Intercomm#join}). A
 * peer's messages arrive in order, so a second connector's request is never mistaken for the
 * first one's join.
 *
 * <p>Names are published as files of the job ({@code <board directory>/atoll-<job>-names/}), which
 * mpirun removes with the job's other files: every rank of a job on one host sees them. Ports of
 * another job (two mpirun runs) and spawning are not supported yet: ERR_PORT and
 * ERR_UNSUPPORTED_OPERATION say so.
 */
final class Ports {
    static final String PREFIX = "atoll-port:";
    /** The point-to-point context of ports (pair {@link ContextIds#DYNAMIC_PAIR}). */
    static final int CONTEXT = ContextIds.p2pContext(ContextIds.DYNAMIC_PAIR);
    private static final Set<String> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger SERIALS = new AtomicInteger();

    private Ports() {
    }

    /** The job this process belongs to, as it appears in port names. */
    private static String thisJob() {
        String id = System.getenv(BootProtocol.ENV_JOB_ID);
        return id != null && !id.isEmpty() ? id : "singleton-" + ProcessHandle.current().pid();
    }

    static String open(String call) {
        MPI.check(call);
        String name = PREFIX + thisJob() + ":" + MPI.COMM_WORLD.rank + ":" + SERIALS.incrementAndGet();
        OPEN.add(name);
        return name;
    }

    static void close(String call, String name) {
        MPI.check(call);
        if (name == null || !OPEN.remove(name)) {
            throw MPI.COMM_WORLD.raise(ErrorClass.PORT, call + ": port '" + name + "' is not a port this process"
                + " opened (or it is closed already)");
        }
    }

    /** A parsed port name. */
    private record Port(String job, int owner, int serial) {
        static Port parse(Comm scope, String call, String name) {
            if (name == null) {
                throw scope.raise(ErrorClass.PORT, call + ": port is null");
            }
            String[] parts = name.startsWith(PREFIX) ? name.substring(PREFIX.length()).split(":") : new String[0];
            if (parts.length != 3) {
                throw scope.raise(ErrorClass.PORT, call + ": '" + name + "' is not a port name (from Intracomm.openPort)");
            }
            int owner;
            int serial;
            try {
                owner = Integer.parseInt(parts[1]);
                serial = Integer.parseInt(parts[2]);
            } catch (NumberFormatException e) {
                throw scope.raise(ErrorClass.PORT, call + ": '" + name + "' is not a port name (from Intracomm.openPort)");
            }
            if (!parts[0].equals(thisJob())) {
                throw scope.raise(ErrorClass.PORT, call + ": port '" + name + "' belongs to another job; connecting"
                    + " jobs started by separate mpirun runs is not supported yet (start the ranks in one job)");
            }
            if (owner < 0 || owner >= MPI.COMM_WORLD.size || serial <= 0) {
                throw scope.raise(ErrorClass.PORT, call + ": port '" + name + "' names no rank of this job");
            }
            return new Port(parts[0], owner, serial);
        }
    }

    /**
     * MPI_Comm_accept on {@code comm} (collective; {@code port} significant at {@code root}, which
     * must have opened it). Every member learns whether the root's port was good, so a refused port
     * is an error on all of them rather than a wait.
     */
    static Intercomm accept(Intracomm comm, String call, String port, int root) {
        comm.live(call);
        checkRoot(comm, call, root);
        int[] outcome = {0, -1}; // error class, then the connecting root's world rank
        String refusal = null;
        Port p = null;
        if (comm.rank == root) {
            try {
                p = Port.parse(comm, call, port);
                if (p.owner != MPI.COMM_WORLD.rank || !OPEN.contains(port)) {
                    throw comm.raise(ErrorClass.PORT, call + ": port '" + port + "' is not open in this process"
                        + " (accept at the rank that opened it, before closePort)");
                }
                outcome[1] = awaitRequest(comm, call, p.serial);
            } catch (MPIException e) {
                outcome[0] = e.getErrorClass();
                refusal = e.getMessage();
            }
        }
        outcome = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, outcome);
        if (outcome[0] != ErrorClass.SUCCESS) {
            throw comm.raise(outcome[0], refusal != null ? refusal : call + ": the root (rank " + root
                + ") could not accept on its port");
        }
        int serial = comm.rank == root ? p.serial : 0;
        return Intercomm.join(comm, root, MPI.COMM_WORLD, outcome[1], serial, CONTEXT, call);
    }

    /** MPI_Comm_connect on {@code comm} (collective; {@code port} significant at {@code root}). */
    static Intercomm connect(Intracomm comm, String call, String port, int root) {
        comm.live(call);
        checkRoot(comm, call, root);
        int[] outcome = {0, -1, 0}; // error class, the accepting root's world rank, the port's serial
        String refusal = null;
        if (comm.rank == root) {
            try {
                Port p = Port.parse(comm, call, port);
                sendRequest(comm, call, p);
                outcome[1] = p.owner;
                outcome[2] = p.serial;
            } catch (MPIException e) {
                outcome[0] = e.getErrorClass();
                refusal = e.getMessage();
            }
        }
        outcome = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, outcome);
        if (outcome[0] != ErrorClass.SUCCESS) {
            throw comm.raise(outcome[0], refusal != null ? refusal : call + ": the root (rank " + root
                + ") could not connect to its port");
        }
        return Intercomm.join(comm, root, MPI.COMM_WORLD, outcome[1], outcome[2], CONTEXT, call);
    }

    private static void checkRoot(Comm comm, String call, int root) {
        if (root < 0 || root >= comm.size) {
            throw comm.raise(ErrorClass.ROOT, call + ": root " + root + " is not a rank of the communicator (size "
                + comm.size + ")");
        }
    }

    /** The accepting root: the first connect request for {@code serial}; returns its sender's world rank. */
    private static int awaitRequest(Comm scope, String call, int serial) {
        int[] request = new int[1];
        Engine engine = MPI.engine(call);
        Operation op;
        try {
            op = engine.irecv(request, Addresses.INT_ARRAY_BASE, 4, Engine.ANY_SOURCE, serial, CONTEXT);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        Agreement.finish(scope, call, engine, new Operation[] {op});
        return request[0];
    }

    private static void sendRequest(Comm scope, String call, Port p) {
        int[] request = {MPI.COMM_WORLD.rank};
        Engine engine = MPI.engine(call);
        Operation op;
        try {
            op = engine.isend(Engine.MODE_STANDARD, request, Addresses.INT_ARRAY_BASE, 4, p.owner, p.serial, CONTEXT);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        Agreement.finish(scope, call, engine, new Operation[] {op});
    }

    static Intercomm noParent() {
        return new Intercomm("MPI_COMM_NULL", -1, -1);
    }

    // ---------------------------------------------------------------- names

    private static Path names(String call) {
        String id = System.getenv(BootProtocol.ENV_JOB_ID);
        if (id == null || id.isEmpty()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": publishing names needs a job started by this"
                + " library's mpirun (this process has no job)");
        }
        return JobFiles.boardDirectory().resolve(BootProtocol.jobFilePrefix(id) + "names");
    }

    private static Path entry(String call, String service) {
        if (service == null || service.isEmpty()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service name is null or empty");
        }
        return names(call).resolve(HexFormat.of().formatHex(service.getBytes(StandardCharsets.UTF_8)));
    }

    /** MPI_Publish_name: visible to every rank of the job; a service published already is ERR_NAME. */
    static void publish(String call, String service, String port) {
        MPI.check(call);
        if (port == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.PORT, call + ": port is null");
        }
        Path entry = entry(call, service);
        try {
            Files.createDirectories(entry.getParent());
            Path staged = Files.createTempFile(entry.getParent(), "publishing", ".tmp");
            Files.writeString(staged, port, StandardCharsets.UTF_8);
            try {
                // a link is atomic and fails when the name exists: first publisher wins
                Files.createLink(entry, staged);
            } finally {
                Files.deleteIfExists(staged);
            }
        } catch (FileAlreadyExistsException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is published already");
        } catch (IOException | UnsupportedOperationException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot publish service '" + service + "': " + e);
        }
    }

    static String lookup(String call, String service) {
        MPI.check(call);
        try {
            return Files.readString(entry(call, service), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is not published");
        } catch (IOException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot look up service '" + service + "': " + e);
        }
    }

    static void unpublish(String call, String service, String port) {
        MPI.check(call);
        Path entry = entry(call, service);
        try {
            String published = Files.readString(entry, StandardCharsets.UTF_8);
            if (port != null && !published.equals(port)) {
                throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is published with"
                    + " another port");
            }
            Files.delete(entry);
        } catch (NoSuchFileException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is not published");
        } catch (IOException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot unpublish service '" + service + "': " + e);
        }
    }
}
