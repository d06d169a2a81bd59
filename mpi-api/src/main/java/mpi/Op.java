package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * A reduction operation: one of the predefined ones ({@code MPI.SUM} ...), or a program's
 * function ({@link UserFunction} for the Open MPI bindings, {@link User_function} for mpiJava),
 * commutative or not. A non-commutative operation is applied in rank order. Which datatypes a
 * predefined operation accepts follows MPI-4.1 §6.9.2 (ERR_OP otherwise); MAXLOC/MINLOC take the
 * value-index pair types (INT2, SHORT_INT, LONG_INT, FLOAT_INT, DOUBLE_INT) and mpiJava's
 * same-type pairs (SHORT2, INT2, LONG2, FLOAT2, DOUBLE2 on arrays of that type, value then index).
 */
public final class Op implements Freeable {
    // Predefined operation codes (the collectives module's kernels are indexed the same way).
    static final int USER = 0;
    static final int MAX = 1;
    static final int MIN = 2;
    static final int SUM = 3;
    static final int PROD = 4;
    static final int LAND = 5;
    static final int BAND = 6;
    static final int LOR = 7;
    static final int BOR = 8;
    static final int LXOR = 9;
    static final int BXOR = 10;
    static final int MINLOC = 11;
    static final int MAXLOC = 12;
    static final int REPLACE = 13;
    static final int NO_OP = 14;

    /** MPJ Express: the operation's code (-1 for a user operation). */
    public int opCode = -1;
    /** mpiJava 1.2: the native handle (kept for source compatibility; unused). */
    protected long handle;

    final String name;
    final int code;
    final boolean commute;
    final UserFunction function;
    final User_function mpiJavaFunction;
    /** A freed user operation. */
    volatile boolean freed;

    private Op(String name, int code, boolean commute, UserFunction function, User_function mpiJavaFunction) {
        if (function == null && mpiJavaFunction == null) {
            // Constructing an Op needs no running MPI (the Open MPI bindings create it lazily),
            // so before Init the error cannot go through an error handler.
            String message = "Op: function is null";
            throw MPI.isInitialized() && !MPI.isFinalized() ? MPI.COMM_WORLD.raise(ErrorClass.ARG, message)
                : new MPIException(ErrorClass.ARG, message);
        }
        this.name = name;
        this.code = code;
        this.commute = commute;
        this.function = function;
        this.mpiJavaFunction = mpiJavaFunction;
    }

    /** A predefined operation. */
    Op(String name, int code) {
        this.name = name;
        this.code = code;
        this.opCode = code;
        this.commute = true;
        this.function = null;
        this.mpiJavaFunction = null;
    }

    public Op(UserFunction function, boolean commute) {
        this("user operation", USER, commute, function, null);
    }

    public boolean isCommutative() {
        return commute;
    }

    /**
     * Frees a user operation: it can no longer be used (ERR_OP) and {@link #isNull()} is true.
     * Collectives already started with it finish normally. The predefined operations cannot be
     * freed (ERR_OP).
     */
    public void free() {
        MPI.check("free");
        if (code != USER) {
            throw MPI.COMM_WORLD.raise(ErrorClass.OP, "free: " + name + " is predefined and cannot be freed");
        }
        freed = true;
    }

    public boolean isNull() {
        return freed;
    }

    @Override
    public String toString() {
        return name;
    }

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

    public Op(User_function function, boolean commute) {
        this("user operation", USER, commute, null, function);
    }

    public Op(User_function function, boolean commute, int opCode_) {
        this("user operation", USER, commute, null, function);
        this.opCode = opCode_;
    }

    /** mpiJava 1.2: the predefined operation of code {@code Type} (MPI.MAX's code is 1, ... NO_OP's 14). */
    protected Op(int Type) {
        this(predefinedName(Type), Type);
    }

    private static String predefinedName(int code) {
        String[] names = {"MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND", "MPI_BAND", "MPI_LOR", "MPI_BOR",
            "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP"};
        if (code < MAX || code > NO_OP) {
            throw new MPIException(ErrorClass.OP, "Op: " + code + " is not the code of a predefined operation (1 to "
                + NO_OP + ")");
        }
        return names[code - 1];
    }

    protected boolean isUser() {
        return code == USER;
    }

    /**
     * mpiJava 1.2: applies the operation to arrays, {@code outvec[outoffset + i] = invec[inoffset
     * + i] op outvec[outoffset + i]} for {@code count} elements (MPI_Reduce_local with offsets).
     */
    public final void Call(Object invec, int inoffset, Object outvec, int outoffset, int count, Datatype datatype) {
        CommCollectives.reduceLocal(MPI.COMM_SELF, "Call", invec, inoffset, outvec, outoffset, count, datatype, this);
    }
}
