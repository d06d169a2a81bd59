package org.atollmpi.nic.stat;

import static org.atollmpi.nic.stat.NicCountersDescriptor.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.atollmpi.nic.Memory;

/**
 * A counter page in a file of its own, beside the job's board ({@code <board file>.nic<rank>},
 * so that the job's cleanup removes it with the board): the rank maps it to write, anyone may map
 * it to read. A file per port, not a section of the shm board, so that a reader maps only
 * counters, and a port with no shared board (TCP) has one all the same.
 */
public final class CounterPage {
    /** {@code atoll-<job>-<node>.nic<rank>}: the job id has no '-', a node name may. */
    private static final Pattern NAME = Pattern.compile("atoll-([^-]+)-(.+)\\.nic(\\d+)");
    /** Most bytes a reader maps: a page of a million ranks; anything larger is no page of ours. */
    private static final long MAX_READ = pageLength(1 << 20);

    /**
     * The pages this process writes, mapped until it exits (as the board is): a thread still in
     * the engine after MPI_Finalize must never write to unmapped memory.
     */
    private static final java.util.List<MappedByteBuffer> WRITTEN = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final MappedByteBuffer mapping; // keeps the memory mapped while the counters live
    private final NicCounters counters;
    private final Path file;

    /** The ranks the header said when it was checked: a writer cannot move the reader past its page. */
    private final int ranks;

    private CounterPage(Path file, MappedByteBuffer mapping, NicCounters counters, int ranks) {
        this.file = file;
        this.mapping = mapping;
        this.counters = counters;
        this.ranks = ranks;
    }

    /** The page file of {@code rank} beside the board file {@code board}. */
    public static Path pathFor(Path board, int rank) {
        return board.resolveSibling(board.getFileName() + ".nic" + rank);
    }

    /** The job id of a page file's name, or null when the name is not one. */
    public static String jobOf(Path page) {
        Matcher m = NAME.matcher(page.getFileName().toString());
        return m.matches() ? m.group(1) : null;
    }

    /**
     * Creates the page of {@code rank} (a new file: one already there is refused) and formats it.
     *
     * @throws IOException when the file cannot be created or mapped
     */
    public static CounterPage create(Path file, int rank, int ranks, String board) throws IOException {
        long length = pageLength(ranks);
        // the owner's alone to write, anyone's to read (atoll-stat of another user shows the job too)
        try (FileChannel ch = FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE), java.nio.file.attribute.PosixFilePermissions
                .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--")))) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, length);
            // touch every page now: a full /dev/shm fails here, where the caller falls back to a
            // page of the process's own, not on a hot-path write later (SIGBUS)
            for (int at = 0; at < length; at += 4096) {
                map.put(at, (byte) 0);
            }
            WRITTEN.add(map);
            return new CounterPage(file, map, NicCounters.format(Memory.addressOf(map), length, rank, ranks, board), ranks);
        }
    }

    /**
     * Maps a page another process writes, to read it.
     *
     * @throws IOException when it cannot be read, or is no counter page (the message says why)
     */
    public static CounterPage open(Path file) throws IOException {
        // the board directory is anyone's: no link followed, nothing but a regular file (a FIFO
        // planted under a page's name would block the open for ever)
        java.nio.file.attribute.BasicFileAttributes attributes = java.nio.file.Files.readAttributes(file,
            java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            throw new IOException(file + ": not a regular file");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            long length = ch.size();
            if (length < HEADER_LENGTH || length > MAX_READ) {
                throw new IOException(file + ": " + length + " bytes is no counter page");
            }
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, length);
            map.order(ByteOrder.nativeOrder()); // as the writer stores them (Unsafe)
            String wrong = check(map);
            if (wrong != null) {
                throw new IOException(file + ": " + wrong);
            }
            return new CounterPage(file, map, null, map.getInt(RANKS_OFFSET));
        }
    }

    /** What makes {@code page} no counter page this reader knows, or null when it is one. */
    private static String check(ByteBuffer page) {
        if (page.getInt(MAGIC_OFFSET) != MAGIC) {
            return "no counter page (magic " + Integer.toHexString(page.getInt(MAGIC_OFFSET)) + ")";
        }
        int version = page.getInt(VERSION_OFFSET);
        if (version != VERSION || page.getInt(WORD_COUNT_OFFSET) != NicCounter.values().length
            || page.getInt(PEER_COUNT_OFFSET) != PeerCounter.values().length) {
            return "a counter page of version " + version + " (this reader knows " + VERSION + ")";
        }
        int ranks = page.getInt(RANKS_OFFSET);
        if (ranks < 1 || pageLength(ranks) > page.capacity()) {
            return "a counter page of " + ranks + " ranks in " + page.capacity() + " bytes";
        }
        int rank = page.getInt(RANK_OFFSET);
        if (rank < 0 || rank >= ranks) {
            return "rank " + rank + " of " + ranks;
        }
        return null;
    }

    /** The writer's counters; null for a page opened to read. */
    public NicCounters counters() {
        return counters;
    }

    /**
     * What the page says now. A reader reads through the mapping (plain Java, no {@code Unsafe}:
     * {@code bin/atoll-stat} needs no JVM flag); each word is read whole, the page as a whole is a
     * recent picture, not a consistent one.
     */
    public NicSnapshot snapshot() {
        if (counters != null) {
            return counters.snapshot();
        }
        ByteBuffer page = mapping;
        long[] words = new long[NicCounter.values().length];
        for (NicCounter c : NicCounter.values()) {
            words[c.ordinal()] = page.getLong(offset(c));
        }
        long[] totals = new long[PeerCounter.values().length];
        for (int t = 0; t < ranks; t++) {
            for (PeerCounter c : PeerCounter.values()) {
                totals[c.ordinal()] += page.getLong((int) peerOffset(t, c));
            }
        }
        byte[] name = new byte[BOARD_LENGTH];
        page.get(BOARD_OFFSET, name);
        int n = 0;
        while (n < name.length && name[n] >= 0x20 && name[n] < 0x7F) { // printable: it goes to a terminal
            n++;
        }
        int rank = page.getInt(RANK_OFFSET);
        if (rank < 0 || rank >= ranks) {
            throw new IllegalStateException(file + ": rank " + rank + " of " + ranks);
        }
        return new NicSnapshot(rank, ranks, new String(name, 0, n, StandardCharsets.US_ASCII),
            page.getLong(PID_OFFSET), page.getInt(STATE_OFFSET), words, totals);
    }

    public Path file() {
        return file;
    }

    @Override
    public String toString() {
        return "counter page " + file + " (" + mapping.capacity() + " bytes)";
    }
}
