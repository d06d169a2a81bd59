package org.atollmpi.launch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TracePart;
import org.atollmpi.engine.trace.TraceRecordDescriptor;

/**
 * {@code mpirun --trace FILE}, after the job: merges the ranks' parts ({@code FILE.rank<N>},
 * {@link TracePart}) into one Chrome trace-event file that Perfetto (https://ui.perfetto.dev) and
 * {@code chrome://tracing} open as a timeline, then removes the parts.
 *
 * <ul>
 * <li>one process per rank, named {@code rank N}; in it, threads (lanes) for the collectives, the
 *     sends and the receives, as many of each as keep slices from overlapping (a viewer draws
 *     overlapping slices of one thread badly);</li>
 * <li>a message is a complete event ({@code "ph":"X"}) on the sender from posted to completed and
 *     on the receiver from posted (or delivered, for one that arrived unexpected) to completed,
 *     with its peer, tag, bytes, protocol and the four timestamps as args;</li>
 * <li>a flow ({@code "s"} at the sender's injection, {@code "f"} at the receiver's delivery, bound
 *     to the enclosing slices) links the two sides of each message, paired exactly by the engine's
 *     sequence number of the (sender, receiver) pair;</li>
 * <li>a collective is a complete event named as MPI names it ({@code MPI_Allreduce});</li>
 * <li>times are microseconds from the job's earliest event ({@code "displayTimeUnit":"ns"} keeps
 *     the viewer's labels fine-grained).</li>
 * </ul>
 *
 * A rank that left no part (it died before {@code MPI.Finalize}, or ran on a host whose files
 * mpirun does not see) is named in a warning and the others are merged.
 */
final class TraceMerge {
    /** Thread ids within a rank's process: lanes of each group count up from these. */
    private static final int COLLECTIVE_LANES = 1;
    private static final int SEND_LANES = 1001;
    private static final int RECEIVE_LANES = 2001;

    /** What a merge made, and what it has to say. */
    record Result(int ranks, int messages, int flows, int spans, List<String> warnings) {
    }

    private TraceMerge() {
    }

    /**
     * Merges the parts of a job of {@code ranks} ranks into {@code file} and removes the parts
     * that were read.
     *
     * @throws IOException when {@code file} cannot be written (the parts are then kept)
     */
    static Result merge(Path file, int ranks) throws IOException {
        List<String> warnings = new ArrayList<>();
        TracePart[] parts = new TracePart[ranks];
        List<Path> read = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            Path part = MessageTrace.partFile(file, r);
            try {
                parts[r] = TracePart.read(part);
                read.add(part);
            } catch (NoSuchFileException e) {
                warnings.add("rank " + r + " left no trace part (" + part + "): it ended before MPI_Finalize, or ran"
                    + " on a host whose files this mpirun does not see; the other ranks are merged");
            } catch (IOException e) {
                warnings.add("rank " + r + "'s trace part cannot be read: " + e.getMessage()
                    + "; the other ranks are merged");
            }
        }
        Result result = write(file, parts, warnings);
        for (Path part : read) {
            Files.deleteIfExists(part);
        }
        return result;
    }

    /** A message or span on its way to the file, with its lane chosen later. */
    private static final class Slice {
        final int rank;
        final int group;
        final long start;
        final long end;
        final String name;
        final String category;
        final String args;
        int lane;

        Slice(int rank, int group, long start, long end, String name, String category, String args) {
            this.rank = rank;
            this.group = group;
            this.start = start;
            this.end = Math.max(start, end);
            this.name = name;
            this.category = category;
            this.args = args;
        }
    }

    static Result write(Path file, TracePart[] parts, List<String> warnings) throws IOException {
        TreeSet<String> hosts = new TreeSet<>();
        long origin = Long.MAX_VALUE;
        // each message by (sender, receiver, sequence): the record of its send, of its receive
        Map<MessageKey, int[]> sends = new HashMap<>();
        Map<MessageKey, int[]> receives = new HashMap<>();
        for (TracePart p : parts) {
            if (p == null) {
                continue;
            }
            hosts.add(p.host());
            if (p.dropped() > 0) {
                warnings.add("rank " + p.rank() + "'s trace was full: " + p.dropped() + " events after its first "
                    + p.count() + " were not recorded (" + MessageTrace.EVENTS_ENV + " sets how many a rank keeps)");
            }
            for (int i = 0; i < p.count(); i++) {
                origin = Math.min(origin, p.posted(i));
                if (p.passed(i) != 0) {
                    origin = Math.min(origin, p.passed(i));
                }
                int kind = p.kind(i);
                if (kind == TraceRecordDescriptor.KIND_SEND && p.passed(i) != 0) {
                    sends.put(key(p.rank(), p.peer(i), p.sequence(i)), new int[] {p.rank(), i});
                } else if (kind == TraceRecordDescriptor.KIND_RECV && p.passed(i) != 0) {
                    receives.put(key(p.peer(i), p.rank(), p.sequence(i)), new int[] {p.rank(), i});
                }
            }
        }
        if (hosts.size() > 1) {
            warnings.add("the ranks ran on " + hosts.size() + " hosts " + hosts + ": each host's clock is its own, so"
                + " times of ranks on different hosts are not comparable");
        }
        if (origin == Long.MAX_VALUE) {
            origin = 0;
        }

        List<Slice> slices = new ArrayList<>();
        Map<MessageKey, Slice> sendSlices = new HashMap<>();
        Map<MessageKey, Slice> receiveSlices = new HashMap<>();
        int spans = 0;
        int messages = 0;
        for (TracePart p : parts) {
            if (p == null) {
                continue;
            }
            for (int i = 0; i < p.count(); i++) {
                int kind = p.kind(i);
                long end = p.completed(i);
                if (kind == TraceRecordDescriptor.KIND_SPAN) {
                    if (end == 0) {
                        continue; // a collective that failed before it ended (or never ended)
                    }
                    slices.add(new Slice(p.rank(), COLLECTIVE_LANES, p.posted(i), end, p.spanName(i), "collective",
                        "{\"context\":" + p.context(i) + "}"));
                    spans++;
                    continue;
                }
                if (kind != TraceRecordDescriptor.KIND_SEND && kind != TraceRecordDescriptor.KIND_RECV) {
                    continue;
                }
                boolean send = kind == TraceRecordDescriptor.KIND_SEND;
                MessageKey k = send ? key(p.rank(), p.peer(i), p.sequence(i)) : key(p.peer(i), p.rank(), p.sequence(i));
                int[] other = p.passed(i) == 0 ? null : (send ? receives : sends).get(k);
                TracePart o = other == null ? null : parts[other[0]];
                int j = other == null ? -1 : other[1];
                long injected = send ? p.passed(i) : o != null ? o.passed(j) : 0;
                long delivered = send ? (o != null ? o.passed(j) : 0) : p.passed(i);
                int protocol = send || o == null ? p.protocol(i) : o.protocol(j); // the sender knows its channel
                long start = p.posted(i);
                if (!send && p.passed(i) != 0) {
                    start = Math.min(start, p.passed(i)); // it arrived unexpected: from its delivery
                }
                if (end == 0) {
                    end = Math.max(start, p.passed(i)); // not completed at Finalize (a freed request)
                }
                int flags = p.flags(i);
                StringBuilder args = new StringBuilder(200).append('{');
                args.append("\"peer\":").append(p.peer(i));
                args.append(",\"tag\":").append(p.tag(i));
                args.append(",\"bytes\":").append(p.bytes(i));
                args.append(",\"protocol\":\"").append(TraceRecordDescriptor.protocolName(protocol)).append('"');
                args.append(",\"context\":").append(p.context(i));
                args.append(",\"sequence\":").append(p.sequence(i));
                args.append(",\"posted_us\":").append(micros(p.posted(i), origin));
                if (injected != 0) {
                    args.append(",\"injected_us\":").append(micros(injected, origin));
                }
                if (delivered != 0) {
                    args.append(",\"delivered_us\":").append(micros(delivered, origin));
                }
                if (p.completed(i) != 0) {
                    args.append(",\"completed_us\":").append(micros(p.completed(i), origin));
                }
                if ((flags & TraceRecordDescriptor.FLAG_UNEXPECTED) != 0) {
                    args.append(",\"unexpected\":true");
                }
                if ((flags & TraceRecordDescriptor.FLAG_SYNCHRONOUS) != 0) {
                    args.append(",\"synchronous\":true");
                }
                if ((flags & TraceRecordDescriptor.FLAG_CANCELLED) != 0) {
                    args.append(",\"cancelled\":true");
                }
                args.append('}');
                String name = send ? "send to " + p.peer(i) : "recv from " + p.peer(i);
                Slice s = new Slice(p.rank(), send ? SEND_LANES : RECEIVE_LANES, start, end, name, "message",
                    args.toString());
                slices.add(s);
                messages++;
                if (p.passed(i) != 0) {
                    (send ? sendSlices : receiveSlices).put(k, s);
                }
            }
        }
        assignLanes(slices);

        int[] lanesUsed = new int[3 * Math.max(1, parts.length)];
        for (Slice s : slices) {
            int g = s.group == COLLECTIVE_LANES ? 0 : s.group == SEND_LANES ? 1 : 2;
            lanesUsed[3 * s.rank + g] = Math.max(lanesUsed[3 * s.rank + g], s.lane - s.group + 1);
        }
        List<String> events = new ArrayList<>();
        for (TracePart p : parts) {
            if (p == null) {
                continue;
            }
            int r = p.rank();
            events.add("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + r + ",\"tid\":0,\"args\":{\"name\":\"rank "
                + r + "\"}}");
            events.add("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + r + ",\"tid\":0,\"args\":"
                + "{\"sort_index\":" + r + "}}");
            String[] groups = {"collectives", "sends", "receives"};
            int[] bases = {COLLECTIVE_LANES, SEND_LANES, RECEIVE_LANES};
            for (int g = 0; g < 3; g++) {
                for (int l = 0; l < lanesUsed[3 * r + g]; l++) {
                    int tid = bases[g] + l;
                    events.add("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + r + ",\"tid\":" + tid
                        + ",\"args\":{\"name\":\"" + groups[g] + (l == 0 ? "" : " " + (l + 1)) + "\"}}");
                    events.add("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + r + ",\"tid\":" + tid
                        + ",\"args\":{\"sort_index\":" + tid + "}}");
                }
            }
        }
        slices.sort(Comparator.comparingLong((Slice s) -> s.start));
        for (Slice s : slices) {
            events.add("{\"ph\":\"X\",\"name\":\"" + escape(s.name) + "\",\"cat\":\"" + s.category + "\",\"pid\":"
                + s.rank + ",\"tid\":" + s.lane + ",\"ts\":" + micros(s.start, origin) + ",\"dur\":"
                + micros(s.end, s.start) + ",\"args\":" + s.args + "}");
        }
        int flowCount = 0;
        for (Map.Entry<MessageKey, Slice> e : sendSlices.entrySet()) {
            Slice receiver = receiveSlices.get(e.getKey());
            if (receiver == null) {
                continue;
            }
            Slice sender = e.getValue();
            int[] sent = sends.get(e.getKey());
            int[] got = receives.get(e.getKey());
            long injected = parts[sent[0]].passed(sent[1]);
            long delivered = parts[got[0]].passed(got[1]);
            flowCount++;
            events.add("{\"ph\":\"s\",\"name\":\"message\",\"cat\":\"message\",\"id\":" + flowCount + ",\"pid\":"
                + sender.rank + ",\"tid\":" + sender.lane + ",\"ts\":" + micros(injected, origin) + "}");
            events.add("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"message\",\"cat\":\"message\",\"id\":" + flowCount
                + ",\"pid\":" + receiver.rank + ",\"tid\":" + receiver.lane + ",\"ts\":" + micros(delivered, origin)
                + "}");
        }

        int ranksMerged = 0;
        for (TracePart p : parts) {
            ranksMerged += p == null ? 0 : 1;
        }
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(temporary, StandardCharsets.UTF_8), 1 << 16)) {
            out.write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"atoll-mpi mpirun --trace\",\"ranks\":"
                + parts.length + ",\"ranksMerged\":" + ranksMerged + ",\"messages\":" + messages + ",\"flows\":"
                + flowCount + ",\"collectives\":" + spans + ",\"clock\":\"System.nanoTime (CLOCK_MONOTONIC)\""
                + ",\"originNanos\":" + origin + ",\"hosts\":[");
            boolean first = true;
            for (String h : hosts) {
                out.write((first ? "" : ",") + "\"" + escape(h) + "\"");
                first = false;
            }
            out.write("],\"dropped\":{");
            first = true;
            for (TracePart p : parts) {
                if (p != null && p.dropped() > 0) {
                    out.write((first ? "" : ",") + "\"rank " + p.rank() + "\":" + p.dropped());
                    first = false;
                }
            }
            out.write("},\"warnings\":[");
            for (int w = 0; w < warnings.size(); w++) {
                out.write((w == 0 ? "" : ",") + "\"" + escape(warnings.get(w)) + "\"");
            }
            out.write("]},\n\"traceEvents\":[\n");
            for (int i = 0; i < events.size(); i++) {
                out.write(events.get(i));
                out.write(i + 1 < events.size() ? ",\n" : "\n");
            }
            out.write("]}\n");
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Result(ranksMerged, messages, flowCount, spans, warnings);
    }

    /**
     * Puts each slice in the first lane of its rank and group whose last slice has ended by its
     * start, so no two slices of one lane overlap.
     */
    private static void assignLanes(List<Slice> slices) {
        slices.sort(Comparator.comparingLong((Slice s) -> s.start).thenComparingLong(s -> -s.end));
        Map<Long, List<long[]>> laneEnds = new HashMap<>(); // (rank, group) → end of each lane
        for (Slice s : slices) {
            List<long[]> ends = laneEnds.computeIfAbsent(((long) s.rank << 32) | s.group, x -> new ArrayList<>());
            int lane = 0;
            while (lane < ends.size() && ends.get(lane)[0] > s.start) {
                lane++;
            }
            if (lane == ends.size()) {
                ends.add(new long[] {s.end});
            } else {
                ends.get(lane)[0] = s.end;
            }
            s.lane = s.group + lane;
        }
    }

    /** A message, exactly: the engine numbers each (sender, receiver) pair's messages 1, 2, 3... */
    private record MessageKey(int sender, int receiver, int sequence) {
    }

    private static MessageKey key(int sender, int receiver, int sequence) {
        return new MessageKey(sender, receiver, sequence);
    }

    /** {@code nanos - origin} in microseconds, to the nanosecond. */
    static String micros(long nanos, long origin) {
        long d = nanos - origin;
        String sign = d < 0 ? "-" : "";
        d = Math.abs(d);
        long frac = d % 1000;
        return sign + (d / 1000) + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac;
    }

    /** A JSON string's contents: quotes, backslashes and control characters escaped. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
