package org.atollmpi.nic.shm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;

import org.atollmpi.nic.JniLibrary;

/**
 * The JNI mapping library ({@code src/main/c/atoll_board.c}), packaged in the jar under
 * {@code org/atollmpi/nic/shm/native/<os>-<arch>/}: loaded where the build unpacked it beside the
 * jar, else copied out of the jar through {@link JniLibrary} (nothing is left behind in the
 * temporary directory). When it cannot be loaded, boards are
 * mapped with {@code FileChannel.map} and one line on stderr says so.
 */
final class NativeBoard {
    static final String LIBRARY = "libatollboard.so";

    private static final String FAILURE = load();

    private NativeBoard() {
    }

    static boolean available() {
        return FAILURE == null;
    }

    /** Why the library is not available, or {@code null} if it is. */
    static String failure() {
        return FAILURE;
    }

    static String platform() {
        String os = System.getProperty("os.name", "unknown").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return os + "-" + System.getProperty("os.arch", "unknown");
    }

    private static String load() {
        Path unpacked = JniLibrary.unpacked(NativeBoard.class, LIBRARY);
        if (unpacked != null) {
            try {
                System.load(unpacked.toString());
                return null;
            } catch (UnsatisfiedLinkError e) {
                // the jar's own copy below
            }
        }
        String resource = "native/" + platform() + "/" + LIBRARY;
        String failure;
        try (InputStream in = NativeBoard.class.getResourceAsStream(resource)) {
            if (in == null) {
                failure = "no " + LIBRARY + " for " + platform() + " in the jar";
            } else {
                JniLibrary.load(in, "atollboard");
                return null;
            }
        } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
            failure = e.toString();
        }
        System.err.println("atoll-mpi: native board mapping unavailable (" + failure
            + "); mapping shm boards with FileChannel.map, which limits a board to 2 GiB");
        return failure;
    }

    /** @return the mapped address, or a negative errno ({@code -EAGAIN} for an existing file smaller than {@code size}) */
    static native long map0(String path, long size, boolean createExclusive);

    /** @return the address of {@code size} zeroed private bytes, or a negative errno */
    static native long mapAnonymous0(long size);

    /** @return 0 or a negative errno */
    static native int unmap0(long address, long size);

    /** @return 0 or a negative errno */
    static native int unlink0(String path);

    static native String strerror0(int errno);
}
