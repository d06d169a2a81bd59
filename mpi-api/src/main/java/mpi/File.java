package mpi;

import java.io.IOException;
import java.lang.ref.Reference;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.ErrorClass;

/**
 * MPI-IO: a file opened by every rank of a communicator, read and written through a view.
 *
 * <p>Each rank holds its own {@link FileChannel} on the file and moves data with positional
 * reads and writes, so the file must be one the ranks share: on one machine any local path, across
 * hosts a shared file system. Data are in the {@code "native"} representation only (the bytes of
 * the Java arrays or buffers, in the machine's byte order).
 *
 * <ul>
 * <li><b>Views</b> ({@link #setView}): a displacement, an elementary type and a file type whose
 *     flattened blocks ({@link FileViewMap}) are tiled from the displacement; offsets count
 *     etypes of the view's data.</li>
 * <li><b>Independent calls</b> map the data onto file pieces and issue one positional call per
 *     piece (a dense view is one piece).</li>
 * <li><b>Collective calls</b> are two-phase ({@link TwoPhase}): the ranks exchange the ranges they
 *     touch, the range is cut into one contiguous domain per aggregator, the data travel to (or
 *     from) the aggregators by {@code allToAllv}, and each aggregator writes (or reads) its domain
 *     in large contiguous calls.</li>
 * <li><b>The shared file pointer</b> lives in a small side file next to the file
 *     ({@code .<name>.atoll-shfp}), updated under an exclusive {@link FileChannel#lock}: it works
 *     the same on every board and across pretend nodes; the ordered calls move it once, by rank 0.</li>
 * <li><b>Nonblocking and split collective calls</b> carry the operation out when started; the
 *     request (or the End call) reports its status. A nonblocking collective therefore waits for
 *     the other ranks to start it, as a blocking one does.</li>
 * <li><b>Errors</b> go through the file's error handler, {@link MPI#ERRORS_RETURN} by default
 *     (MPI_FILE_NULL's handler, as the standard and Open MPI have it): an {@link MPIException}
 *     with the error class (ERR_NO_SUCH_FILE, ERR_FILE_EXISTS, ERR_ACCESS, ERR_AMODE,
 *     ERR_READ_ONLY, ERR_UNSUPPORTED_DATAREP, ERR_IO, ...) and a message naming the call and the
 *     file.</li>
 * </ul>
 */
public final class File {
    /** The handler a file starts with, and the one for errors with no file (open, delete): MPI_FILE_NULL's. */
    private static final Errhandler DEFAULT_ERRHANDLER = Errhandler.RETURN_HANDLER;
    /** The shared file pointer's side file's suffix. */
    static final String SHARED_POINTER_SUFFIX = ".atoll-shfp";

    private final Intracomm comm;
    private final String filename;
    private final Path path;
    private final int amode;
    private final Info info;
    private final FileChannel channel;
    /** The shared pointer's side file (etypes of the current view, a long at offset 0). */
    private final FileChannel sharedPointer;
    private final Path sharedPointerPath;
    private volatile Errhandler errhandler = DEFAULT_ERRHANDLER;

    private long viewDisp;
    private Datatype etype = MPI.BYTE;
    private Datatype filetype = MPI.BYTE;
    private String datarep = "native";
    private FileViewMap view = FileViewMap.BYTES;
    private int etypeSize = 1;
    /** The individual file pointer, in etypes of the view. */
    private long position;
    private boolean atomic;
    private boolean closed;
    /** The status a split collective's Begin left for its End; null when none is pending. */
    private Status pendingSplit;
    private String pendingSplitCall;
    /** An aggregator's exchange buffer, kept between collective calls ({@link #exchange}). */
    private ByteBuffer exchange;
    /** The largest exchange buffer a closed file left, for the next file of the process ({@link #spare}). */
    private static ByteBuffer spareExchange;

    public File(Comm comm, String filename, int amode) {
        this(comm, filename, amode, MPI.INFO_NULL);
    }

    /**
     * Opens {@code filename} on every rank of {@code comm} (collective; MPI_File_open). Rank 0
     * creates or checks the file, every rank then opens it; the first error is every rank's.
     */
    public File(Comm comm, String filename, int amode, Info info) {
        String call = "File.open";
        MPI.check(call);
        if (comm == null || comm.isNull() || !(comm instanceof Intracomm) || comm.isInter()) {
            throw openError(ErrorClass.COMM, call + " (" + filename + "): comm is "
                + (comm == null ? "null" : comm.isNull() ? "a null communicator" : "an intercommunicator")
                + "; files are opened on an intracommunicator");
        }
        if (filename == null || filename.isEmpty()) {
            throw openError(ErrorClass.BAD_FILE, call + ": filename is " + (filename == null ? "null" : "empty"));
        }
        String bad = checkAmode(amode);
        if (bad != null) {
            throw openError(ErrorClass.AMODE, call + " (" + filename + "): amode " + amode + " " + bad);
        }
        this.filename = filename;
        this.amode = amode;
        this.info = info == null || info.isNull() ? new Info() : info.dup();
        Intracomm c = ((Intracomm) comm).dup();
        c.errhandler = DEFAULT_ERRHANDLER;
        this.comm = c;
        int rank = c.getRank();

        // The same amode on every rank (MPI: erroneous otherwise; caught here as ERR_NOT_SAME).
        int[] modes = {amode, -amode};
        c.allReduce(modes, 2, MPI.INT, MPI.MAX);
        if (modes[0] != amode || -modes[1] != amode) {
            c.free();
            throw openError(ErrorClass.NOT_SAME, call + " (" + filename + "): the ranks passed different amodes (this rank "
                + amode + ")");
        }

        Path p;
        try {
            p = Paths.get(filename).toAbsolutePath();
        } catch (RuntimeException e) {
            c.free();
            throw openError(ErrorClass.BAD_FILE, call + ": '" + filename + "' is not a valid file name: " + e.getMessage());
        }
        this.path = p;

        // Rank 0 creates (or checks) the file and the shared pointer's side file; the others learn the
        // outcome, and where the side file is: next to the file, or (a directory this job cannot write
        // in, e.g. a read-only file's) in java.io.tmpdir, which is shared only on one machine.
        int[] outcome = {ErrorClass.SUCCESS, 0};
        String message = null;
        if (rank == 0) {
            try {
                outcome[1] = prepare(p, amode);
            } catch (IOException | RuntimeException e) {
                outcome[0] = errorClassOf(e);
                message = describe(e);
            }
        }
        c.bcast(outcome, 2, MPI.INT, 0);
        this.sharedPointerPath = sharedPointerPath(p, outcome[1] != 0);
        if (outcome[0] != ErrorClass.SUCCESS) {
            c.free();
            throw openError(outcome[0], call + " ('" + filename + "'): " + (message != null ? message
                : explain(outcome[0]) + " (found by rank 0)"));
        }

        FileChannel ch = null;
        FileChannel sp = null;
        int[] failure = {ErrorClass.SUCCESS};
        try {
            ch = FileChannel.open(p, options(amode));
            sp = FileChannel.open(sharedPointerPath, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            failure[0] = errorClassOf(e);
            message = describe(e);
        }
        int mine = failure[0];
        c.allReduce(failure, 1, MPI.INT, MPI.MAX);
        if (failure[0] != ErrorClass.SUCCESS) {
            closeQuietly(ch);
            closeQuietly(sp);
            c.barrier();
            if (rank == 0) {
                deleteQuietly(sharedPointerPath);
            }
            c.free();
            throw openError(failure[0], call + " ('" + filename + "'): " + (mine != ErrorClass.SUCCESS ? message
                : explain(failure[0]) + " on another rank"));
        }
        this.channel = ch;
        this.sharedPointer = sp;
        if ((amode & MPI.MODE_APPEND) != 0) {
            try {
                position = ch.size();
            } catch (IOException e) {
                position = 0;
            }
        }
    }

    /** Null for a legal amode; otherwise what is wrong with it. */
    static String checkAmode(int amode) {
        int known = MPI.MODE_CREATE | MPI.MODE_RDONLY | MPI.MODE_WRONLY | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE
            | MPI.MODE_UNIQUE_OPEN | MPI.MODE_EXCL | MPI.MODE_APPEND | MPI.MODE_SEQUENTIAL;
        if ((amode & ~known) != 0) {
            return "has bits that are no MPI.MODE_* flag";
        }
        int access = Integer.bitCount(amode & (MPI.MODE_RDONLY | MPI.MODE_WRONLY | MPI.MODE_RDWR));
        if (access != 1) {
            return "must hold exactly one of MODE_RDONLY, MODE_WRONLY and MODE_RDWR";
        }
        if ((amode & MPI.MODE_RDONLY) != 0 && (amode & (MPI.MODE_CREATE | MPI.MODE_EXCL)) != 0) {
            return "combines MODE_RDONLY with MODE_CREATE or MODE_EXCL";
        }
        if ((amode & MPI.MODE_RDWR) != 0 && (amode & MPI.MODE_SEQUENTIAL) != 0) {
            return "combines MODE_RDWR with MODE_SEQUENTIAL";
        }
        return null;
    }

    private static Set<OpenOption> options(int amode) {
        Set<OpenOption> o = new HashSet<>();
        if ((amode & (MPI.MODE_RDONLY | MPI.MODE_RDWR)) != 0) {
            o.add(StandardOpenOption.READ);
        }
        if ((amode & (MPI.MODE_WRONLY | MPI.MODE_RDWR)) != 0) {
            o.add(StandardOpenOption.WRITE);
        }
        return o;
    }

    /** The shared pointer's side file of {@code p}: next to it, or in java.io.tmpdir when {@code elsewhere}. */
    static Path sharedPointerPath(Path p, boolean elsewhere) {
        String name = "." + p.getFileName() + SHARED_POINTER_SUFFIX;
        if (!elsewhere) {
            return p.resolveSibling(name);
        }
        return Paths.get(System.getProperty("java.io.tmpdir"),
            name + "-" + Integer.toHexString(p.toString().hashCode()) + "-" + System.getenv().getOrDefault("ATOLL_JOB_ID", ""));
    }

    /**
     * Rank 0's part of open: create or check the file, and reset the shared pointer's side file.
     * Returns 0 when the side file is next to the file, 1 when it had to go to java.io.tmpdir.
     */
    private static int prepare(Path p, int amode) throws IOException {
        if ((amode & MPI.MODE_CREATE) != 0) {
            if ((amode & MPI.MODE_EXCL) != 0) {
                Files.createFile(p);
            } else if (!Files.exists(p)) {
                try {
                    Files.createFile(p);
                } catch (FileAlreadyExistsException raced) {
                    // another job made it meanwhile: fine
                }
            }
        } else if ((amode & MPI.MODE_EXCL) != 0 && Files.exists(p)) {
            throw new FileAlreadyExistsException(p.toString(), null, "MODE_EXCL and the file exists");
        }
        if (!Files.exists(p)) {
            throw new NoSuchFileException(p.toString(), null, "no such file (and MODE_CREATE not given)");
        }
        if (Files.isDirectory(p)) {
            throw new FileSystemException(p.toString(), null, "is a directory");
        }
        long start = 0;
        if ((amode & MPI.MODE_APPEND) != 0) {
            start = Files.size(p);
        }
        try {
            resetSharedPointer(sharedPointerPath(p, false), start);
            return 0;
        } catch (FileSystemException e) { // no right to write there, or a read-only file system
            resetSharedPointer(sharedPointerPath(p, true), start);
            return 1;
        }
    }

    private static void resetSharedPointer(Path side, long start) throws IOException {
        try (FileChannel sp = FileChannel.open(side, StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            writeLong(sp, start);
        }
    }

    // ================================================================ errors

    /** An error with no file yet (open, delete): MPI_FILE_NULL's handler, ERRORS_RETURN. */
    private static MPIException openError(int errorClass, String message) {
        return DEFAULT_ERRHANDLER.apply(MPI.COMM_SELF, new MPIException(errorClass, message));
    }

    /** An error on this file, through its handler. */
    private MPIException raise(int errorClass, String message) {
        return errhandler.apply(comm, new MPIException(errorClass, message));
    }

    private MPIException raise(IOException e, String call) {
        return raise(errorClassOf(e), call + " ('" + filename + "'): " + describe(e));
    }

    /** The MPI error class of a failed file operation. */
    static int errorClassOf(Throwable e) {
        if (e instanceof MPIException) {
            return ((MPIException) e).getErrorClass();
        }
        if (e instanceof NoSuchFileException) {
            return ErrorClass.NO_SUCH_FILE;
        }
        if (e instanceof FileAlreadyExistsException) {
            return ErrorClass.FILE_EXISTS;
        }
        if (e instanceof AccessDeniedException) {
            String m = String.valueOf(e.getMessage());
            return m.contains("Read-only file system") ? ErrorClass.READ_ONLY : ErrorClass.ACCESS;
        }
        if (e instanceof NonWritableChannelException) {
            return ErrorClass.READ_ONLY;
        }
        if (e instanceof NonReadableChannelException) {
            return ErrorClass.ACCESS;
        }
        String m = String.valueOf(e.getMessage());
        if (m.contains("No space left")) {
            return ErrorClass.NO_SPACE;
        }
        if (m.contains("quota")) {
            return ErrorClass.QUOTA;
        }
        if (m.contains("Read-only file system")) {
            return ErrorClass.READ_ONLY;
        }
        if (m.contains("is a directory") || m.contains("Not a directory") || m.contains("File name too long")) {
            return ErrorClass.BAD_FILE;
        }
        return ErrorClass.IO;
    }

    /** Words for an error class another rank found (its own message stays there). */
    static String explain(int errorClass) {
        switch (errorClass) {
            case ErrorClass.NO_SUCH_FILE: return "no such file";
            case ErrorClass.FILE_EXISTS: return "the file exists (MODE_EXCL)";
            case ErrorClass.ACCESS: return "permission denied";
            case ErrorClass.READ_ONLY: return "read-only file or file system";
            case ErrorClass.NO_SPACE: return "no space left on the device";
            case ErrorClass.QUOTA: return "quota exceeded";
            case ErrorClass.BAD_FILE: return "not a usable file name (a directory?)";
            case ErrorClass.IO: return "an I/O error";
            default: return ErrorCodes.describe(errorClass);
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof NoSuchFileException) {
            String reason = ((NoSuchFileException) e).getReason();
            return "no such file" + (reason != null && !reason.startsWith("no such file") ? " (" + reason + ")"
                : reason != null ? reason.substring("no such file".length()) : "") + ": " + ((NoSuchFileException) e).getFile();
        }
        if (e instanceof FileAlreadyExistsException) {
            return "the file exists (MODE_EXCL): " + ((FileAlreadyExistsException) e).getFile();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied: " + ((AccessDeniedException) e).getFile();
        }
        return e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
    }

    private void checkOpen(String call) {
        MPI.check(call);
        if (closed) {
            throw DEFAULT_ERRHANDLER.apply(MPI.COMM_SELF, new MPIException(ErrorClass.FILE,
                call + ": the file '" + filename + "' has been closed (its handle is MPI_FILE_NULL)"));
        }
    }

    private void checkReadable(String call) {
        if ((amode & MPI.MODE_WRONLY) != 0) {
            throw raise(ErrorClass.ACCESS, call + " ('" + filename + "'): the file was opened MODE_WRONLY");
        }
    }

    private void checkWritable(String call) {
        if ((amode & MPI.MODE_RDONLY) != 0) {
            throw raise(ErrorClass.READ_ONLY, call + " ('" + filename + "'): the file was opened MODE_RDONLY");
        }
    }

    private void checkNotSequential(String call) {
        if ((amode & MPI.MODE_SEQUENTIAL) != 0) {
            throw raise(ErrorClass.UNSUPPORTED_OPERATION, call + " ('" + filename
                + "'): the file was opened MODE_SEQUENTIAL; only the shared file pointer may be used");
        }
    }

    // ================================================================ open, close, size, info

    /** Closes the file on every rank (collective); MODE_DELETE_ON_CLOSE deletes it. */
    public void close() {
        String call = "File.close";
        checkOpen(call);
        if (pendingSplit != null) {
            throw raise(ErrorClass.OTHER, call + " ('" + filename + "'): split collective " + pendingSplitCall
                + " has not been ended");
        }
        int[] failure = {ErrorClass.SUCCESS};
        String message = null;
        try {
            channel.close();
        } catch (IOException e) {
            failure[0] = errorClassOf(e);
            message = describe(e);
        }
        closeQuietly(sharedPointer);
        closed = true;
        spare(exchange);
        exchange = null;
        comm.barrier();
        if (comm.getRank() == 0) {
            deleteQuietly(sharedPointerPath);
            if ((amode & MPI.MODE_DELETE_ON_CLOSE) != 0) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    failure[0] = errorClassOf(e);
                    message = describe(e);
                }
            }
        }
        comm.free();
        if (failure[0] != ErrorClass.SUCCESS) {
            throw errhandler.apply(MPI.COMM_SELF, new MPIException(failure[0], call + " ('" + filename + "'): " + message));
        }
    }

    public static void delete(String filename) {
        delete(filename, MPI.INFO_NULL);
    }

    /** Deletes a file (MPI_File_delete): ERR_NO_SUCH_FILE when there is none. */
    public static void delete(String filename, Info info) {
        String call = "File.delete";
        MPI.check(call);
        if (filename == null || filename.isEmpty()) {
            throw openError(ErrorClass.BAD_FILE, call + ": filename is " + (filename == null ? "null" : "empty"));
        }
        try {
            Files.delete(Paths.get(filename));
        } catch (IOException | RuntimeException e) {
            throw openError(errorClassOf(e), call + " ('" + filename + "'): " + describe(e));
        }
    }

    /** Truncates or extends the file to {@code size} bytes (collective). */
    public void setSize(long size) {
        String call = "File.setSize";
        checkOpen(call);
        checkWritable(call);
        checkNotSequential(call);
        if (size < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): size " + size + " is negative");
        }
        resize(size, false, call);
    }

    /** Makes sure the file holds at least {@code size} bytes (collective); data already there stay. */
    public void preallocate(long size) {
        String call = "File.preallocate";
        checkOpen(call);
        checkWritable(call);
        checkNotSequential(call);
        if (size < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): size " + size + " is negative");
        }
        resize(size, true, call);
    }

    private void resize(long size, boolean growOnly, String call) {
        int[] failure = {ErrorClass.SUCCESS};
        String message = null;
        comm.barrier(); // every rank's earlier writes are done
        if (comm.getRank() == 0) {
            try {
                long now = channel.size();
                if (size < now && !growOnly) {
                    channel.truncate(size);
                } else if (size > now) {
                    channel.write(ByteBuffer.wrap(new byte[1]), size - 1);
                }
            } catch (IOException e) {
                failure[0] = errorClassOf(e);
                message = describe(e);
            }
        }
        comm.bcast(failure, 1, MPI.INT, 0);
        if (failure[0] != ErrorClass.SUCCESS) {
            throw raise(failure[0], call + " ('" + filename + "'): " + (message != null ? message : "failed on rank 0"));
        }
    }

    /** The file's size in bytes. */
    public long getSize() {
        String call = "File.getSize";
        checkOpen(call);
        try {
            return channel.size();
        } catch (IOException e) {
            throw raise(e, call);
        }
    }

    /** A new group of the ranks that opened the file. */
    public Group getGroup() {
        checkOpen("File.getGroup");
        return comm.getGroup();
    }

    public int getAMode() {
        checkOpen("File.getAMode");
        return amode;
    }

    /** Adds {@code info}'s hints to the file's (collective in MPI; the hints change nothing here). */
    public void setInfo(Info info) {
        String call = "File.setInfo";
        checkOpen(call);
        if (info == null || info.isNull()) {
            return;
        }
        for (int i = 0; i < info.size(); i++) {
            String key = info.getKey(i);
            this.info.set(key, info.get(key));
        }
    }

    /** A new Info with the hints given at open and by {@link #setInfo}. */
    public Info getInfo() {
        checkOpen("File.getInfo");
        return info.dup();
    }

    // ================================================================ views

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) {
        setView(disp, etype, filetype, datarep, MPI.INFO_NULL);
    }

    /**
     * Sets this rank's view (collective): data start at byte {@code disp} and lie where
     * {@code filetype}'s data lie, tiled every extent; offsets count {@code etype}s. Resets the
     * individual and shared file pointers to 0. Only {@code "native"} data are supported.
     */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) {
        String call = "File.setView";
        checkOpen(call);
        if (!"native".equals(datarep)) {
            throw raise(ErrorClass.UNSUPPORTED_DATAREP, call + " ('" + filename + "'): data representation "
                + (datarep == null ? "null" : "'" + datarep + "'") + " is not supported; atoll-mpi reads and writes "
                + "files in the \"native\" representation only");
        }
        if (disp < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): displacement " + disp + " is negative");
        }
        checkType(etype, "etype", call);
        checkType(filetype, "filetype", call);
        if (etype.size == 0) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): etype " + etype + " holds no data");
        }
        if (filetype.size == 0 || filetype.size % etype.size != 0) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): filetype " + filetype + " holds " + filetype.size
                + " bytes, not a positive multiple of the etype's " + etype.size);
        }
        FileViewMap map = FileViewMap.of(disp, filetype.layout.extent(), filetype.layout.plan());
        String wrong = map.check();
        if (wrong != null) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): filetype " + filetype + " cannot be a file type: "
                + wrong);
        }
        comm.barrier(); // collective, and no rank's earlier access runs under the new view
        this.viewDisp = disp;
        this.etype = etype;
        this.filetype = filetype;
        this.datarep = datarep;
        this.view = map;
        this.etypeSize = etype.size;
        this.position = 0;
        if (info != null && !info.isNull()) {
            setInfo(info);
        }
        int[] failure = {ErrorClass.SUCCESS};
        String message = null;
        if (comm.getRank() == 0) {
            try (FileLock lock = lockSharedPointer()) {
                writeLong(sharedPointer, 0);
            } catch (IOException e) {
                failure[0] = errorClassOf(e);
                message = describe(e);
            }
        }
        comm.bcast(failure, 1, MPI.INT, 0);
        if (failure[0] != ErrorClass.SUCCESS) {
            throw raise(failure[0], call + " ('" + filename + "'): resetting the shared file pointer: "
                + (message != null ? message : "failed on rank 0"));
        }
    }

    private void checkType(Datatype type, String what, String call) {
        if (type == null || type == Datatype.NULL_TYPE || type.isNull()) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): " + what + " is null");
        }
        if (type.isObject()) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): " + what + " is MPI.OBJECT, which describes objects,"
                + " not bytes of a file");
        }
        if (!type.usable()) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): " + what + " " + type + " is not committed");
        }
    }

    public FileView getView() {
        checkOpen("File.getView");
        return new FileView(viewDisp, etype, filetype, datarep);
    }

    // ================================================================ explicit offsets

    public Status readAt(long offset, Object buf, int count, Datatype type) {
        return explicit(false, false, "File.readAt", offset, buf, count, type);
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) {
        return explicit(false, true, "File.readAtAll", offset, buf, count, type);
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) {
        return explicit(true, false, "File.writeAt", offset, buf, count, type);
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) {
        return explicit(true, true, "File.writeAtAll", offset, buf, count, type);
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) {
        return done(explicit(false, false, "File.iReadAt", offset, buf, count, type));
    }

    public Request iReadAt(long offset, Object buf, int count, Datatype type) {
        return done(explicit(false, false, "File.iReadAt", offset, buf, count, type));
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) {
        return done(explicit(false, true, "File.iReadAtAll", offset, buf, count, type));
    }

    public Request iReadAtAll(long offset, Object buf, int count, Datatype type) {
        return done(explicit(false, true, "File.iReadAtAll", offset, buf, count, type));
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) {
        return done(explicit(true, false, "File.iWriteAt", offset, buf, count, type));
    }

    public Request iWriteAt(long offset, Object buf, int count, Datatype type) {
        return done(explicit(true, false, "File.iWriteAt", offset, buf, count, type));
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) {
        return done(explicit(true, true, "File.iWriteAtAll", offset, buf, count, type));
    }

    public Request iWriteAtAll(long offset, Object buf, int count, Datatype type) {
        return done(explicit(true, true, "File.iWriteAtAll", offset, buf, count, type));
    }

    /** An explicit-offset call: not on a MODE_SEQUENTIAL file. */
    private Status explicit(boolean write, boolean all, String call, long offset, Object buf, int count, Datatype type) {
        checkOpen(call);
        checkNotSequential(call);
        return all ? collective(write, call, offset, buf, count, type) : independent(write, call, offset, buf, count, type);
    }

    // ================================================================ individual file pointer

    public Status read(Object buf, int count, Datatype type) {
        return individual(false, false, "File.read", buf, count, type);
    }

    public Status readAll(Object buf, int count, Datatype type) {
        return individual(false, true, "File.readAll", buf, count, type);
    }

    public Status write(Object buf, int count, Datatype type) {
        return individual(true, false, "File.write", buf, count, type);
    }

    public Status writeAll(Object buf, int count, Datatype type) {
        return individual(true, true, "File.writeAll", buf, count, type);
    }

    public Request iRead(Buffer buf, int count, Datatype type) {
        return done(individual(false, false, "File.iRead", buf, count, type));
    }

    public Request iRead(Object buf, int count, Datatype type) {
        return done(individual(false, false, "File.iRead", buf, count, type));
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) {
        return done(individual(false, true, "File.iReadAll", buf, count, type));
    }

    public Request iReadAll(Object buf, int count, Datatype type) {
        return done(individual(false, true, "File.iReadAll", buf, count, type));
    }

    public Request iWrite(Buffer buf, int count, Datatype type) {
        return done(individual(true, false, "File.iWrite", buf, count, type));
    }

    public Request iWrite(Object buf, int count, Datatype type) {
        return done(individual(true, false, "File.iWrite", buf, count, type));
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) {
        return done(individual(true, true, "File.iWriteAll", buf, count, type));
    }

    public Request iWriteAll(Object buf, int count, Datatype type) {
        return done(individual(true, true, "File.iWriteAll", buf, count, type));
    }

    /**
     * A read or write at the individual file pointer, which then moves past the etypes requested
     * (MPI: "the next etype after the last one that will be accessed": a read that meets the end of
     * the file still moves it the whole way; the status says what was read).
     */
    private Status individual(boolean write, boolean all, String call, Object buf, int count, Datatype type) {
        checkOpen(call);
        checkNotSequential(call);
        Status s = all ? collective(write, call, position, buf, count, type)
            : independent(write, call, position, buf, count, type);
        position += (long) count * type.size / etypeSize;
        return s;
    }

    /** Moves the individual file pointer (SEEK_SET, SEEK_CUR, SEEK_END; etypes of the view). */
    public void seek(long offset, int whence) {
        String call = "File.seek";
        checkOpen(call);
        checkNotSequential(call);
        position = seekTarget(offset, whence, position, call);
    }

    private long seekTarget(long offset, int whence, long current, String call) {
        long target;
        switch (whence) {
            case MPI.SEEK_SET:
                target = offset;
                break;
            case MPI.SEEK_CUR:
                target = current + offset;
                break;
            case MPI.SEEK_END:
                try {
                    target = view.dataBefore(channel.size()) / etypeSize + offset;
                } catch (IOException e) {
                    throw raise(e, call);
                }
                break;
            default:
                throw raise(ErrorClass.ARG, call + " ('" + filename + "'): whence " + whence
                    + " is none of MPI.SEEK_SET, MPI.SEEK_CUR, MPI.SEEK_END");
        }
        if (target < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): the new position " + target + " is negative");
        }
        return target;
    }

    /** The individual file pointer, in etypes of the view. */
    public long getPosition() {
        String call = "File.getPosition";
        checkOpen(call);
        checkNotSequential(call);
        return position;
    }

    /** The absolute byte in the file of view offset {@code offset} (etypes). */
    public long getByteOffset(long offset) {
        String call = "File.getByteOffset";
        checkOpen(call);
        if (offset < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): offset " + offset + " is negative");
        }
        return view.fileOffset(offset * etypeSize);
    }

    // ================================================================ shared file pointer

    public Status readShared(Object buf, int count, Datatype type) {
        return shared(false, "File.readShared", buf, count, type);
    }

    public Status writeShared(Object buf, int count, Datatype type) {
        return shared(true, "File.writeShared", buf, count, type);
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) {
        return done(shared(false, "File.iReadShared", buf, count, type));
    }

    public Request iReadShared(Object buf, int count, Datatype type) {
        return done(shared(false, "File.iReadShared", buf, count, type));
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) {
        return done(shared(true, "File.iWriteShared", buf, count, type));
    }

    public Request iWriteShared(Object buf, int count, Datatype type) {
        return done(shared(true, "File.iWriteShared", buf, count, type));
    }

    /** Claims {@code count} items' etypes at the shared pointer (under the side file's lock), then moves the data there. */
    private Status shared(boolean write, String call, Object buf, int count, Datatype type) {
        checkOpen(call);
        if (write) {
            checkWritable(call);
        } else {
            checkReadable(call);
        }
        long etypes = etypesOf(count, type, call);
        long at;
        synchronized (sharedPointer) { // a POSIX lock is the process's: threads of one rank take turns first
            try (FileLock lock = sharedPointer.lock()) {
                at = readLong(sharedPointer);
                writeLong(sharedPointer, at + etypes);
            } catch (IOException e) {
                throw raise(e, call + " (the shared file pointer)");
            }
        }
        return independent(write, call, at, buf, count, type);
    }

    public Status readOrdered(Object buf, int count, Datatype type) {
        return ordered(false, "File.readOrdered", buf, count, type);
    }

    public Status writeOrdered(Object buf, int count, Datatype type) {
        return ordered(true, "File.writeOrdered", buf, count, type);
    }

    /**
     * The ordered calls (collective): rank r's data follow those of ranks below it, from the
     * shared pointer, which rank 0 moves once past all of them; the data move two-phase.
     */
    private Status ordered(boolean write, String call, Object buf, int count, Datatype type) {
        checkOpen(call);
        if (write) {
            checkWritable(call);
        } else {
            checkReadable(call);
        }
        long mine = etypesOf(count, type, call);
        int size = comm.getSize();
        long[] all = new long[size];
        comm.allGather(new long[] {mine}, 1, MPI.LONG, all, 1, MPI.LONG);
        long before = 0;
        long total = 0;
        for (int r = 0; r < size; r++) {
            if (r < comm.getRank()) {
                before += all[r];
            }
            total += all[r];
        }
        long[] base = {0, ErrorClass.SUCCESS};
        String message = null;
        if (comm.getRank() == 0) {
            try (FileLock lock = lockSharedPointer()) {
                base[0] = readLong(sharedPointer);
                writeLong(sharedPointer, base[0] + total);
            } catch (IOException e) {
                base[1] = errorClassOf(e);
                message = describe(e);
            }
        }
        comm.bcast(base, 2, MPI.LONG, 0);
        if (base[1] != ErrorClass.SUCCESS) {
            throw raise((int) base[1], call + " ('" + filename + "'): the shared file pointer: "
                + (message != null ? message : "failed on rank 0"));
        }
        return collective(write, call, base[0] + before, buf, count, type);
    }

    /** Moves the shared file pointer (collective; every rank passes the same arguments). */
    public void seekShared(long offset, int whence) {
        String call = "File.seekShared";
        checkOpen(call);
        comm.barrier(); // every rank's earlier shared-pointer calls are done
        long[] result = {0, ErrorClass.SUCCESS};
        MPIException failure = null;
        if (comm.getRank() == 0) {
            try (FileLock lock = lockSharedPointer()) {
                long target = seekTarget(offset, whence, readLong(sharedPointer), call);
                writeLong(sharedPointer, target);
            } catch (IOException e) {
                result[1] = errorClassOf(e);
            } catch (MPIException e) {
                result[1] = e.getErrorClass();
                failure = e;
            }
        }
        comm.bcast(result, 2, MPI.LONG, 0);
        if (failure != null) {
            throw failure;
        }
        if (result[1] != ErrorClass.SUCCESS) {
            throw raise((int) result[1], call + " ('" + filename + "'): failed on rank 0");
        }
    }

    /** The shared file pointer, in etypes of the view. */
    public long getPositionShared() {
        String call = "File.getPositionShared";
        checkOpen(call);
        synchronized (sharedPointer) {
            try (FileLock lock = sharedPointer.lock()) {
                return readLong(sharedPointer);
            } catch (IOException e) {
                throw raise(e, call + " (the shared file pointer)");
            }
        }
    }

    /** The side file's lock for rank 0's collective updates (no other thread of a rank is in a collective on the file). */
    private FileLock lockSharedPointer() throws IOException {
        synchronized (sharedPointer) {
            return sharedPointer.lock();
        }
    }

    private static long readLong(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8);
        while (b.hasRemaining()) {
            if (ch.read(b, b.position()) < 0) {
                return 0;
            }
        }
        return b.getLong(0);
    }

    private static void writeLong(FileChannel ch, long value) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8).putLong(0, value);
        while (b.hasRemaining()) {
            ch.write(b, b.position());
        }
    }

    // ================================================================ split collectives

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) {
        checkSplitFree("File.readAtAllBegin");
        begin("File.readAtAllBegin", readAtAll(offset, buf, count, type));
    }

    public Status readAtAllEnd(Object buf) {
        return end("File.readAtAllEnd", "File.readAtAllBegin");
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) {
        checkSplitFree("File.writeAtAllBegin");
        begin("File.writeAtAllBegin", writeAtAll(offset, buf, count, type));
    }

    public Status writeAtAllEnd(Object buf) {
        return end("File.writeAtAllEnd", "File.writeAtAllBegin");
    }

    public void readAllBegin(Object buf, int count, Datatype type) {
        checkSplitFree("File.readAllBegin");
        begin("File.readAllBegin", readAll(buf, count, type));
    }

    public Status readAllEnd(Object buf) {
        return end("File.readAllEnd", "File.readAllBegin");
    }

    public void writeAllBegin(Object buf, int count, Datatype type) {
        checkSplitFree("File.writeAllBegin");
        begin("File.writeAllBegin", writeAll(buf, count, type));
    }

    public Status writeAllEnd(Object buf) {
        return end("File.writeAllEnd", "File.writeAllBegin");
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) {
        checkSplitFree("File.readOrderedBegin");
        begin("File.readOrderedBegin", readOrdered(buf, count, type));
    }

    public Status readOrderedEnd(Object buf) {
        return end("File.readOrderedEnd", "File.readOrderedBegin");
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) {
        checkSplitFree("File.writeOrderedBegin");
        begin("File.writeOrderedBegin", writeOrdered(buf, count, type));
    }

    public Status writeOrderedEnd(Object buf) {
        return end("File.writeOrderedEnd", "File.writeOrderedBegin");
    }

    private void checkSplitFree(String call) {
        checkOpen(call);
        if (pendingSplit != null) {
            throw raise(ErrorClass.OTHER, call + " ('" + filename + "'): split collective " + pendingSplitCall
                + " has not been ended (one split collective at a time per file)");
        }
    }

    private void begin(String call, Status status) {
        checkSplitFree(call);
        pendingSplit = status;
        pendingSplitCall = call;
    }

    private Status end(String call, String begin) {
        checkOpen(call);
        if (pendingSplit == null || !begin.equals(pendingSplitCall)) {
            throw raise(ErrorClass.OTHER, call + " ('" + filename + "'): no " + begin + " is pending"
                + (pendingSplitCall != null ? " (" + pendingSplitCall + " is)" : ""));
        }
        Status s = pendingSplit;
        pendingSplit = null;
        pendingSplitCall = null;
        return s;
    }

    // ================================================================ other calls

    /** Bytes one item of {@code type} spans in the file (its extent: the "native" representation). */
    public int getTypeExtent(Datatype type) {
        String call = "File.getTypeExtent";
        checkOpen(call);
        checkType(type, "datatype", call);
        return type.getExtent();
    }

    /**
     * Atomic mode (collective): each independent or collective access then holds a POSIX lock
     * over the bytes it touches, so concurrent conflicting accesses see all or none of each other.
     */
    public void setAtomicity(boolean atomicity) {
        String call = "File.setAtomicity";
        checkOpen(call);
        comm.barrier();
        this.atomic = atomicity;
    }

    public boolean getAtomicity() {
        checkOpen("File.getAtomicity");
        return atomic;
    }

    /** Writes this rank's data through to storage; collective, so others then see them (MPI_File_sync). */
    public void sync() {
        String call = "File.sync";
        checkOpen(call);
        int[] failure = {ErrorClass.SUCCESS};
        String message = null;
        if ((amode & MPI.MODE_RDONLY) == 0) {
            try {
                channel.force(true);
            } catch (IOException e) {
                failure[0] = errorClassOf(e);
                message = describe(e);
            }
        }
        int mine = failure[0];
        comm.allReduce(failure, 1, MPI.INT, MPI.MAX);
        if (failure[0] != ErrorClass.SUCCESS) {
            throw raise(failure[0], call + " ('" + filename + "'): " + (mine != ErrorClass.SUCCESS ? message
                : "failed on another rank"));
        }
    }

    public void setErrhandler(Errhandler errhandler) {
        checkOpen("File.setErrhandler");
        if (errhandler == null) {
            throw raise(ErrorClass.ARG, "File.setErrhandler ('" + filename + "'): errhandler is null");
        }
        this.errhandler = errhandler;
        comm.errhandler = errhandler; // the argument checks the file shares with communication raise through it
    }

    public Errhandler getErrhandler() {
        checkOpen("File.getErrhandler");
        return errhandler;
    }

    /** Raises {@code errorCode} through the file's handler (MPI_File_call_errhandler). */
    public void callErrhandler(int errorCode) {
        String call = "File.callErrhandler";
        checkOpen(call);
        throw raise(errorCode, call + " ('" + filename + "'): error " + errorCode + " (" + ErrorCodes.describe(errorCode)
            + ") raised by the program");
    }

    @Override
    public String toString() {
        return "File('" + filename + "')";
    }

    // ================================================================ moving data

    private static Request done(Status status) {
        return Request.completed(MPI.COMM_SELF, status);
    }

    private static Status status(long bytes) {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, (int) bytes, ErrorClass.SUCCESS, false, MPI.UNDEFINED);
    }

    /** Etypes in {@code count} items of {@code type}: ERR_TYPE when their data are not whole etypes. */
    private long etypesOf(int count, Datatype type, String call) {
        checkType(type, "datatype", call);
        if (count < 0) {
            throw raise(ErrorClass.COUNT, call + " ('" + filename + "'): count " + count + " is negative");
        }
        long bytes = (long) count * type.size;
        if (bytes % etypeSize != 0) {
            throw raise(ErrorClass.TYPE, call + " ('" + filename + "'): " + count + " of " + type + " hold " + bytes
                + " bytes, not a whole number of etypes (" + etype + ", " + etypeSize + " bytes)");
        }
        return bytes / etypeSize;
    }

    /**
     * The program's data as one dense run of bytes: the array itself when the type is
     * contiguous over a byte array, a direct ByteBuffer's memory likewise, otherwise a packed copy
     * (filled now for a write, unpacked by {@link #finish} for a read).
     */
    private final class Data {
        final Object buf;
        final Object base;
        final long offset;
        final int count;
        final Datatype type;
        final int bytes;
        /** The run is {@code array[arrayOffset, arrayOffset + bytes)}; null when it is {@link #direct}. */
        byte[] array;
        int arrayOffset;
        ByteBuffer direct;
        boolean staged;
        /** The run as collectives take it: a byte[] or the program's direct ByteBuffer, the run at byte {@link #exchangeStart}. */
        Object exchangeBuffer;
        int exchangeStart;

        Data(boolean write, String call, Object buf, int count, Datatype type) {
            this.buf = buf;
            this.count = count;
            this.type = type;
            etypesOf(count, type, call);
            this.offset = Buffers.offset(comm, call, buf, 0, count, type, !write);
            this.base = Buffers.base(buf);
            this.bytes = count * type.size;
            if (type.contiguous && base instanceof byte[]) {
                array = (byte[]) base;
                arrayOffset = (int) (offset - Addresses.BYTE_ARRAY_BASE);
                exchangeBuffer = array;
                exchangeStart = arrayOffset;
            } else if (type.contiguous && base == null && buf instanceof ByteBuffer) {
                ByteBuffer d = ((ByteBuffer) buf).duplicate();
                d.clear();
                int start = (int) (offset - Addresses.addressOf((Buffer) buf));
                d.limit(start + bytes).position(start);
                direct = d.slice();
                exchangeBuffer = buf;
                exchangeStart = start;
            } else {
                array = new byte[bytes];
                exchangeBuffer = array;
                staged = true;
                if (write && bytes > 0) {
                    type.layout.plan().pack(base, offset, count, array, Addresses.BYTE_ARRAY_BASE);
                }
            }
        }

        /** A ByteBuffer over bytes {@code [from, from + n)} of the run. */
        ByteBuffer slice(long from, long n) {
            if (array != null) {
                return ByteBuffer.wrap(array, arrayOffset + (int) from, (int) n);
            }
            ByteBuffer d = direct.duplicate();
            d.limit((int) (from + n)).position((int) from);
            return d;
        }

        /** After a read of {@code read} bytes: unpack a staged copy into the program's buffer. */
        void finish(long read) {
            if (staged && read > 0) {
                type.layout.plan().unpackBytes(array, Addresses.BYTE_ARRAY_BASE, read, base, offset);
            }
            Reference.reachabilityFence(buf);
        }
    }

    /** An independent read or write of {@code count} items at view offset {@code at} (etypes). */
    private Status independent(boolean write, String call, long at, Object buf, int count, Datatype type) {
        checkOpen(call);
        if (write) {
            checkWritable(call);
        } else {
            checkReadable(call);
        }
        if (at < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): offset " + at + " is negative");
        }
        Data data = new Data(write, call, buf, count, type);
        FilePieces pieces = new FilePieces();
        view.pieces(at * etypeSize, data.bytes, pieces);
        long moved;
        try {
            moved = transfer(write, data, 0, pieces);
        } catch (IOException e) {
            throw raise(e, call);
        }
        if (!write) {
            data.finish(moved);
        } else {
            Reference.reachabilityFence(buf);
        }
        return status(moved);
    }

    /**
     * Moves the run's bytes from {@code from} on to or from {@code pieces} in order; a read stops
     * at the end of the file. Under atomic mode the span of the pieces is locked for the call.
     */
    private long transfer(boolean write, Data data, long from, FilePieces pieces) throws IOException {
        if (pieces.count == 0) {
            return 0;
        }
        FileLock lock = atomic ? channel.lock(pieces.low(), pieces.high() - pieces.low(), !write) : null;
        try {
            long done = 0;
            for (int i = 0; i < pieces.count; i++) {
                long n = pieces.lengths[i];
                ByteBuffer b = data.slice(from + done, n);
                long got = write ? writeFully(b, pieces.offsets[i]) : readFully(b, pieces.offsets[i]);
                done += got;
                if (got < n) {
                    break; // end of file
                }
            }
            return done;
        } finally {
            if (lock != null) {
                lock.release();
            }
        }
    }

    private long writeFully(ByteBuffer b, long at) throws IOException {
        long done = 0;
        while (b.hasRemaining()) {
            done += channel.write(b, at + done);
        }
        return done;
    }

    /** Reads until {@code b} is full or the file ends; the bytes read. */
    private long readFully(ByteBuffer b, long at) throws IOException {
        long done = 0;
        while (b.hasRemaining()) {
            int n = channel.read(b, at + done);
            if (n < 0) {
                break;
            }
            done += n;
        }
        return done;
    }

    /**
     * A collective read or write at view offset {@code at} (etypes), two-phase: see
     * {@link TwoPhase}. Every rank of the file takes part, with any count (0 included).
     */
    private Status collective(boolean write, String call, long at, Object buf, int count, Datatype type) {
        checkOpen(call);
        if (write) {
            checkWritable(call);
        } else {
            checkReadable(call);
        }
        if (at < 0) {
            throw raise(ErrorClass.ARG, call + " ('" + filename + "'): offset " + at + " is negative");
        }
        int size = comm.getSize();
        if (size == 1) {
            return independent(write, call, at, buf, count, type);
        }
        Data data = new Data(write, call, buf, count, type);
        FilePieces pieces = new FilePieces();
        view.pieces(at * etypeSize, data.bytes, pieces);

        // 1. Every rank's range; the union is cut into one domain per aggregator.
        long[] ranges = new long[2 * size];
        long[] mine = {pieces.count == 0 ? Long.MAX_VALUE : pieces.low(), pieces.count == 0 ? Long.MIN_VALUE : pieces.high()};
        comm.allGather(mine, 2, MPI.LONG, ranges, 2, MPI.LONG);
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int r = 0; r < size; r++) {
            low = Math.min(low, ranges[2 * r]);
            high = Math.max(high, ranges[2 * r + 1]);
        }
        if (low >= high) {
            data.finish(0);
            return status(0);
        }
        int aggregators = aggregators(size);
        long[] bounds = TwoPhase.domains(low, high, aggregators);
        long chunk = bufferSize();
        int rounds = TwoPhase.rounds(bounds, chunk);
        long[] windowLow = new long[aggregators];
        long[] windowHigh = new long[aggregators];
        FilePieces[] byDomain = new FilePieces[aggregators];
        for (int a = 0; a < aggregators; a++) {
            byDomain[a] = new FilePieces(4);
        }
        long[] segmentStart = new long[aggregators];
        int[] segment = new int[aggregators];
        int[] sendPieces = new int[size];
        int[] sendBytes = new int[size];
        int[] sendDispl = new int[size];
        int[] recvPieces = new int[size];
        int[] metaCount = new int[size];
        int[] metaDispl = new int[size];
        int[] recvMetaCount = new int[size];
        int[] recvMetaDispl = new int[size];
        int[] recvBytes = new int[size];
        int[] recvDispl = new int[size];
        int[] failure = {ErrorClass.SUCCESS};
        String message = null;
        for (int round = 0; round < rounds; round++) {
            // 2. This round's window of each domain (at most the buffer size); my pieces in each
            //    window are one segment of my run.
            TwoPhase.windows(bounds, chunk, round, windowLow, windowHigh);
            TwoPhase.split(pieces, windowLow, windowHigh, byDomain, segmentStart, segment);
            Arrays.fill(sendPieces, 0);
            Arrays.fill(sendBytes, 0);
            Arrays.fill(sendDispl, 0);
            Arrays.fill(metaCount, 0);
            Arrays.fill(metaDispl, 0);
            int metaLength = 0;
            for (int a = 0; a < aggregators; a++) {
                int r = TwoPhase.aggregatorRank(a, aggregators, size);
                sendPieces[r] = byDomain[a].count;
                sendBytes[r] = segment[a];
                sendDispl[r] = data.exchangeStart + (int) segmentStart[a];
                metaDispl[r] = metaLength;
                metaCount[r] = 2 * byDomain[a].count;
                metaLength += 2 * byDomain[a].count;
            }
            comm.allToAll(sendPieces, 1, MPI.INT, recvPieces, 1, MPI.INT);

            // 3. The pieces travel to their aggregators.
            long[] meta = new long[metaLength];
            for (int a = 0, m = 0; a < aggregators; a++) {
                for (int i = 0; i < byDomain[a].count; i++) {
                    meta[m++] = byDomain[a].offsets[i];
                    meta[m++] = byDomain[a].lengths[i];
                }
            }
            int recvMeta = 0;
            for (int r = 0; r < size; r++) {
                recvMetaCount[r] = 2 * recvPieces[r];
                recvMetaDispl[r] = recvMeta;
                recvMeta += recvMetaCount[r];
            }
            long[] theirs = new long[recvMeta];
            comm.allToAllv(meta, metaCount, metaDispl, MPI.LONG, theirs, recvMetaCount, recvMetaDispl, MPI.LONG);
            long received = 0;
            for (int r = 0; r < size; r++) {
                long b = 0;
                for (int i = 0; i < recvPieces[r]; i++) {
                    b += theirs[recvMetaDispl[r] + 2 * i + 1];
                }
                recvBytes[r] = (int) b;
                recvDispl[r] = (int) received;
                received += b;
            }

            // 4. Each aggregator writes or reads its window; errors are agreed on at the end (the
            //    rounds go on, moving no more file data, so that every rank's exchanges match).
            if (write) {
                ByteBuffer incoming = exchange(received);
                comm.allToAllv(data.exchangeBuffer, sendBytes, sendDispl, MPI.BYTE, incoming, recvBytes, recvDispl, MPI.BYTE);
                if (received > 0 && failure[0] == ErrorClass.SUCCESS) {
                    try {
                        aggregate(true, theirs, incoming);
                    } catch (IOException | RuntimeException e) {
                        failure[0] = errorClassOf(e);
                        message = describe(e);
                    }
                }
            } else {
                ByteBuffer outgoing = exchange(received);
                if (received > 0 && failure[0] == ErrorClass.SUCCESS) {
                    try {
                        aggregate(false, theirs, outgoing);
                    } catch (IOException | RuntimeException e) {
                        failure[0] = errorClassOf(e);
                        message = describe(e);
                    }
                }
                comm.allToAllv(outgoing, recvBytes, recvDispl, MPI.BYTE, data.exchangeBuffer, sendBytes, sendDispl, MPI.BYTE);
            }
        }
        long moved = data.bytes;
        if (!write) {
            try {
                moved = readable(pieces, channel.size());
            } catch (IOException e) {
                moved = 0;
            }
        }
        int me = failure[0];
        comm.allReduce(failure, 1, MPI.INT, MPI.MAX);
        if (failure[0] != ErrorClass.SUCCESS) {
            throw raise(failure[0], call + " ('" + filename + "'): " + (me != ErrorClass.SUCCESS ? message
                : explain(failure[0]) + " on another rank's domain"));
        }
        if (write) {
            Reference.reachabilityFence(buf);
        } else {
            data.finish(moved);
        }
        return status(moved);
    }

    /** Bytes of file an aggregator moves per round: the hint {@code cb_buffer_size} if set, else {@link TwoPhase#BUFFER_SIZE}. */
    private long bufferSize() {
        String hint = info.get("cb_buffer_size");
        if (hint != null) {
            try {
                long n = Long.parseLong(hint.trim());
                if (n >= 4096) {
                    return Math.min(n, 1L << 30);
                }
            } catch (NumberFormatException ignored) {
                // a hint that is no number is ignored, as MPI allows
            }
        }
        return TwoPhase.BUFFER_SIZE;
    }

    /** Aggregators for a collective among {@code size} ranks: the hint {@code cb_nodes} if set, else every rank. */
    private int aggregators(int size) {
        String hint = info.get("cb_nodes");
        if (hint != null) {
            try {
                int n = Integer.parseInt(hint.trim());
                if (n > 0) {
                    return Math.min(n, size);
                }
            } catch (NumberFormatException ignored) {
                // a hint that is no number is ignored, as MPI allows
            }
        }
        return size;
    }

    /** Bytes of {@code pieces}, in order, that lie below {@code fileSize}: what a read of them gets. */
    static long readable(FilePieces pieces, long fileSize) {
        long n = 0;
        for (int i = 0; i < pieces.count; i++) {
            long o = pieces.offsets[i];
            long l = pieces.lengths[i];
            if (o + l <= fileSize) {
                n += l;
            } else {
                n += Math.max(0, fileSize - o);
                break;
            }
        }
        return n;
    }

    /**
     * The pieces {@code meta} ({@code offset, length} pairs, sources in rank order) sorted by
     * offset: their indices.
     */
    private static Integer[] byOffset(long[] meta) {
        Integer[] order = new Integer[meta.length / 2];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Long.compare(meta[2 * x], meta[2 * y]));
        return order;
    }

    /**
     * The aggregator's exchange buffer of at least {@code bytes}: direct memory, so that the
     * file calls move it with no copy, kept for the next collective call of this file.
     */
    private ByteBuffer exchange(long bytes) {
        ByteBuffer b = exchange;
        if (b == null || b.capacity() < bytes) {
            b = null;
            synchronized (File.class) {
                if (spareExchange != null && spareExchange.capacity() >= bytes) {
                    b = spareExchange;
                    spareExchange = null;
                }
            }
            if (b == null) {
                b = ByteBuffer.allocateDirect((int) Math.max(bytes, 1 << 16));
            }
            exchange = b;
        }
        b.clear();
        return b;
    }

    /**
     * Keeps a closed file's exchange buffer for the next file of the process: a program that
     * writes a new file every few steps (checkpoints) would otherwise allocate and fault in tens
     * of MiB of fresh memory at each one's first collective call (~0.1 s for 32 MiB on our VM).
     */
    private static void spare(ByteBuffer b) {
        if (b == null) {
            return;
        }
        synchronized (File.class) {
            if (spareExchange == null || spareExchange.capacity() < b.capacity()) {
                spareExchange = b;
            }
        }
    }

    /**
     * An aggregator's part of a collective: the received pieces ({@code meta}: offset and length
     * pairs, sources in rank order, their bytes back to back in {@code buffer} in the same order)
     * are sorted by offset and cut into runs of pieces that follow each other with no gap; each
     * run is one gathering write (or scattering read) straight between {@code buffer} and the
     * file: one system call for a whole domain when the ranks' views tile it. Pieces that overlap
     * (two ranks naming the same bytes) are moved one by one. A read past the end of the file
     * leaves zeros.
     */
    private void aggregate(boolean write, long[] meta, ByteBuffer buffer) throws IOException {
        int n = meta.length / 2;
        long[] srcOf = new long[n];
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int i = 0, src = 0; i < n; i++) {
            srcOf[i] = src;
            src += meta[2 * i + 1];
            low = Math.min(low, meta[2 * i]);
            high = Math.max(high, meta[2 * i] + meta[2 * i + 1]);
        }
        if (n == 0) {
            return;
        }
        FileLock lock = atomic ? channel.lock(low, high - low, !write) : null;
        try {
            Integer[] order = byOffset(meta);
            ByteBuffer[] run = new ByteBuffer[n];
            int inRun = 0;
            long runStart = 0;
            long runEnd = 0;
            for (Integer i : order) {
                long o = meta[2 * i];
                long l = meta[2 * i + 1];
                ByteBuffer slice = buffer.duplicate();
                slice.limit((int) (srcOf[i] + l)).position((int) srcOf[i]);
                if (inRun > 0 && o == runEnd) {
                    run[inRun++] = slice;
                    runEnd += l;
                    continue;
                }
                if (inRun > 0) {
                    moveRun(write, run, inRun, runStart, runEnd);
                    inRun = 0;
                }
                if (o < runEnd) { // overlaps what came before: on its own
                    moveRun(write, new ByteBuffer[] {slice}, 1, o, o + l);
                    continue;
                }
                run[inRun++] = slice;
                runStart = o;
                runEnd = o + l;
            }
            if (inRun > 0) {
                moveRun(write, run, inRun, runStart, runEnd);
            }
        } finally {
            if (lock != null) {
                lock.release();
            }
        }
    }

    /** One gathering write or scattering read of {@code buffers} at file bytes {@code [start, end)}. */
    private void moveRun(boolean write, ByteBuffer[] buffers, int count, long start, long end) throws IOException {
        channel.position(start);
        long want = end - start;
        long done = 0;
        int first = 0;
        while (done < want) {
            while (first < count && !buffers[first].hasRemaining()) {
                first++;
            }
            long k = write ? channel.write(buffers, first, count - first) : channel.read(buffers, first, count - first);
            if (k < 0) {
                break; // end of file: the rest stays zero
            }
            done += k;
        }
        if (!write) {
            for (int i = first; i < count; i++) {
                ByteBuffer b = buffers[i];
                while (b.hasRemaining()) {
                    b.put((byte) 0);
                }
            }
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing after a failure: the failure is what is reported
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the side file is only a counter; a leftover one is reset by the next open
        }
    }
}
