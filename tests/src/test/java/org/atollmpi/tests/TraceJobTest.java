package org.atollmpi.tests;

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
import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.TracedExchange;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mpirun --trace FILE} end to end: a program that sends a known number of messages and
 * calls one allreduce and one barrier leaves, per rank, exactly its messages (on the world's
 * context, tag {@link TracedExchange#TAG}), exactly one span per collective call, a flow pair for
 * every message (the collectives' own included), timestamps in order; and no part files.
 */
class TraceJobTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} ranks on the {1} board")
    @CsvSource({"4, shm", "2, tcp"})
    void theTraceHoldsEveryMessageAndCollectiveOfTheProgram(int np, String board, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("trace.json");
        // no shared areas: the collectives run as messages, which must pair up too
        JobResult result = Job.mpirun(np).args("--board", board, "--trace", file.toString(),
                "-x", "ATOLL_COLL_SHARED=off").program(TracedExchange.class).run();
        result.assertOk(np).assertLine(".*trace of " + np + " of " + np + " ranks .* written to .*trace\\.json");
        assertTrue(Files.exists(file), result.describe());
        try (var parts = Files.list(dir)) {
            assertEquals(List.of(file), parts.toList(), "only the merged trace is left");
        }

        JsonNode root = JSON.readTree(file.toFile());
        assertEquals("ns", root.get("displayTimeUnit").asText());
        Map<Integer, Integer> programMessages = new HashMap<>();
        Map<Integer, List<String>> spans = new HashMap<>();
        Map<String, Integer> sides = new HashMap<>(); // "send"/"recv" slices of all contexts
        Map<Long, int[]> flows = new HashMap<>();     // id → {starts, ends}
        List<String> processNames = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents")) {
            int pid = e.get("pid").asInt();
            switch (e.get("ph").asText()) {
                case "M" -> {
                    if (e.get("name").asText().equals("process_name")) {
                        processNames.add(e.get("args").get("name").asText());
                    }
                }
                case "X" -> {
                    JsonNode a = e.get("args");
                    if (e.get("cat").asText().equals("collective")) {
                        spans.computeIfAbsent(pid, p -> new ArrayList<>()).add(e.get("name").asText());
                        continue;
                    }
                    String side = e.get("name").asText().startsWith("send") ? "send" : "recv";
                    sides.merge(side, 1, Integer::sum);
                    if (a.get("context").asInt() == 0 && a.get("tag").asInt() == TracedExchange.TAG) {
                        programMessages.merge(pid, 1, Integer::sum);
                        assertEquals(side.equals("send") ? (pid + 1) % np : (pid - 1 + np) % np, a.get("peer").asInt(),
                            e.toString());
                    }
                    assertTrue(a.has("injected_us") && a.has("delivered_us"), "a message with one side only: " + e);
                    double posted = a.get("posted_us").asDouble();
                    double completed = a.get("completed_us").asDouble();
                    double injected = a.get("injected_us").asDouble();
                    double delivered = a.get("delivered_us").asDouble();
                    assertTrue(injected <= delivered, "injected after delivered: " + e);
                    assertTrue(side.equals("send") ? posted <= injected && injected <= completed
                        : delivered <= completed && posted <= completed, "out of order: " + e);
                }
                case "s" -> flows.computeIfAbsent(e.get("id").asLong(), id -> new int[2])[0]++;
                case "f" -> flows.computeIfAbsent(e.get("id").asLong(), id -> new int[2])[1]++;
                default -> throw new AssertionError("unexpected event " + e);
            }
        }
        assertEquals(np, processNames.size());
        for (int r = 0; r < np; r++) {
            assertTrue(processNames.contains("rank " + r), processNames.toString());
            assertEquals(2 * TracedExchange.MESSAGES, programMessages.getOrDefault(r, 0),
                "rank " + r + ": its sends and receives, exactly");
            assertEquals(List.of("MPI_Allreduce", "MPI_Barrier"), spans.get(r), "rank " + r + ": one span a call");
        }
        assertEquals(sides.get("send"), sides.get("recv"), "every message has both sides: " + sides);
        assertEquals(sides.get("send"), flows.size(), "one flow a message");
        flows.forEach((id, ends) -> assertEquals(List.of(1, 1), List.of(ends[0], ends[1]), "flow " + id));
        assertFalse(root.get("otherData").get("warnings").elements().hasNext(), root.get("otherData").toString());
    }
}
