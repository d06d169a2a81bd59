package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RemoteCommandTest {
    private static final Map<String, String> ENV = new LinkedHashMap<>(Map.of("ATOLL_RANK", "2"));

    @Test
    void anExecStyleAgentGetsTheWordsAsTheyAre() {
        assertEquals(List.of("ip", "netns", "exec", "ns1", "env", "-C", "/work dir", "ATOLL_RANK=2", "java", "it's"),
                RemoteCommand.command(List.of("ip", "netns", "exec"), "ns1", Path.of("/work dir"), ENV,
                        List.of("java", "it's")));
    }

    @Test
    void sshGetsOneShellLineWithEveryWordQuoted() {
        assertEquals(List.of("/usr/bin/ssh", "-p", "22", "node2", "env", "-C", "'/work dir'", "ATOLL_RANK=2", "java",
                        "'it'\\''s'", "''", "'$HOME'"),
                RemoteCommand.command(List.of("/usr/bin/ssh", "-p", "22"), "node2", Path.of("/work dir"), ENV,
                        List.of("java", "it's", "", "$HOME")));
        assertTrue(RemoteCommand.passesShellLine(RemoteCommand.DEFAULT_RSH));
        assertFalse(RemoteCommand.passesShellLine(List.of("docker", "exec")));
    }

    @Test
    void theJobSecretIsNeverOnTheCommandLine() {
        // Job puts ATOLL_JOB_SECRET_FROM=stdin for remote ranks; the secret itself goes through stdin
        List<String> cmd = RemoteCommand.command(List.of("ssh"), "n", Path.of("/"),
                Map.of("ATOLL_JOB_SECRET_FROM", "stdin"), List.of("java"));
        assertTrue(cmd.stream().noneMatch(w -> w.startsWith("ATOLL_JOB_SECRET=")), cmd.toString());
    }
}
