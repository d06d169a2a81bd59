package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * The outcome of a receive, probe or completed request. A plain value the program owns: the
 * engine's status is copied into it, never shared.
 *
 * <p>{@link #source}, {@link #tag} and {@link #index} are public fields as in mpiJava 1.2; the
 * Open MPI getters read the same fields.
 *
 * <p><b>Dialects.</b> Open MPI: {@code getSource}, {@code getTag}, {@code getCount},
 * {@code getElements}, {@code getError}, {@code getIndex}, {@code isCancelled}. mpiJava 1.2 /
 * MPJ Express: the public fields, {@code Get_count}, {@code Get_elements},
 * {@code Test_cancelled}.
 */
public final class Status implements Freeable {
    /** Rank of the sender in the communicator of the receive. */
    public int source;
    public int tag;
    /** Position of the completed request in the array given to a waitAny/testAny/... call. */
    public int index;

    /**
     * MPJ Express's public fields: bytes received (the one copy of that figure, read by every
     * getter), and the last count and element figure its getters computed.
     */
    public int countInBytes;
    public int count;
    public int numEls;
    /**
     * The error class (or code) of the operation, with {@link #CANCELLED} or'ed in. One field, not
     * an int and a boolean, keeps a Status at 48 bytes (compressed oops), so the blocking receive
     * that returns one stays within one small allocation where the JIT does not remove it.
     */
    private int error;
    private static final int CANCELLED = 1 << 30;
    /** The engine's description of a failed operation, for the exception raised from it. */
    String message;
    /** Objects received by an MPI.OBJECT receive ({@code getCount(MPI.OBJECT)}); -1 otherwise. */
    int objectCount = -1;

    /** mpiJava: an empty status (source ANY_SOURCE, tag ANY_TAG, no data). */
    public Status() {
        this(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, ErrorClass.SUCCESS, false, MPI.UNDEFINED);
    }

    Status(int source, int tag, int bytes, int error, boolean cancelled, int index) {
        this.source = source;
        this.tag = tag;
        this.countInBytes = bytes;
        this.error = cancelled ? error | CANCELLED : error;
        this.index = index;
    }

    /** Bytes the status reports (the data received). */
    int byteCount() {
        return countInBytes;
    }

    /** Marks the operation this status describes as failed (after the engine completed it). */
    void fail(int errorClass, String message) {
        this.error = errorClass | (error & CANCELLED);
        this.message = message;
    }

    /** What a receive from, or a probe of, {@code MPI.PROC_NULL} reports. */
    static Status procNull(int index) {
        return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0, ErrorClass.SUCCESS, false, index);
    }

    /** What waiting on a null or inactive request reports. */
    static Status empty(int index) {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, ErrorClass.SUCCESS, false, index);
    }

    /**
     * Items of {@code datatype} received, or {@link MPI#UNDEFINED} when the bytes received are
     * not a whole number of them. For {@code MPI.OBJECT}, the objects a receive stored
     * (UNDEFINED on a probe's status: the count is inside the serialized bytes).
     */
    public int getCount(Datatype datatype) {
        int size = checkType(datatype, "getCount");
        int n;
        if (datatype.isObject()) {
            n = objectCount < 0 ? (countInBytes == 0 ? 0 : MPI.UNDEFINED)
                : size == 0 ? (objectCount == 0 ? 0 : MPI.UNDEFINED)
                : objectCount % size == 0 ? objectCount / size : MPI.UNDEFINED; // items of a type derived from OBJECT
        } else if (size == 0) {
            n = countInBytes == 0 ? 0 : MPI.UNDEFINED;
        } else {
            n = countInBytes % size == 0 ? countInBytes / size : MPI.UNDEFINED;
        }
        count = n; // MPJ Express's public field: the last count a getter computed
        return n;
    }

    /**
     * Basic elements received (MPI_Get_elements), or {@link MPI#UNDEFINED} when the bytes received
     * are not a whole number of them; for the predefined types the same as {@link #getCount}.
     */
    public int getElements(Datatype datatype) {
        long n = elements(datatype, "getElements");
        return n < 0 || n > Integer.MAX_VALUE ? MPI.UNDEFINED : (int) n;
    }

    /** As {@link #getElements}, as a 64-bit {@link Count} (MPI_Get_elements_x). */
    public Count getElementsX(Datatype datatype) {
        long n = elements(datatype, "getElementsX");
        return new Count(n < 0 ? MPI.UNDEFINED : n);
    }

    private long elements(Datatype datatype, String call) {
        checkType(datatype, call);
        if (datatype.isObject()) {
            return datatype == Datatype.OBJECT_TYPE || objectCount < 0 ? getCount(datatype) : objectCount;
        }
        long n = datatype.elementsIn(countInBytes);
        numEls = n < 0 || n > Integer.MAX_VALUE ? MPI.UNDEFINED : (int) n;
        return n;
    }

    /**
     * Sets the amount of data the status reports to {@code count} basic elements of
     * {@code datatype} (MPI_Status_set_elements): getCount and getElements then answer from it.
     */
    public void setElements(Datatype datatype, int count) {
        setElements(datatype, count, "setElements");
    }

    /** As {@link #setElements}, with a 64-bit {@link Count} (MPI_Status_set_elements_x). */
    public void setElementsX(Datatype datatype, Count count) {
        if (count == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "setElementsX: count is null");
        }
        setElements(datatype, count.getCount(), "setElementsX");
    }

    private void setElements(Datatype datatype, long count, String call) {
        checkType(datatype, call);
        if (count < 0) {
            throw MPI.COMM_WORLD.raise(ErrorClass.COUNT, call + ": count " + count + " is negative");
        }
        if (datatype.isObject()) {
            objectCount = (int) Math.min(count, Integer.MAX_VALUE);
            return;
        }
        long total = datatype.bytesOfElements(count);
        if (total > Integer.MAX_VALUE || total < 0) {
            throw MPI.COMM_WORLD.raise(ErrorClass.COUNT,
                call + ": count " + count + " of " + datatype + " is more than 2^31-1 bytes");
        }
        countInBytes = (int) total;
    }

    public boolean isCancelled() {
        return (error & CANCELLED) != 0;
    }

    public void setCancelled(boolean flag) {
        error = flag ? error | CANCELLED : error & ~CANCELLED;
    }

    public int getSource() {
        return source;
    }

    public int getTag() {
        return tag;
    }

    /** {@link MPI#SUCCESS} or the error class of the operation this status describes. */
    public int getError() {
        return error & ~CANCELLED;
    }

    public int getIndex() {
        return index;
    }

    // ---- mpiJava 1.2 / MPJ Express names ----

    public int Get_count(Datatype datatype) {
        return getCount(datatype);
    }

    public int Get_elements(Datatype datatype) {
        return getElements(datatype);
    }

    public boolean Test_cancelled() {
        return isCancelled();
    }

    /** A status holds nothing beyond its fields; freeing it releases nothing. */
    @Override
    public void free() {
    }

    private static int checkType(Datatype datatype, String call) {
        if (datatype == null || datatype.isNull()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.TYPE, call + ": datatype is "
                + (datatype == null ? "null" : datatype == MPI.DATATYPE_NULL ? datatype : "a freed datatype"));
        }
        return datatype.size;
    }

    @Override
    public String toString() {
        return "Status{source=" + source + ", tag=" + tag + ", bytes=" + countInBytes
            + (getError() != ErrorClass.SUCCESS ? ", error=" + ErrorClass.name(getError()) : "")
            + (isCancelled() ? ", cancelled" : "") + (index != MPI.UNDEFINED ? ", index=" + index : "") + '}';
    }

    // ================================================================ mpiJava 1.2

    /**
     * mpiJava 1.2 / MPJ Express declare a public {@code finalize}; programs that call it compile.
     * It does nothing: the body is empty on purpose, because a class with a non-empty finalizer
     * has every instance registered with the finalizer thread, which costs an allocation per
     * object and defeats escape analysis on the hot path.
     */
    @Override
    @Deprecated
    @SuppressWarnings({"deprecation", "removal", "checkstyle:NoFinalizer"})
    public void finalize() {
    }
}
