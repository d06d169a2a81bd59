package org.atollmpi.nic.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.Memory;

/**
 * The node-local board: board memory that every rank on the machine maps, holding each rank's
 * port (fast-send slot rings, receive ring, notification queue, window descriptor table) and
 * each rank's heap partition. See {@link ShmLayout} for the picture.
 *
 * <p>The memory is a real board's device file when one is present, otherwise a file under
 * {@code /dev/shm} that emulates it ({@link #boardFile}). For a job: one rank attaches with
 * {@code create = true}, the others with {@code false} (they wait for it); once every rank has
 * attached ({@link #awaitAttached}), one of them calls {@link #unlink()} so that a job that dies
 * leaves nothing behind. Each rank then {@link #open}s its own port.
 *
 * <p>{@link #anonymous} builds the same structures in this process's memory, for ranks that
 * are threads (unit tests, a singleton world).
 */
public final class ShmBoard implements Board {
    /** Environment variable naming a board device file to map instead of a file in /dev/shm. */
    public static final String DEVICE_ENV = "ATOLL_BOARD_DEVICE";
    public static final Path DEFAULT_DEVICE = Paths.get("/dev/atoll0");
    public static final Path SHM_DIRECTORY = Paths.get("/dev/shm");

    private static final long ATTACH_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Path file;
    private final boolean device;
    private final boolean nativeMapping;
    private final BoardMapping mapping;
    private final ShmLayout layout;
    private final long header;
    private final BoardAllocator[] allocators;
    private final ShmHostPort[] openPorts;
    private boolean closed;

    private ShmBoard(Path file, boolean device, boolean nativeMapping, BoardMapping mapping, ShmLayout layout) {
        this.file = file;
        this.device = device;
        this.nativeMapping = nativeMapping;
        this.mapping = mapping;
        this.layout = layout;
        this.header = mapping.address();
        this.allocators = new BoardAllocator[layout.ranks];
        this.openPorts = new ShmHostPort[layout.ranks];
    }

    /**
     * Where a job's board lives: the device named by {@code $ATOLL_BOARD_DEVICE}, else
     * {@code /dev/atoll0} if it exists, else {@code /dev/shm/atoll-<jobName>}.
     *
     * @param jobName letters, digits, '.', '_' and '-' only, so the name stays one file in /dev/shm
     */
    public static Path boardFile(String jobName) {
        if (!jobName.matches("[A-Za-z0-9._-]+") || jobName.startsWith(".")) {
            throw new IllegalArgumentException("job name for a board file must be letters, digits, '.', '_' or '-' "
                + "and not start with '.': \"" + jobName + "\"");
        }
        String env = System.getenv(DEVICE_ENV);
        if (env != null && !env.isBlank()) {
            return Paths.get(env);
        }
        if (Files.exists(DEFAULT_DEVICE)) {
            return DEFAULT_DEVICE;
        }
        return SHM_DIRECTORY.resolve("atoll-" + jobName);
    }

    /**
     * Maps the board in {@code file}.
     *
     * <p>With {@code create}, this rank lays the board out from {@code config}: it creates the
     * file exclusively (it must not exist) and sizes it, or, for a device, clears the ports;
     * then it writes the header and publishes it READY. Without {@code create}, it waits up to
     * {@link ShmBoardConfig#attachTimeoutMillis()} for a READY header with the configured job key
     * and adopts the layout written there.
     *
     * @param ranks the number of ranks on this board; attaching ranks check it against the header
     * @throws IllegalStateException if the file exists when creating, the wait times out, or the
     *                               header does not match
     * @throws UncheckedIOException  if the file cannot be created or mapped
     */
    public static ShmBoard attach(Path file, int ranks, ShmBoardConfig config, boolean create) {
        boolean useNative = BoardMapping.useNative(config);
        try {
            return create ? create(file, ranks, config, useNative) : join(file, ranks, config, useNative);
        } catch (IOException e) {
            throw new UncheckedIOException("shm board " + file + ": " + e.getMessage(), e);
        }
    }

    /** A board in this process's memory: the same structures, for ranks that are threads. */
    public static ShmBoard anonymous(int ranks, ShmBoardConfig config) {
        boolean useNative = BoardMapping.useNative(config);
        ShmLayout layout = ShmLayout.compute(ranks, config, BoardMapping.maxSize(useNative));
        try {
            BoardMapping mapping = BoardMapping.anonymous(layout.totalSize, useNative);
            ShmBoard board = new ShmBoard(null, false, useNative, mapping, layout);
            board.publish(config.jobKey());
            return board;
        } catch (IOException e) {
            throw new UncheckedIOException("anonymous shm board of " + layout.totalSize + " bytes: " + e.getMessage(), e);
        }
    }

    private static ShmBoard create(Path file, int ranks, ShmBoardConfig config, boolean useNative) throws IOException {
        ShmLayout layout = ShmLayout.compute(ranks, config, BoardMapping.maxSize(useNative));
        boolean device = isDevice(file);
        BoardMapping mapping;
        if (device) {
            mapping = BoardMapping.open(file, layout.totalSize, useNative);
            if (mapping == null) {
                throw new IOException("board device " + file + " cannot be mapped");
            }
        } else {
            try {
                mapping = BoardMapping.create(file, layout.totalSize, useNative);
            } catch (FileAlreadyExistsException e) {
                throw new IllegalStateException("shm board " + file + " already exists: another job uses the same "
                    + "name, or a job that died left it behind (then remove it)", e);
            }
        }
        ShmBoard board = new ShmBoard(file, device, useNative, mapping, layout);
        if (device) {
            // A device keeps the last job's memory; a fresh file is zero, which every structure reads as empty.
            Memory.putLongVolatile(board.header + BoardHeaderDescriptor.STATE_OFFSET, BoardHeaderDescriptor.STATE_INITIALIZING);
            Memory.setMemory(board.header + layout.portsOffset, layout.heapOffset - layout.portsOffset, (byte) 0);
            Memory.putLong(board.header + BoardHeaderDescriptor.ATTACHED_OFFSET, 0);
        }
        board.publish(config.jobKey());
        return board;
    }

    private void publish(long jobKey) {
        Memory.putLongVolatile(header + BoardHeaderDescriptor.STATE_OFFSET, BoardHeaderDescriptor.STATE_INITIALIZING);
        layout.writeHeader(header, jobKey);
        Memory.putLongRelease(header + BoardHeaderDescriptor.STATE_OFFSET, BoardHeaderDescriptor.STATE_READY);
        Memory.getAndAddLong(header + BoardHeaderDescriptor.ATTACHED_OFFSET, 1);
    }

    private static ShmBoard join(Path file, int ranks, ShmBoardConfig config, boolean useNative) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.attachTimeoutMillis());
        String waitingFor = "the file to appear";
        while (true) {
            BoardMapping headerPage = BoardMapping.open(file, BoardHeaderDescriptor.LENGTH, useNative);
            if (headerPage != null) {
                try {
                    long h = headerPage.address();
                    long state = Memory.getLongAcquire(h + BoardHeaderDescriptor.STATE_OFFSET);
                    long jobKey = Memory.getLong(h + BoardHeaderDescriptor.JOB_KEY_OFFSET);
                    if (state == BoardHeaderDescriptor.STATE_READY && jobKey == config.jobKey()) {
                        ShmLayout layout = ShmLayout.readHeader(h, "shm board " + file);
                        if (layout.ranks != ranks) {
                            throw new IllegalStateException("shm board " + file + " was created for " + layout.ranks
                                + " ranks, but this rank expects " + ranks);
                        }
                        return joinLayout(file, layout, useNative);
                    }
                    waitingFor = state == BoardHeaderDescriptor.STATE_READY
                        ? "job key " + config.jobKey() + " (the header has " + jobKey + ", from another job)"
                        : "state READY (it is " + BoardHeaderDescriptor.stateName(state) + ")";
                } finally {
                    headerPage.close();
                }
            } else if (Files.exists(file)) {
                waitingFor = "the creator to size the file";
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("shm board " + file + " not ready after " + config.attachTimeoutMillis()
                    + " ms: waited for " + waitingFor + ". Did the creating rank start, and do all ranks use the "
                    + "same board file? (" + ShmBoardConfig.ATTACH_TIMEOUT_PROPERTY + " sets the wait)");
            }
            LockSupport.parkNanos(ATTACH_POLL_NANOS);
        }
    }

    private static ShmBoard joinLayout(Path file, ShmLayout layout, boolean useNative) throws IOException {
        if (layout.totalSize > BoardMapping.maxSize(useNative)) {
            throw new IllegalStateException("shm board " + file + " has " + layout.totalSize + " bytes, more than "
                + "FileChannel.map can map; this rank needs the native mapping library (" + NativeBoard.failure() + ")");
        }
        BoardMapping mapping = BoardMapping.open(file, layout.totalSize, useNative);
        if (mapping == null) {
            throw new IllegalStateException("shm board " + file + " is smaller than its header says ("
                + layout.totalSize + " bytes) or was removed while attaching");
        }
        ShmBoard board = new ShmBoard(file, isDevice(file), useNative, mapping, layout);
        Memory.getAndAddLong(board.header + BoardHeaderDescriptor.ATTACHED_OFFSET, 1);
        return board;
    }

    private static boolean isDevice(Path file) {
        return Files.exists(file) && !Files.isRegularFile(file);
    }

    /**
     * Opens the port of {@code rank}. A port is open in one place at a time (across processes);
     * after {@link ShmHostPort#close()} it can be opened again and continues where it stopped.
     *
     * @throws IllegalStateException if the port is open already
     */
    @Override
    public synchronized ShmHostPort open(int rank) {
        checkOpen();
        if (rank < 0 || rank >= layout.ranks) {
            throw new IllegalArgumentException("rank " + rank + " is not in 0.." + (layout.ranks - 1));
        }
        long portState = layout.portAddress(mapping.address(), rank) + ShmLayout.PORT_STATE_OFFSET;
        long token = ProcessHandle.current().pid();
        if (!Memory.compareAndSetLong(portState, 0, token)) {
            throw new IllegalStateException("port of rank " + rank + " on " + this + " is already open (by process "
                + Memory.getLongVolatile(portState) + ")");
        }
        if (allocators[rank] == null) {
            allocators[rank] = new BoardAllocator(layout.heapAddress(mapping.address(), rank), layout.heapBytesPerRank);
        }
        ShmHostPort port = new ShmHostPort(this, rank, portState, allocators[rank]);
        openPorts[rank] = port;
        return port;
    }

    synchronized void portClosed(ShmHostPort port) {
        if (openPorts[port.rank()] == port) {
            openPorts[port.rank()] = null;
        }
    }

    /**
     * Removes the board file so that nothing is left when the job ends, however it ends; ranks
     * that have mapped it keep using the memory. Call once every rank has attached. Does nothing
     * for a device or an anonymous board.
     */
    public void unlink() {
        if (file == null || device) {
            return;
        }
        try {
            BoardMapping.unlink(file, nativeMapping);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many attachments (in any process) this board has seen, the creator's included. */
    public long attachedCount() {
        return Memory.getLongVolatile(header + BoardHeaderDescriptor.ATTACHED_OFFSET);
    }

    /** Waits until at least {@code count} attachments have happened; {@code false} on timeout. */
    public boolean awaitAttached(long count, long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (attachedCount() < count) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(ATTACH_POLL_NANOS);
        }
        return true;
    }

    public int ranks() {
        return layout.ranks;
    }

    /** The board file or device, {@code null} for an anonymous board. */
    public Path file() {
        return file;
    }

    /** Bytes mapped. */
    public long size() {
        return layout.totalSize;
    }

    /** Bytes of each rank's heap partition (smaller than configured if the board had to be capped). */
    public long heapBytesPerRank() {
        return layout.heapBytesPerRank;
    }

    /** {@code "mmap (JNI)"} or {@code "FileChannel.map"}. */
    public String mappingKind() {
        return mapping.kind();
    }

    ShmLayout layout() {
        return layout;
    }

    long address() {
        return mapping.address();
    }

    /**
     * Closes the ports still open here and unmaps the board. Nothing may use the board's
     * memory afterwards (regions, buffers from {@code asByteBuffer}, payload addresses).
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        for (ShmHostPort port : openPorts) {
            if (port != null) {
                port.close();
            }
        }
        closed = true;
        mapping.close();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    @Override
    public String toString() {
        return "shm board " + (file == null ? "(anonymous)" : file.toString()) + " [" + layout.ranks + " ranks]";
    }
}
