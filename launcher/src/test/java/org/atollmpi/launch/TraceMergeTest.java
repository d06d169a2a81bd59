package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TracePart;
import org.atollmpi.engine.trace.TraceRecordDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of {@code mpirun --trace}: parts in, one Chrome trace-event file out, read back with a
 * JSON parser. One named process per rank, one slice per message side, one flow pair per message
 * (paired by sequence, with the start at the send's injection and the end at the receive's
 * delivery), the collectives as slices, times relative to the earliest event; a missing part is
 * warned about and the others merged; the parts are removed.
 */
class TraceMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FAST = TraceRecordDescriptor.PROTOCOL_FAST;
    private static final int RNDV = TraceRecordDescriptor.PROTOCOL_RENDEZVOUS;
    /** The machine's clock somewhere in its day: the merge subtracts the earliest event. */
    private static final long T = 7_000_000_000L;

    /** Rank 0 sends two messages to rank 1 (one fast, one rendezvous), rank 1 one back (unexpected there); both in an allreduce. */
    private static void writeParts(Path file, boolean withRank2) throws Exception {
        new TracePart.Builder(0, 3)
            .send(1, 5, 1, 8, FAST, T + 1_000, T + 1_200, T + 1_300)
            .send(1, 5, 2, 1 << 20, RNDV, T + 2_000, T + 2_100, T + 9_000)
            .recv(1, 6, 1, 4, FAST, T + 10_000, T + 3_100, T + 10_050)
            .span("MPI_Allreduce", T + 11_000, T + 12_000)
            .build().writeTo(MessageTrace.partFile(file, 0));
        new TracePart.Builder(1, 3)
            .recv(0, 5, 1, 8, FAST, T + 500, T + 1_400, T + 1_450)
            .recv(0, 5, 2, 1 << 20, RNDV, T + 1_500, T + 2_300, T + 8_900)
            .send(0, 6, 1, 4, FAST, T + 3_000, T + 3_010, T + 3_020)
            .span("MPI_Allreduce", T + 11_100, T + 12_100)
            .dropped(7)
            .build().writeTo(MessageTrace.partFile(file, 1));
        if (withRank2) {
            new TracePart.Builder(2, 3).span("MPI_Allreduce", T + 11_050, T + 12_050).build()
                .writeTo(MessageTrace.partFile(file, 2));
        }
    }

    @Test
    void partsBecomeOneTimelineWithAFlowPerMessage(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.json");
        writeParts(file, true);
        TraceMerge.Result result = TraceMerge.merge(file, 3);
        assertEquals(3, result.ranks());
        assertEquals(6, result.messages());
        assertEquals(3, result.flows());
        assertEquals(3, result.spans());

        JsonNode root = JSON.readTree(file.toFile());
        assertEquals("ns", root.get("displayTimeUnit").asText());
        assertEquals(7, root.get("otherData").get("dropped").get("rank 1").asLong());
        Map<Integer, String> processNames = new HashMap<>();
        Map<Integer, Integer> messagesPerRank = new HashMap<>();
        List<JsonNode> spans = new ArrayList<>();
        Map<Long, JsonNode> flowStarts = new HashMap<>();
        Map<Long, JsonNode> flowEnds = new HashMap<>();
        List<JsonNode> slices = new ArrayList<>();
        double earliest = Double.MAX_VALUE;
        for (JsonNode e : root.get("traceEvents")) {
            String ph = e.get("ph").asText();
            int pid = e.get("pid").asInt();
            switch (ph) {
                case "M" -> {
                    if (e.get("name").asText().equals("process_name")) {
                        processNames.put(pid, e.get("args").get("name").asText());
                    }
                }
                case "X" -> {
                    slices.add(e);
                    earliest = Math.min(earliest, e.get("ts").asDouble());
                    assertTrue(e.get("dur").asDouble() >= 0, e.toString());
                    if (e.get("cat").asText().equals("collective")) {
                        spans.add(e);
                    } else {
                        messagesPerRank.merge(pid, 1, Integer::sum);
                        checkOrder(e);
                    }
                }
                case "s" -> assertFalse(flowStarts.containsKey(e.get("id").asLong()) || flowStarts.put(e.get("id").asLong(), e) != null);
                case "f" -> {
                    assertEquals("e", e.get("bp").asText());
                    flowEnds.put(e.get("id").asLong(), e);
                }
                default -> throw new AssertionError("unexpected event " + e);
            }
        }
        assertEquals(Map.of(0, "rank 0", 1, "rank 1", 2, "rank 2"), processNames);
        assertEquals(Map.of(0, 3, 1, 3), messagesPerRank);
        assertEquals(3, spans.size());
        spans.forEach(s -> assertEquals("MPI_Allreduce", s.get("name").asText()));
        assertEquals(0.0, earliest, "times count from the earliest event (rank 1's first receive posted)");
        assertEquals(flowStarts.keySet(), flowEnds.keySet(), "every flow starts and ends");
        assertEquals(3, flowStarts.size());
        for (long id : flowStarts.keySet()) {
            JsonNode s = flowStarts.get(id);
            JsonNode f = flowEnds.get(id);
            assertTrue(s.get("ts").asDouble() <= f.get("ts").asDouble(), "injected before delivered: " + s + " " + f);
            assertTrue(s.get("pid").asInt() != f.get("pid").asInt(), "from one rank to another");
            // each end lies inside a message slice of its rank and lane (the slice it binds to)
            assertTrue(inSomeSlice(slices, s), "flow start outside its send: " + s);
            assertTrue(inSomeSlice(slices, f), "flow end outside its receive: " + f);
        }
        // the unexpected receive on rank 0 starts at its delivery, before it was posted
        JsonNode unexpected = slices.stream().filter(x -> x.get("args").has("unexpected")).findFirst().orElseThrow();
        assertEquals(0, unexpected.get("pid").asInt());
        assertEquals(unexpected.get("args").get("delivered_us").asDouble(), unexpected.get("ts").asDouble(), 1e-9);
        assertEquals("fast", unexpected.get("args").get("protocol").asText());
        for (int r = 0; r < 3; r++) {
            assertFalse(Files.exists(MessageTrace.partFile(file, r)), "part " + r + " removed");
        }
        assertTrue(result.warnings().stream().anyMatch(w -> w.contains("rank 1's trace was full: 7 events")),
            result.warnings().toString());
    }

    @Test
    void aMissingPartIsNamedAndTheRestMerged(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.json");
        writeParts(file, false);
        TraceMerge.Result result = TraceMerge.merge(file, 3);
        assertEquals(2, result.ranks());
        assertTrue(result.warnings().stream().anyMatch(w -> w.startsWith("rank 2 left no trace part")),
            result.warnings().toString());
        JsonNode root = JSON.readTree(file.toFile());
        assertEquals(2, root.get("otherData").get("ranksMerged").asInt());
        assertEquals(3, root.get("otherData").get("flows").asInt());
    }

    @Test
    void stringsAreEscapedAndTimesPrintedToTheNanosecond() {
        assertEquals("a\\\"b\\\\c\\n\\u0001", TraceMerge.escape("a\"b\\c\n\u0001"));
        assertEquals("1.005", TraceMerge.micros(1_005, 0));
        assertEquals("0.120", TraceMerge.micros(120, 0));
        assertEquals("-0.001", TraceMerge.micros(0, 1));
    }

    /** posted ≤ injected ≤ delivered ≤ completed on the side where each applies. */
    private static void checkOrder(JsonNode slice) {
        JsonNode a = slice.get("args");
        double posted = a.get("posted_us").asDouble();
        double completed = a.get("completed_us").asDouble();
        boolean send = slice.get("name").asText().startsWith("send");
        if (a.has("injected_us") && a.has("delivered_us")) {
            assertTrue(a.get("injected_us").asDouble() <= a.get("delivered_us").asDouble(), slice.toString());
        }
        if (send) {
            assertTrue(posted <= a.get("injected_us").asDouble(), slice.toString());
            assertTrue(a.get("injected_us").asDouble() <= completed, slice.toString());
        } else {
            assertTrue(a.get("delivered_us").asDouble() <= completed, slice.toString());
            assertTrue(posted <= completed, slice.toString());
        }
    }

    private static boolean inSomeSlice(List<JsonNode> slices, JsonNode at) {
        double ts = at.get("ts").asDouble();
        return slices.stream().anyMatch(x -> x.get("pid").asInt() == at.get("pid").asInt()
            && x.get("tid").asInt() == at.get("tid").asInt() && x.get("ts").asDouble() <= ts
            && ts <= x.get("ts").asDouble() + x.get("dur").asDouble() + 1e-9);
    }
}
