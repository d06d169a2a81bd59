package org.atollmpi.engine.trace;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One rank's part of a job's trace, as written at {@code MPI.Finalize} ({@code FILE.rank<N>}) and
 * read back by {@code mpirun}'s merge. Big-endian ({@link DataOutputStream}):
 *
 * <pre>
 *  magic "ATRC" (int) | version (int) | rank (int) | world size (int) | host (UTF)
 *  dropped records (long) | span names: count (int), each (UTF)
 *  records: count (int), then count × {@link TraceRecordDescriptor#WORDS} longs
 * </pre>
 *
 * Timestamps are {@code System.nanoTime}: one clock for every process of a machine (Linux's
 * {@code CLOCK_MONOTONIC}), not comparable across machines.
 */
public final class TracePart {
    static final int MAGIC = 0x41545243; // "ATRC"
    static final int VERSION = 1;

    private final int rank;
    private final int worldSize;
    private final String host;
    private final long dropped;
    private final List<String> spanNames;
    private final long[] records;
    private final int count;

    public TracePart(int rank, int worldSize, String host, long dropped, List<String> spanNames, long[] records,
                     int count) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.host = host;
        this.dropped = dropped;
        this.spanNames = List.copyOf(spanNames);
        this.records = records;
        this.count = count;
    }

    static void write(Path file, int rank, int worldSize, String host, List<String> spanNames, long[] records,
                      int count, long dropped) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream o = Files.newOutputStream(temporary);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(o, 1 << 16))) {
            new TracePart(rank, worldSize, host, dropped, spanNames, records, count).writeTo(out);
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes this part in the format above. */
    public void writeTo(DataOutputStream out) throws IOException {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(rank);
        out.writeInt(worldSize);
        out.writeUTF(host);
        out.writeLong(dropped);
        out.writeInt(spanNames.size());
        for (String name : spanNames) {
            out.writeUTF(name);
        }
        out.writeInt(count);
        int words = count * TraceRecordDescriptor.WORDS;
        for (int i = 0; i < words; i++) {
            out.writeLong(records[i]);
        }
    }

    /** Writes this part to {@code file} (tests make parts this way). */
    public void writeTo(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            writeTo(out);
        }
    }

    /**
     * Reads a part.
     *
     * @throws IOException when it cannot be read or is not a part of this version (the message says which)
     */
    public static TracePart read(Path file) throws IOException {
        try (InputStream i = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new BufferedInputStream(i, 1 << 16))) {
            int magic = in.readInt();
            if (magic != MAGIC) {
                throw new IOException(file + " is not a trace part (magic " + Integer.toHexString(magic) + ")");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException(file + " is a trace part of version " + version + ", not " + VERSION);
            }
            int rank = in.readInt();
            int worldSize = in.readInt();
            String host = in.readUTF();
            long dropped = in.readLong();
            int names = in.readInt();
            if (names < 0 || names > 1 << 16) {
                throw new IOException(file + ": " + names + " span names");
            }
            List<String> spanNames = new ArrayList<>(names);
            for (int n = 0; n < names; n++) {
                spanNames.add(in.readUTF());
            }
            int count = in.readInt();
            long words = (long) count * TraceRecordDescriptor.WORDS;
            if (count < 0 || words > Files.size(file) / Long.BYTES) {
                throw new IOException(file + ": " + count + " records do not fit its " + Files.size(file) + " bytes");
            }
            long[] records = new long[(int) words];
            for (int w = 0; w < words; w++) {
                records[w] = in.readLong();
            }
            return new TracePart(rank, worldSize, host, dropped, spanNames, records, count);
        }
    }

    public int rank() {
        return rank;
    }

    public int worldSize() {
        return worldSize;
    }

    public String host() {
        return host;
    }

    /** Records the rank did not keep (its trace was full). */
    public long dropped() {
        return dropped;
    }

    public int count() {
        return count;
    }

    public List<String> spanNames() {
        return spanNames;
    }

    private long word(int record, int word) {
        return records[record * TraceRecordDescriptor.WORDS + word];
    }

    public long posted(int record) {
        return word(record, TraceRecordDescriptor.POSTED);
    }

    /** Injected (a send), delivered (a receive); 0 when it never was. */
    public long passed(int record) {
        return word(record, TraceRecordDescriptor.PASSED);
    }

    /** 0 when it never completed. */
    public long completed(int record) {
        return word(record, TraceRecordDescriptor.COMPLETED);
    }

    public int kind(int record) {
        return TraceRecordDescriptor.kind(word(record, TraceRecordDescriptor.WHAT));
    }

    public int protocol(int record) {
        return TraceRecordDescriptor.protocol(word(record, TraceRecordDescriptor.WHAT));
    }

    public int flags(int record) {
        return TraceRecordDescriptor.flags(word(record, TraceRecordDescriptor.WHAT));
    }

    public int peer(int record) {
        return TraceRecordDescriptor.peer(word(record, TraceRecordDescriptor.WHAT));
    }

    /** The tag; a span's name id. */
    public int tag(int record) {
        return TraceRecordDescriptor.high(word(record, TraceRecordDescriptor.TAG_SEQUENCE));
    }

    public int sequence(int record) {
        return TraceRecordDescriptor.low(word(record, TraceRecordDescriptor.TAG_SEQUENCE));
    }

    public int bytes(int record) {
        return TraceRecordDescriptor.high(word(record, TraceRecordDescriptor.BYTES_CONTEXT));
    }

    public int context(int record) {
        return TraceRecordDescriptor.low(word(record, TraceRecordDescriptor.BYTES_CONTEXT));
    }

    /** A span's name. */
    public String spanName(int record) {
        int id = tag(record);
        return id >= 0 && id < spanNames.size() ? spanNames.get(id) : "span " + id;
    }

    /**
     * A part built record by record, for tests of the merge: {@link #send}, {@link #recv},
     * {@link #span} add one each.
     */
    public static final class Builder {
        private final int rank;
        private final int worldSize;
        private final List<long[]> rows = new ArrayList<>();
        private final List<String> names = new ArrayList<>();
        private long dropped;

        public Builder(int rank, int worldSize) {
            this.rank = rank;
            this.worldSize = worldSize;
        }

        public Builder send(int peer, int tag, int sequence, int bytes, int protocol, long posted, long injected,
                            long completed) {
            rows.add(new long[] {posted, injected, completed,
                TraceRecordDescriptor.what(TraceRecordDescriptor.KIND_SEND, protocol, 0, peer),
                TraceRecordDescriptor.pair(tag, sequence), TraceRecordDescriptor.pair(bytes, 0)});
            return this;
        }

        public Builder recv(int peer, int tag, int sequence, int bytes, int protocol, long posted, long delivered,
                            long completed) {
            int flags = delivered < posted ? TraceRecordDescriptor.FLAG_UNEXPECTED : 0;
            rows.add(new long[] {posted, delivered, completed,
                TraceRecordDescriptor.what(TraceRecordDescriptor.KIND_RECV, protocol, flags, peer),
                TraceRecordDescriptor.pair(tag, sequence), TraceRecordDescriptor.pair(bytes, 0)});
            return this;
        }

        public Builder span(String name, long begin, long end) {
            int id = names.indexOf(name);
            if (id < 0) {
                id = names.size();
                names.add(name);
            }
            rows.add(new long[] {begin, 0, end, TraceRecordDescriptor.what(TraceRecordDescriptor.KIND_SPAN, 0, 0, -1),
                TraceRecordDescriptor.pair(id, 0), 0});
            return this;
        }

        public Builder dropped(long n) {
            dropped = n;
            return this;
        }

        public TracePart build() {
            long[] records = new long[rows.size() * TraceRecordDescriptor.WORDS];
            for (int i = 0; i < rows.size(); i++) {
                System.arraycopy(rows.get(i), 0, records, i * TraceRecordDescriptor.WORDS, TraceRecordDescriptor.WORDS);
            }
            return new TracePart(rank, worldSize, "localhost", dropped, names, records, rows.size());
        }
    }
}
