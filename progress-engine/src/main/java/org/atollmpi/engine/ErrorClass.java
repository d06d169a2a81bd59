package org.atollmpi.engine;

/**
 * MPI error classes, numbered as Open MPI numbers them (so a program that prints a code sees the
 * familiar value). {@code mpi.MPI.ERR_*} are these constants.
 */
public final class ErrorClass {
    public static final int SUCCESS = 0;
    public static final int BUFFER = 1;
    public static final int COUNT = 2;
    public static final int TYPE = 3;
    public static final int TAG = 4;
    public static final int COMM = 5;
    public static final int RANK = 6;
    public static final int REQUEST = 7;
    public static final int ROOT = 8;
    public static final int GROUP = 9;
    public static final int OP = 10;
    public static final int TOPOLOGY = 11;
    public static final int DIMS = 12;
    public static final int ARG = 13;
    public static final int UNKNOWN = 14;
    public static final int TRUNCATE = 15;
    public static final int OTHER = 16;
    public static final int INTERN = 17;
    public static final int IN_STATUS = 18;
    public static final int PENDING = 19;
    public static final int ACCESS = 20;
    public static final int AMODE = 21;
    public static final int ASSERT = 22;
    public static final int BAD_FILE = 23;
    public static final int BASE = 24;
    public static final int CONVERSION = 25;
    public static final int DISP = 26;
    public static final int DUP_DATAREP = 27;
    public static final int FILE_EXISTS = 28;
    public static final int FILE_IN_USE = 29;
    public static final int FILE = 30;
    public static final int INFO_KEY = 31;
    public static final int INFO_NOKEY = 32;
    public static final int INFO_VALUE = 33;
    public static final int INFO = 34;
    public static final int IO = 35;
    public static final int KEYVAL = 36;
    public static final int LOCKTYPE = 37;
    public static final int NAME = 38;
    public static final int NO_MEM = 39;
    public static final int NOT_SAME = 40;
    public static final int NO_SPACE = 41;
    public static final int NO_SUCH_FILE = 42;
    public static final int PORT = 43;
    public static final int QUOTA = 44;
    public static final int READ_ONLY = 45;
    public static final int RMA_CONFLICT = 46;
    public static final int RMA_SYNC = 47;
    public static final int SERVICE = 48;
    public static final int SIZE = 49;
    public static final int SPAWN = 50;
    public static final int UNSUPPORTED_DATAREP = 51;
    public static final int UNSUPPORTED_OPERATION = 52;
    public static final int WIN = 53;
    public static final int RMA_RANGE = 55;
    public static final int RMA_ATTACH = 56;
    public static final int RMA_FLAVOR = 57;
    public static final int RMA_SHARED = 58;
    public static final int PROC_ABORTED = 74;
    public static final int LASTCODE = 92;
    public static final int SYSRESOURCE = -2;

    private ErrorClass() {
    }

    /** The MPI name of an error class, as MPI_Error_string would start it. */
    public static String name(int errorClass) {
        switch (errorClass) {
            case SUCCESS: return "MPI_SUCCESS";
            case BUFFER: return "MPI_ERR_BUFFER";
            case COUNT: return "MPI_ERR_COUNT";
            case TYPE: return "MPI_ERR_TYPE";
            case TAG: return "MPI_ERR_TAG";
            case COMM: return "MPI_ERR_COMM";
            case RANK: return "MPI_ERR_RANK";
            case REQUEST: return "MPI_ERR_REQUEST";
            case ROOT: return "MPI_ERR_ROOT";
            case GROUP: return "MPI_ERR_GROUP";
            case OP: return "MPI_ERR_OP";
            case TOPOLOGY: return "MPI_ERR_TOPOLOGY";
            case DIMS: return "MPI_ERR_DIMS";
            case ARG: return "MPI_ERR_ARG";
            case UNKNOWN: return "MPI_ERR_UNKNOWN";
            case TRUNCATE: return "MPI_ERR_TRUNCATE";
            case OTHER: return "MPI_ERR_OTHER";
            case INTERN: return "MPI_ERR_INTERN";
            case IN_STATUS: return "MPI_ERR_IN_STATUS";
            case PENDING: return "MPI_ERR_PENDING";
            case KEYVAL: return "MPI_ERR_KEYVAL";
            case NO_MEM: return "MPI_ERR_NO_MEM";
            case NOT_SAME: return "MPI_ERR_NOT_SAME";
            case RMA_CONFLICT: return "MPI_ERR_RMA_CONFLICT";
            case RMA_SYNC: return "MPI_ERR_RMA_SYNC";
            case UNSUPPORTED_OPERATION: return "MPI_ERR_UNSUPPORTED_OPERATION";
            case WIN: return "MPI_ERR_WIN";
            case RMA_RANGE: return "MPI_ERR_RMA_RANGE";
            case PROC_ABORTED: return "MPI_ERR_PROC_ABORTED";
            case SYSRESOURCE: return "MPI_ERR_SYSRESOURCE";
            default: return "MPI error class " + errorClass;
        }
    }
}
