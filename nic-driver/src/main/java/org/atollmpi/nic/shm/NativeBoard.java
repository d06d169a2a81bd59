package org.atollmpi.nic.shm;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Locale;

/**
 * The JNI mapping library ({@code src/main/c/atoll_board.c}), packaged in the jar under
 * {@code org/atollmpi/nic/shm/native/<os>-<arch>/}. Loading copies it to a new file of this
 * user's in the temporary directory, loads that and deletes it, so nothing is left behind. When it cannot be loaded, boards are
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
        String resource = "native/" + platform() + "/" + LIBRARY;
        String failure;
        try (InputStream in = NativeBoard.class.getResourceAsStream(resource)) {
            if (in == null) {
                failure = "no " + LIBRARY + " for " + platform() + " in the jar";
            } else {
                Path file = copyToPrivateFile(in, Path.of(System.getProperty("java.io.tmpdir")));
                try {
                    System.load(file.toAbsolutePath().toString());
                    return null;
                } finally {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
            failure = e.toString();
        }
        System.err.println("atoll-mpi: native board mapping unavailable (" + failure
            + "); mapping shm boards with FileChannel.map, which limits a board to 2 GiB");
        return failure;
    }

    /**
     * Copies {@code in} to a new file in {@code dir} that only this user can use, written through
     * the descriptor that created it. Not {@code Files.createTempFile}: it seeds a
     * {@code SecureRandom} for the name (loading the security providers), a visible part of every
     * rank's start. The name here (pid and clock) is guessable, but {@code CREATE_NEW}
     * ({@code O_EXCL}) refuses a name that anyone made first, link or file, and then another is tried.
     */
    private static Path copyToPrivateFile(InputStream in, Path dir) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path file = dir.resolve("atollboard-" + pid + "-" + Long.toHexString(System.nanoTime()) + ".so");
            OutputStream out;
            try {
                out = Channels.newOutputStream(Files.newByteChannel(file,
                    EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 3) {
                    throw e;
                }
                continue;
            }
            try (out) {
                in.transferTo(out);
            } catch (IOException e) {
                Files.deleteIfExists(file);
                throw e;
            }
            return file;
        }
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
