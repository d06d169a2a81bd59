package mpi;

import java.util.Arrays;

import org.atollmpi.engine.ErrorClass;

/**
 * What happens when an MPI call on a communicator fails. Every error this library detects goes
 * through {@link #apply}: one place decides between ending the job and handing the exception to
 * the caller.
 */
public final class Errhandler {
    /** mpiJava: the kind of {@code new Errhandler(Errhandler.FATAL)}. */
    public static final int FATAL = 1;
    /** mpiJava: the kind of {@code new Errhandler(Errhandler.RETURN)}. */
    public static final int RETURN = 0;

    static final Errhandler FATAL_HANDLER = new Errhandler(FATAL, "MPI_ERRORS_ARE_FATAL");
    static final Errhandler ABORT_HANDLER = new Errhandler(FATAL, "MPI_ERRORS_ABORT");
    static final Errhandler RETURN_HANDLER = new Errhandler(RETURN, "MPI_ERRORS_RETURN");

    /** The packages of atoll-mpi's classes that run a program's MPI calls. */
    private static final String[] LIBRARY_PACKAGES = {
        "mpi.", "org.atollmpi.engine.", "org.atollmpi.coll.", "org.atollmpi.rma.", "org.atollmpi.runtime.",
        "org.atollmpi.nic."};

    /** How many user handlers have been created (their names tell them apart). */
    private static final java.util.concurrent.atomic.AtomicInteger USER_HANDLERS =
        new java.util.concurrent.atomic.AtomicInteger();

    private final boolean fatal;
    private final String name;
    /** The program's function of a user handler ({@link Comm#createErrhandler}); null for the predefined ones. */
    private final CommErrhandlerFunction function;

    /** mpiJava: {@link #FATAL} or {@link #RETURN}. */
    public Errhandler(int type) {
        this(checkType(type), type == FATAL ? "MPI_ERRORS_ARE_FATAL" : "MPI_ERRORS_RETURN");
    }

    private Errhandler(int type, String name) {
        this.fatal = type == FATAL;
        this.name = name;
        this.function = null;
    }

    private Errhandler(CommErrhandlerFunction function) {
        this.fatal = false;
        this.name = "user errhandler #" + USER_HANDLERS.incrementAndGet();
        this.function = function;
    }

    /** A handler that calls {@code function} and then returns the error (see {@link CommErrhandlerFunction}). */
    static Errhandler user(CommErrhandlerFunction function) {
        return new Errhandler(function);
    }

    private static int checkType(int type) {
        if (type != FATAL && type != RETURN) {
            throw new MPIException(ErrorClass.ARG,
                "Errhandler: type " + type + " is neither Errhandler.FATAL (1) nor Errhandler.RETURN (0)");
        }
        return type;
    }

    /**
     * Applies this handler to an error raised on {@code comm}. Under a fatal handler this prints
     * the error once, naming the rank and the error class, with the stack of the program's call
     * below it, and ends the whole job: {@code mpirun} exits with the error class. Under
     * {@code ERRORS_RETURN}, and when there is no running job to end (before {@code Init}, after
     * {@code Finalize}), it returns the exception for the caller to throw; uncaught, that ends
     * this process. A user handler calls its function with the communicator and the error code,
     * then returns the exception.
     */
    MPIException apply(Comm comm, MPIException error) {
        if (function != null) {
            function.handle(comm, error.getErrorCode());
            return error;
        }
        if (fatal && MPI.canAbort()) {
            int errorClass = error.getErrorClass();
            int status = errorClass == ErrorClass.SUCCESS ? 1 : errorClass;
            StringBuilder report = new StringBuilder("atoll-mpi: rank ").append(MPI.worldRankOrUnknown())
                .append(": fatal error ").append(ErrorCodes.name(error.getErrorCode())).append(" in ")
                .append(error.getMessage()).append("; the job ends with status ").append(status)
                .append(status == errorClass ? " (the error class)" : "").append('\n');
            for (StackTraceElement frame : programCall(error.getStackTrace())) {
                report.append("\tat ").append(frame).append('\n');
            }
            System.err.print(report);
            System.err.flush();
            MPI.endJobOnFatalError(status, ErrorCodes.name(errorClass));
        }
        return error;
    }

    /**
     * The frames from the MPI call the program made down to {@code main}: the library's own
     * frames above that call only say how the error was found. All of them when no frame is the
     * program's (an error found on one of the library's threads).
     */
    static StackTraceElement[] programCall(StackTraceElement[] stack) {
        for (int i = 0; i < stack.length; i++) {
            if (!isLibrary(stack[i].getClassName())) {
                return Arrays.copyOfRange(stack, Math.max(0, i - 1), stack.length);
            }
        }
        return stack;
    }

    private static boolean isLibrary(String className) {
        for (String prefix : LIBRARY_PACKAGES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Errhandler && ((Errhandler) other).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * mpiJava 1.2: an error handler from its native handle. There are no native handles here; the
     * predefined handlers' handles are their kinds, so {@code new Errhandler((long) Errhandler.FATAL)}
     * is ERRORS_ARE_FATAL and {@code RETURN} is ERRORS_RETURN; anything else is ERR_ARG.
     */
    public Errhandler(long _handle) {
        this(checkHandle(_handle));
    }

    private static int checkHandle(long handle) {
        if (handle != FATAL && handle != RETURN) {
            throw new MPIException(ErrorClass.ARG, "Errhandler: handle " + handle
                + " is not a handler of this library (only Errhandler.FATAL (1) and Errhandler.RETURN (0) have handles)");
        }
        return (int) handle;
    }
}
