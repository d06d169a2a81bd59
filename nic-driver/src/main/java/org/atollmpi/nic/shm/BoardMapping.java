package org.atollmpi.nic.shm;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

import org.atollmpi.nic.Memory;

/**
 * Board memory mapped into this process: through the JNI library ({@link NativeBoard}) when it
 * is loaded, otherwise with {@code FileChannel.map}, which cannot map more than 2 GiB at once
 * (so {@link #maxSize} caps the board) and unmaps only when the buffer is garbage collected.
 */
final class BoardMapping implements AutoCloseable {
    /** {@code FileChannel.map} takes at most {@code Integer.MAX_VALUE} bytes; keep whole pages. */
    static final long CHANNEL_MAX_SIZE = Integer.MAX_VALUE & ~(ShmLayout.PAGE - 1L);

    private static final int ENOENT = 2;
    private static final int EAGAIN = 11;
    private static final int EEXIST = 17;

    private final long address;
    private final long size;
    private final boolean nativeMapping;
    /** Keeps a channel mapping alive: it is unmapped when this buffer is collected. */
    private MappedByteBuffer channelBuffer;
    private boolean closed;

    private BoardMapping(long address, long size, boolean nativeMapping, MappedByteBuffer channelBuffer) {
        this.address = address;
        this.size = size;
        this.nativeMapping = nativeMapping;
        this.channelBuffer = channelBuffer;
    }

    long address() {
        return address;
    }

    long size() {
        return size;
    }

    String kind() {
        return nativeMapping ? "mmap (JNI)" : "FileChannel.map";
    }

    static boolean useNative(ShmBoardConfig config) {
        return config.nativeMapping() && NativeBoard.available();
    }

    static long maxSize(boolean useNative) {
        return useNative ? Long.MAX_VALUE : CHANNEL_MAX_SIZE;
    }

    /**
     * Creates {@code file} (it must not exist), sizes it sparsely to {@code size} and maps it.
     *
     * @throws FileAlreadyExistsException if the file exists
     */
    static BoardMapping create(Path file, long size, boolean useNative) throws IOException {
        if (useNative) {
            long result = NativeBoard.map0(file.toString(), size, true);
            if (result == -EEXIST) {
                throw new FileAlreadyExistsException(file.toString());
            }
            return nativeResult(result, file, size, "create and map");
        }
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            return channelMap(file, size);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /**
     * Maps the first {@code size} bytes of an existing file or device.
     *
     * @return {@code null} if the file does not exist yet or is still smaller than {@code size}
     *         (its creator has not sized it): the caller waits and tries again
     */
    static BoardMapping open(Path file, long size, boolean useNative) throws IOException {
        if (useNative) {
            long result = NativeBoard.map0(file.toString(), size, false);
            if (result == -ENOENT || result == -EAGAIN) {
                return null;
            }
            return nativeResult(result, file, size, "map");
        }
        try {
            if (Files.isRegularFile(file) && Files.size(file) < size) {
                return null;
            }
            return channelMap(file, size);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** Zeroed memory of this process only, for a board whose ranks are threads. */
    static BoardMapping anonymous(long size, boolean useNative) throws IOException {
        if (useNative) {
            return nativeResult(NativeBoard.mapAnonymous0(size), null, size, "map anonymous memory for");
        }
        // A deleted file is zeroed, sparse and freed at unmap, which direct buffers are not.
        Path dir = Paths.get("/dev/shm");
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            dir = Paths.get(System.getProperty("java.io.tmpdir"));
        }
        Path file = Files.createTempFile(dir, "atoll-anonymous-", ".board");
        try {
            return channelMap(file, size);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    static void unlink(Path file, boolean useNative) throws IOException {
        if (useNative) {
            int result = NativeBoard.unlink0(file.toString());
            if (result != 0 && result != -ENOENT) {
                throw new IOException("cannot remove " + file + ": " + NativeBoard.strerror0(-result));
            }
        } else {
            Files.deleteIfExists(file);
        }
    }

    private static BoardMapping nativeResult(long result, Path file, long size, String action) throws IOException {
        if (result < 0) {
            throw new IOException("cannot " + action + " board " + (file == null ? "" : file + " ") + "(" + size
                + " bytes): " + NativeBoard.strerror0((int) -result));
        }
        return new BoardMapping(result, size, true, null);
    }

    private static BoardMapping channelMap(Path file, long size) throws IOException {
        if (size > CHANNEL_MAX_SIZE) {
            throw new IOException("cannot map board " + file + " of " + size + " bytes with FileChannel.map (at most "
                + CHANNEL_MAX_SIZE + "); the native mapping library is needed for boards this large");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            return new BoardMapping(Memory.addressOf(buffer), size, false, buffer);
        }
    }

    /** Unmaps (a channel mapping goes when its buffer is collected); the memory must not be touched after. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (nativeMapping) {
            int result = NativeBoard.unmap0(address, size);
            if (result != 0) {
                throw new IllegalStateException("munmap of board memory failed: " + NativeBoard.strerror0(-result));
            }
        }
        channelBuffer = null;
    }
}
