package org.atollmpi.nic;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;

/**
 * Loads a JNI library packaged in a jar: copies it to a new file of this user's in the temporary
 * directory, loads that and deletes it, so nothing is left behind. The library belongs to this
 * class's loader, the loader of every class in the atoll-mpi jar (Netty's among them).
 */
public final class JniLibrary {
    private JniLibrary() {
    }

    /**
     * The library {@code fileName} as the build unpacked it, in {@code native/} beside the jar that
     * holds {@code owner} ({@code lib/native/} of an installation), or null when there is none
     * (classes not from a jar, a jar unpacked nowhere). Loading it needs no copy out of the jar,
     * which was 8 of the 12 ms a rank took to open its shm port on the 2-core VM.
     */
    public static Path unpacked(Class<?> owner, String fileName) {
        try {
            Path jar = Path.of(owner.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path library = jar.resolveSibling(UNPACKED).resolve(fileName);
            return Files.isRegularFile(jar) && Files.isRegularFile(library) ? library : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** Where the build unpacks the jar's libraries, beside it. */
    public static final String UNPACKED = "native";

    /**
     * @param library  the library's bytes; read to the end, not closed
     * @param fileStem the start of the copy's file name (a library may read its own name, as
     *                 Netty's does to find the package its classes were shaded into)
     * @throws UnsatisfiedLinkError when the copy does not load
     */
    public static void load(InputStream library, String fileStem) throws IOException {
        Path file = copyToPrivateFile(library, Path.of(System.getProperty("java.io.tmpdir")), fileStem);
        try {
            System.load(file.toAbsolutePath().toString());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Copies {@code in} to a new file in {@code dir} that only this user can use, written through
     * the descriptor that created it. Not {@code Files.createTempFile}: it seeds a
     * {@code SecureRandom} for the name (loading the security providers), a visible part of every
     * rank's start. The name here (pid and clock) is guessable, but {@code CREATE_NEW}
     * ({@code O_EXCL}) refuses a name that anyone made first, link or file, and then another is tried.
     */
    private static Path copyToPrivateFile(InputStream in, Path dir, String fileStem) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path file = dir.resolve(fileStem + "-" + pid + "-" + Long.toHexString(System.nanoTime()) + ".so");
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
}
