package mpi;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.ErrorClass;

/**
 * Error codes, classes and strings (MPI-3.1 §8.4, §8.5): the predefined classes (each its own
 * code, {@code 0..MPI.ERR_LASTCODE} and {@code MPI.ERR_SYSRESOURCE}) and those the program adds
 * with {@link MPI#addErrorClass}, {@link MPI#addErrorCode} and {@link MPI#addErrorString}.
 *
 * <p>User classes and codes share one number space above {@code ERR_LASTCODE}, given out in
 * order ({@code ERR_LASTCODE + 1}, {@code + 2}, ...) as Open MPI does; the attribute
 * {@code LASTUSEDCODE} is the highest given out. Every error this library raises goes through
 * {@link #classOf}, so an exception raised with a user code carries that code and its class.
 */
final class ErrorCodes {
    /** Class of each user code, indexed by {@code code - FIRST_USER}; a user class is its own class. */
    private static final List<Integer> USER_CLASS = new ArrayList<>();
    private static final List<String> USER_STRING = new ArrayList<>();
    static final int FIRST_USER = ErrorClass.LASTCODE + 1;

    private ErrorCodes() {
    }

    /** Whether {@code code} is a predefined error code (= class) or one the program added. */
    static synchronized boolean isValid(int code) {
        return isPredefined(code) || (code >= FIRST_USER && code - FIRST_USER < USER_CLASS.size());
    }

    static boolean isPredefined(int code) {
        return (code >= ErrorClass.SUCCESS && code <= ErrorClass.LASTCODE) || code == ErrorClass.SYSRESOURCE;
    }

    /** Whether {@code code} is an error class (predefined, or added by {@link #addClass}). */
    static synchronized boolean isClass(int code) {
        return isPredefined(code) || (isValid(code) && USER_CLASS.get(code - FIRST_USER) == code);
    }

    /**
     * The class of {@code code}: itself for a predefined class (and, never failing, for a number
     * that is no known code: exceptions made from it keep it as both).
     */
    static synchronized int classOf(int code) {
        if (code >= FIRST_USER && code - FIRST_USER < USER_CLASS.size()) {
            return USER_CLASS.get(code - FIRST_USER);
        }
        return code;
    }

    static synchronized int addClass() {
        int code = FIRST_USER + USER_CLASS.size();
        USER_CLASS.add(code);
        USER_STRING.add("");
        return code;
    }

    /** A new code of {@code errorClass}, which must be a class ({@link #isClass}). */
    static synchronized int addCode(int errorClass) {
        int code = FIRST_USER + USER_CLASS.size();
        USER_CLASS.add(errorClass);
        USER_STRING.add("");
        return code;
    }

    /** Sets the string of a user code or class, which must be valid and above ERR_LASTCODE. */
    static synchronized void setString(int code, String text) {
        USER_STRING.set(code - FIRST_USER, text);
    }

    /** The highest code or class in use ({@code LASTUSEDCODE}). */
    static synchronized int lastUsed() {
        return FIRST_USER + USER_CLASS.size() - 1;
    }

    /**
     * The error string of a valid code, as MPI_Error_string: {@code "MPI_ERR_NAME: description"}
     * for a predefined class, the string the program set for its own (empty until set).
     */
    static synchronized String string(int code) {
        if (code >= FIRST_USER) {
            return USER_STRING.get(code - FIRST_USER);
        }
        String description = description(code);
        return description == null ? "MPI error class " + code + " (reserved, no error uses it)"
            : name(code) + ": " + description;
    }

    /** The short name of a code for messages: {@code MPI_ERR_...}, or "user error code N (its string)". */
    static String name(int code) {
        if (isPredefined(code)) {
            String n = ErrorClass.name(code);
            return n.startsWith("MPI_") ? n : PREDEFINED_NAMES.getOrDefault(code, n);
        }
        if (isValid(code)) {
            String s = string(code);
            int cls = classOf(code);
            return "user error " + (cls == code ? "class " : "code ") + code + (s.isEmpty() ? "" : " (" + s + ")");
        }
        return "error code " + code;
    }

    /**
     * {@code code} for a message: the name of a predefined class; for a code the program added, its
     * kind, its class and its string; else "not an error code".
     */
    static synchronized String describe(int code) {
        if (isPredefined(code)) {
            return name(code);
        }
        if (!isValid(code)) {
            return "not an error code";
        }
        int cls = classOf(code);
        String s = string(code);
        return (cls == code ? "user error class" : "user error code of class " + cls) + (s.isEmpty() ? "" : ": " + s);
    }

    /** Names ErrorClass.name does not spell out. */
    private static final java.util.Map<Integer, String> PREDEFINED_NAMES = java.util.Map.ofEntries(
        java.util.Map.entry(ErrorClass.ACCESS, "MPI_ERR_ACCESS"),
        java.util.Map.entry(ErrorClass.AMODE, "MPI_ERR_AMODE"),
        java.util.Map.entry(ErrorClass.ASSERT, "MPI_ERR_ASSERT"),
        java.util.Map.entry(ErrorClass.BAD_FILE, "MPI_ERR_BAD_FILE"),
        java.util.Map.entry(ErrorClass.BASE, "MPI_ERR_BASE"),
        java.util.Map.entry(ErrorClass.CONVERSION, "MPI_ERR_CONVERSION"),
        java.util.Map.entry(ErrorClass.DISP, "MPI_ERR_DISP"),
        java.util.Map.entry(ErrorClass.DUP_DATAREP, "MPI_ERR_DUP_DATAREP"),
        java.util.Map.entry(ErrorClass.FILE_EXISTS, "MPI_ERR_FILE_EXISTS"),
        java.util.Map.entry(ErrorClass.FILE_IN_USE, "MPI_ERR_FILE_IN_USE"),
        java.util.Map.entry(ErrorClass.FILE, "MPI_ERR_FILE"),
        java.util.Map.entry(ErrorClass.INFO_KEY, "MPI_ERR_INFO_KEY"),
        java.util.Map.entry(ErrorClass.INFO_NOKEY, "MPI_ERR_INFO_NOKEY"),
        java.util.Map.entry(ErrorClass.INFO_VALUE, "MPI_ERR_INFO_VALUE"),
        java.util.Map.entry(ErrorClass.INFO, "MPI_ERR_INFO"),
        java.util.Map.entry(ErrorClass.IO, "MPI_ERR_IO"),
        java.util.Map.entry(ErrorClass.LOCKTYPE, "MPI_ERR_LOCKTYPE"),
        java.util.Map.entry(ErrorClass.NAME, "MPI_ERR_NAME"),
        java.util.Map.entry(ErrorClass.NO_SPACE, "MPI_ERR_NO_SPACE"),
        java.util.Map.entry(ErrorClass.NO_SUCH_FILE, "MPI_ERR_NO_SUCH_FILE"),
        java.util.Map.entry(ErrorClass.PORT, "MPI_ERR_PORT"),
        java.util.Map.entry(ErrorClass.QUOTA, "MPI_ERR_QUOTA"),
        java.util.Map.entry(ErrorClass.READ_ONLY, "MPI_ERR_READ_ONLY"),
        java.util.Map.entry(ErrorClass.SERVICE, "MPI_ERR_SERVICE"),
        java.util.Map.entry(ErrorClass.SIZE, "MPI_ERR_SIZE"),
        java.util.Map.entry(ErrorClass.SPAWN, "MPI_ERR_SPAWN"),
        java.util.Map.entry(ErrorClass.UNSUPPORTED_DATAREP, "MPI_ERR_UNSUPPORTED_DATAREP"),
        java.util.Map.entry(ErrorClass.RMA_ATTACH, "MPI_ERR_RMA_ATTACH"),
        java.util.Map.entry(ErrorClass.RMA_FLAVOR, "MPI_ERR_RMA_FLAVOR"),
        java.util.Map.entry(ErrorClass.RMA_SHARED, "MPI_ERR_RMA_SHARED"),
        java.util.Map.entry(ErrorClass.LASTCODE, "MPI_ERR_LASTCODE"));

    /** Open MPI's wording of each predefined class (ompi/errhandler/errcode.c), or null for an unused number. */
    private static String description(int code) {
        switch (code) {
            case ErrorClass.SUCCESS: return "no errors";
            case ErrorClass.BUFFER: return "invalid buffer pointer";
            case ErrorClass.COUNT: return "invalid count argument";
            case ErrorClass.TYPE: return "invalid datatype";
            case ErrorClass.TAG: return "invalid tag";
            case ErrorClass.COMM: return "invalid communicator";
            case ErrorClass.RANK: return "invalid rank";
            case ErrorClass.REQUEST: return "invalid request";
            case ErrorClass.ROOT: return "invalid root";
            case ErrorClass.GROUP: return "invalid group";
            case ErrorClass.OP: return "invalid reduce operation";
            case ErrorClass.TOPOLOGY: return "invalid communicator topology";
            case ErrorClass.DIMS: return "invalid topology dimension";
            case ErrorClass.ARG: return "invalid argument of some other kind";
            case ErrorClass.UNKNOWN: return "unknown error";
            case ErrorClass.TRUNCATE: return "message truncated";
            case ErrorClass.OTHER: return "known error not in list";
            case ErrorClass.INTERN: return "internal error";
            case ErrorClass.IN_STATUS: return "error code is in status";
            case ErrorClass.PENDING: return "pending request";
            case ErrorClass.ACCESS: return "invalid access mode";
            case ErrorClass.AMODE: return "invalid amode argument";
            case ErrorClass.ASSERT: return "invalid assert argument";
            case ErrorClass.BAD_FILE: return "bad file";
            case ErrorClass.BASE: return "invalid base";
            case ErrorClass.CONVERSION: return "error in data conversion";
            case ErrorClass.DISP: return "invalid displacement";
            case ErrorClass.DUP_DATAREP: return "error duplicating data representation";
            case ErrorClass.FILE_EXISTS: return "file exists already";
            case ErrorClass.FILE_IN_USE: return "file already in use";
            case ErrorClass.FILE: return "invalid file";
            case ErrorClass.INFO_KEY: return "invalid key argument for info object";
            case ErrorClass.INFO_NOKEY: return "unknown key for given info object";
            case ErrorClass.INFO_VALUE: return "invalid value argument for info object";
            case ErrorClass.INFO: return "invalid info object";
            case ErrorClass.IO: return "input/output error";
            case ErrorClass.KEYVAL: return "invalid key value";
            case ErrorClass.LOCKTYPE: return "invalid lock";
            case ErrorClass.NAME: return "invalid name argument";
            case ErrorClass.NO_MEM: return "out of memory";
            case ErrorClass.NOT_SAME: return "objects are not identical";
            case ErrorClass.NO_SPACE: return "no space left on device";
            case ErrorClass.NO_SUCH_FILE: return "no such file or directory";
            case ErrorClass.PORT: return "invalid port";
            case ErrorClass.QUOTA: return "out of quota";
            case ErrorClass.READ_ONLY: return "file is read only";
            case ErrorClass.RMA_CONFLICT: return "rma conflict during operation";
            case ErrorClass.RMA_SYNC: return "error executing rma sync";
            case ErrorClass.SERVICE: return "unknown service name";
            case ErrorClass.SIZE: return "invalid size";
            case ErrorClass.SPAWN: return "could not spawn processes";
            case ErrorClass.UNSUPPORTED_DATAREP: return "requested data representation not supported";
            case ErrorClass.UNSUPPORTED_OPERATION: return "operation not supported";
            case ErrorClass.WIN: return "invalid window";
            case ErrorClass.RMA_RANGE: return "invalid RMA address range";
            case ErrorClass.RMA_ATTACH: return "could not attach RMA segment";
            case ErrorClass.RMA_FLAVOR: return "invalid type of window";
            case ErrorClass.RMA_SHARED: return "memory cannot be shared";
            case ErrorClass.PROC_ABORTED: return "process has aborted";
            case ErrorClass.LASTCODE: return "last error code";
            case ErrorClass.SYSRESOURCE: return "out of resources";
            default: return null;
        }
    }
}
