package org.atollmpi.nic;

/**
 * Status codes of NIC operations on window descriptors, after the ATOLL/ULTRA NACK codes. A
 * failed check touches no memory; the engine maps each code to an MPI error class.
 */
public final class NicStatus {
    public static final int OK = 0;
    /** The window id names no registered window (never registered, or deregistered). */
    public static final int TWID = 1;
    /** The capability does not match the window's. */
    public static final int TWID_CAPA = 2;
    /** The offset lies outside the window. */
    public static final int TOFFSET = 3;
    /** The access runs past the end of the window (or the length is negative). */
    public static final int TLENGTH = 4;
    /** The window does not grant the right the operation needs (read, write or atomic). */
    public static final int TRIGHTS = 5;
    /** An atomic operation on an offset that is not 8-byte aligned. */
    public static final int TALIGN = 6;
    /** The target rank is not in the routing space. */
    public static final int TPEER = 7;
    /**
     * Not a NACK: the port cannot take another outstanding one-sided operation now. Nothing was
     * issued; poll (which frees room as completions are delivered) and issue again.
     */
    public static final int BUSY = 8;
    /**
     * Not a NACK: the operation completed inside the issuing call, with success, and no completion
     * will follow (the caller's thread played the NIC, as on the shm board). An atomic's old value
     * is {@link HostPort#fetchedValue()}.
     */
    public static final int DONE = 9;
    /**
     * The target's window descriptor is corrupt: its base or length lies outside the memory the
     * target may register (on the shm board, the target's heap partition). Nothing was touched;
     * the board that holds it cannot be trusted.
     */
    public static final int TDESC = 10;
    /**
     * The connection to the target was lost before it answered (TCP board): the operation may or
     * may not have been carried out there.
     */
    public static final int TLINK = 11;
    /**
     * The window lies in memory of the owner's process (not the board's) and the operating
     * system refused this rank the read (cross-memory attach: a seccomp filter, ptrace rules,
     * the owner gone). Nothing was copied; the layer above moves the data another way.
     */
    public static final int TREFUSED = 12;

    private NicStatus() {
    }

    public static String name(int status) {
        switch (status) {
            case OK: return "OK";
            case TWID: return "TWID";
            case TWID_CAPA: return "TWID_CAPA";
            case TOFFSET: return "TOFFSET";
            case TLENGTH: return "TLENGTH";
            case TRIGHTS: return "TRIGHTS";
            case TALIGN: return "TALIGN";
            case TPEER: return "TPEER";
            case BUSY: return "BUSY";
            case DONE: return "DONE";
            case TDESC: return "TDESC";
            case TLINK: return "TLINK";
            case TREFUSED: return "TREFUSED";
            default: return "status " + status;
        }
    }

    public static String describe(int status) {
        switch (status) {
            case OK: return "success";
            case TWID: return "no such window";
            case TWID_CAPA: return "window capability does not match";
            case TOFFSET: return "offset outside the window";
            case TLENGTH: return "access runs past the end of the window";
            case TRIGHTS: return "window does not grant this access";
            case TALIGN: return "atomic access is not 8-byte aligned";
            case TPEER: return "no such target rank";
            case BUSY: return "no room for another outstanding operation";
            case DONE: return "completed in the issuing call";
            case TDESC: return "the target's window descriptor is corrupt (base or length outside its memory)";
            case TLINK: return "the connection to the target was lost before it answered";
            case TREFUSED: return "the operating system refused to read the window in the target's process";
            default: return "unknown NIC status " + status;
        }
    }
}
