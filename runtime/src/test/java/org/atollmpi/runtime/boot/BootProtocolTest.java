package org.atollmpi.runtime.boot;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootProtocolTest {
    @Test
    void frameRoundTrip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        BootProtocol.writeFrame(out, BootProtocol.EXCHANGE, o -> {
            o.writeInt(7);
            BootProtocol.writeBlob(o, new byte[] {1, 2, 3});
        });
        BootProtocol.writeFrame(out, BootProtocol.FINALIZED);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));

        BootProtocol.Frame first = BootProtocol.readFrame(in, BootProtocol.MAX_RANK_FRAME);
        assertEquals(BootProtocol.EXCHANGE, first.type());
        assertEquals(7, first.body().readInt());
        assertArrayEquals(new byte[] {1, 2, 3}, BootProtocol.readBlob(first.body(), 16));
        BootProtocol.Frame second = BootProtocol.readFrame(in, BootProtocol.MAX_RANK_FRAME);
        assertEquals(BootProtocol.FINALIZED, second.type());
        assertEquals(0, second.body().available());
    }

    @Test
    void oversizedOrEmptyFramesAreRejectedBeforeAllocating() {
        byte[] huge = {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1};
        IOException e = assertThrows(BootProtocol.ProtocolException.class,
                () -> BootProtocol.readFrame(new DataInputStream(new ByteArrayInputStream(huge)), 1024));
        assertTrue(e.getMessage().contains("2147483647"), e.getMessage());
        byte[] empty = {0, 0, 0, 0};
        assertThrows(BootProtocol.ProtocolException.class,
                () -> BootProtocol.readFrame(new DataInputStream(new ByteArrayInputStream(empty)), 1024));
        byte[] negativeBlob = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThrows(BootProtocol.ProtocolException.class,
                () -> BootProtocol.readBlob(new DataInputStream(new ByteArrayInputStream(negativeBlob)), 1024));
    }

    @Test
    void secretSurvivesTheEnvironment() {
        for (long secret : new long[] {0, 1, -1, Long.MIN_VALUE, 0x0123456789abcdefL}) {
            String text = BootProtocol.formatSecret(secret);
            assertEquals(16, text.length());
            assertEquals(secret, BootProtocol.parseSecret(text));
        }
        assertThrows(NumberFormatException.class, () -> BootProtocol.parseSecret("abc"));
    }

    @Test
    void macBindsSecretNonceAndRank() {
        byte[] nonce = new byte[BootProtocol.NONCE_LENGTH];
        byte[] mac = BootProtocol.mac(42, nonce, 3);
        assertEquals(BootProtocol.MAC_LENGTH, mac.length);
        assertTrue(BootProtocol.macMatches(mac, BootProtocol.mac(42, nonce, 3)));
        assertFalse(BootProtocol.macMatches(mac, BootProtocol.mac(43, nonce, 3)));
        assertFalse(BootProtocol.macMatches(mac, BootProtocol.mac(42, nonce, 4)));
        nonce[0] = 1;
        assertFalse(BootProtocol.macMatches(mac, BootProtocol.mac(42, nonce, 3)));
    }

    @Test
    void jobFilesAreRemovedByExactJobPrefix(@TempDir Path dir) throws IOException {
        Files.createFile(dir.resolve(BootProtocol.boardFileName("12x34", "0")));
        Files.createDirectories(dir.resolve("atoll-12x34-0.d/inner"));
        Files.createFile(dir.resolve("atoll-12x34-0.d/inner/f"));
        Files.createFile(dir.resolve("atoll-12x345-0"));
        Files.createFile(dir.resolve("other"));

        assertEquals(java.util.List.of(), JobFiles.deleteAll(dir, "12x34"));

        assertFalse(Files.exists(dir.resolve("atoll-12x34-0")));
        assertFalse(Files.exists(dir.resolve("atoll-12x34-0.d")));
        assertTrue(Files.exists(dir.resolve("atoll-12x345-0")), "another job's board");
        assertTrue(Files.exists(dir.resolve("other")));
    }
}
