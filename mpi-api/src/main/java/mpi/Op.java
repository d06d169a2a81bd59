package mpi;

import java.nio.*;

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

    private Op(String name, int code, boolean commute, UserFunction function, User_function mpiJavaFunction) {
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
        throw Unsupported.notYet("Op.isCommutative");
    }

    public void free() {
        throw Unsupported.notYet("Op.free");
    }

    public boolean isNull() {
        throw Unsupported.notYet("Op.isNull");
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

    protected Op(int Type) {
        throw Unsupported.notYet("Op.Op");
    }

    protected boolean isUser() {
        throw Unsupported.notYet("Op.isUser");
    }

    public final void Call(Object invec, int inoffset, Object outvec, int outoffset, int count, Datatype datatype) {
        throw Unsupported.notYet("Op.Call");
    }
}
