package org.atollmpi.runtime.boot;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootProtocolTest {
    /** RFC 4231 test cases 1, 2 and 6 (a key longer than the block). */
    @Test
    void hmacSha256MatchesRfc4231() {
        byte[] key1 = new byte[20];
        Arrays.fill(key1, (byte) 0x0b);
        assertEquals("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
            hex(BootProtocol.hmacSha256(key1, ascii("Hi There"))));
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            hex(BootProtocol.hmacSha256(ascii("Jefe"), ascii("what do ya "), ascii("want for nothing?"))));
        byte[] key6 = new byte[131];
        Arrays.fill(key6, (byte) 0xaa);
        assertEquals("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            hex(BootProtocol.hmacSha256(key6, ascii("Test Using Larger Than Block-Size Key - Hash Key First"))));
    }

    @Test
    void macIsHmacSha256OfTheNonceAndTheRank() throws Exception {
        long secret = 0x1234_5678_9abc_def0L;
        byte[] nonce = ascii("sixteen byte nonce");
        Mac reference = Mac.getInstance("HmacSHA256");
        reference.init(new SecretKeySpec(
            ByteBuffer.allocate(8).putLong(secret).array(), "HmacSHA256"));
        reference.update(nonce);
        reference.update(ByteBuffer.allocate(4).putInt(3).array());
        assertArrayEquals(reference.doFinal(), BootProtocol.mac(secret, nonce, 3));
        assertFalse(Arrays.equals(BootProtocol.mac(secret, nonce, 3), BootProtocol.mac(secret, nonce, 4)));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

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
