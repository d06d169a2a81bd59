package org.atollmpi.runtime.boot.pmi;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;

/**
 * Streams over a file descriptor this process inherited by number: the PMI connection a launcher
 * leaves open in {@code PMI_FD}. Java has no public way to adopt a descriptor by its number,
 * and a socket's {@code /proc/self/fd/N} cannot be opened, so the number is written into a
 * {@link FileDescriptor} through {@code sun.misc.Unsafe}, which the boards already rely on (no
 * flag up to JDK 23; on later JDKs the ranks' {@code java} command needs
 * {@code --sun-misc-unsafe-memory-access=allow}, which {@code mpirun} adds but a PMI launcher
 * cannot know to).
 * {@link FileInputStream} and {@link FileOutputStream} then read and write it as {@code read(2)}
 * and {@code write(2)} do, which works on a socket as on any file.
 */
final class InheritedFd {
    private InheritedFd() {
    }

    /**
     * Descriptor number {@code fd} as a {@link FileDescriptor}. Whether the process has it open
     * shows at the first read or write, which fails naming it ({@code Bad file descriptor}).
     */
    static FileDescriptor adopt(int fd, String variable) throws IOException {
        if (fd < 0) {
            throw new PmiException(variable + "=" + fd + " is not a file descriptor");
        }
        try {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
            FileDescriptor descriptor = new FileDescriptor();
            unsafe.putInt(descriptor, unsafe.objectFieldOffset(FileDescriptor.class.getDeclaredField("fd")), fd);
            return descriptor;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new PmiException("cannot adopt " + variable + "=" + fd + " (the PMI connection): " + e);
        }
    }

    static FileInputStream input(FileDescriptor descriptor) {
        return new FileInputStream(descriptor);
    }

    static FileOutputStream output(FileDescriptor descriptor) {
        return new FileOutputStream(descriptor);
    }
}
