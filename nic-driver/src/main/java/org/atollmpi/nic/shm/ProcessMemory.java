package org.atollmpi.nic.shm;

import org.atollmpi.nic.Memory;

/**
 * Cross-memory attach: how a rank reads a window that lies in another process's memory rather
 * than the board's ({@link WindowDescriptor} kind 1, a direct buffer of the owner's): Linux's
 * {@code process_vm_readv}, through the board's JNI library, so the kernel copies the bytes once,
 * straight from the owner's buffer into the reader's, as ATOLL's and ULTRA's DMA engines read
 * user memory without a staging copy.
 *
 * <p>Chosen once per process, when first asked: on when the JNI library is loaded, the kernel lets
 * this process read itself (container seccomp profiles often refuse the call: {@code ENOSYS} or
 * {@code EPERM}), and Yama's ptrace scope is below 2; under scope 1 each rank lets the processes of
 * its user read it ({@code PR_SET_PTRACER}, as Open MPI's CMA transport does). Off with
 * {@code atoll.shm.cma} / {@code ATOLL_SHM_CMA} {@code =off}. {@link #describe()} says which, for
 * {@code ATOLL_STATS}. A read the kernel refuses later anyway answers
 * {@link org.atollmpi.nic.NicStatus#TREFUSED}, and the engine moves that message through the board.
 */
final class ProcessMemory {
    static final String PROPERTY = "atoll.shm.cma";
    static final String ENVIRONMENT = "ATOLL_SHM_CMA";
    private static final String YAMA_SCOPE = "/proc/sys/kernel/yama/ptrace_scope";

    /** Null when reads work; else why not. */
    private static final String UNAVAILABLE = probe();

    private ProcessMemory() {
    }

    static boolean usable() {
        return UNAVAILABLE == null;
    }

    /** How ranks read a peer's process memory here, in words. */
    static String describe() {
        return UNAVAILABLE == null ? "cross-memory attach" : "off (" + UNAVAILABLE + ")";
    }

    /**
     * Copies {@code length} bytes at {@code remote} in process {@code pid} to
     * {@code (dstBase, dstOffset)} ({@link Memory} addressing: a primitive array, or null and an
     * address).
     *
     * @return 0, or the kernel's negative errno
     */
    static int read(long pid, long remote, Object dstBase, long dstOffset, int length) {
        long offset = dstBase == null ? dstOffset : dstOffset - Memory.arrayBaseOffset(dstBase);
        return read0((int) pid, remote, dstBase, offset, length);
    }

    private static String probe() {
        String setting = System.getProperty(PROPERTY, System.getenv(ENVIRONMENT));
        if (setting != null && (setting.equalsIgnoreCase("off") || setting.equals("0")
            || setting.equalsIgnoreCase("false"))) {
            return PROPERTY + " / " + ENVIRONMENT + " is " + setting;
        }
        if (!NativeBoard.available()) {
            return "the JNI library is not loaded: " + NativeBoard.failure();
        }
        int scope = yamaScope();
        if (scope >= 2) {
            return "Yama's ptrace scope is " + scope + " (" + YAMA_SCOPE + ")";
        }
        try {
            if (scope == 1) {
                allowReaders0();
            }
            long probe = Memory.allocate(Long.BYTES);
            long copy = Memory.allocate(Long.BYTES);
            try {
                Memory.putLong(probe, 0x41544F4C4C434D41L);
                Memory.putLong(copy, 0);
                int status = read0((int) ProcessHandle.current().pid(), probe, null, copy, Long.BYTES);
                if (status != 0) {
                    return "the kernel refused a read of this process: " + NativeBoard.strerror0(-status);
                }
                if (Memory.getLong(copy) != Memory.getLong(probe)) {
                    return "a read of this process returned other bytes";
                }
            } finally {
                Memory.free(probe);
                Memory.free(copy);
            }
        } catch (UnsatisfiedLinkError e) {
            return "the JNI library predates cross-memory attach: " + e.getMessage();
        }
        return null;
    }

    private static int yamaScope() {
        try {
            return Integer.parseInt(java.nio.file.Files.readString(java.nio.file.Path.of(YAMA_SCOPE)).trim());
        } catch (java.io.IOException | NumberFormatException | SecurityException e) {
            return 0; // no Yama: only the usual same-user rules
        }
    }

    /** @return 0 or a negative errno */
    private static native int read0(int pid, long remote, Object array, long offset, long length);

    /** @return 0 or a negative errno */
    private static native int allowReaders0();
}
