package org.atollmpi.nic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class Sha256Test {
    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    private static byte[] digest(String ascii) {
        Sha256 sha = new Sha256();
        sha.update(ascii.getBytes(StandardCharsets.US_ASCII));
        return sha.digest();
    }

    /** FIPS 180-4 examples: one block, two blocks (56 bytes: the padding spills over), and the empty message. */
    @Test
    void nistVectors() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hex(digest("abc")));
        assertEquals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            hex(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", hex(digest("")));
    }

    @Test
    void agreesWithTheJdkOnEveryLengthAndSplit() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        MessageDigest jdk = MessageDigest.getInstance("SHA-256");
        Sha256 ours = new Sha256();
        for (int length = 0; length <= 300; length++) {
            byte[] data = new byte[length];
            random.nextBytes(data);
            int split = length == 0 ? 0 : random.nextInt(length + 1);
            ours.update(data, 0, split);
            ours.update(data, split, length - split);
            assertArrayEquals(jdk.digest(data), ours.digest(), "length " + length + " split at " + split);
        }
    }
}
