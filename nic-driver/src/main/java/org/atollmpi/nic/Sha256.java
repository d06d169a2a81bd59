package org.atollmpi.nic;

import java.util.Arrays;

/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 for the job's authentication (the job server's and the TCP
 * board's), written out rather than taken from
 * {@code MessageDigest}: the JCA's first use in a JVM reads the security configuration and
 * initialises its providers, about 30 ms of every rank's and mpirun's start, for one hash of
 * a hundred bytes (docs/BENCHMARKS.md, "Start-up"). The tests check it against the NIST vectors
 * and against {@code MessageDigest} on random inputs of every length up to a few blocks.
 */
public final class Sha256 {
    public static final int BLOCK_BYTES = 64;
    public static final int DIGEST_BYTES = 32;

    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    private final int[] h = new int[8];
    private final int[] w = new int[64];
    private final byte[] block = new byte[BLOCK_BYTES];
    private int buffered;
    private long totalBytes;

    public Sha256() {
        reset();
    }

    /** HMAC-SHA256 (RFC 2104) under {@code key} over the concatenation of {@code parts}. */
    public static byte[] hmac(byte[] key, byte[]... parts) {
        Sha256 sha = new Sha256();
        byte[] k = key;
        if (key.length > BLOCK_BYTES) {
            sha.update(key);
            k = sha.digest();
        }
        byte[] inner = new byte[BLOCK_BYTES];
        byte[] outer = new byte[BLOCK_BYTES];
        for (int i = 0; i < BLOCK_BYTES; i++) {
            byte b = i < k.length ? k[i] : 0;
            inner[i] = (byte) (b ^ 0x36);
            outer[i] = (byte) (b ^ 0x5c);
        }
        sha.update(inner);
        for (byte[] part : parts) {
            sha.update(part);
        }
        byte[] innerHash = sha.digest();
        sha.update(outer);
        sha.update(innerHash);
        return sha.digest();
    }

    /** Compares MACs in time independent of where they differ. */
    public static boolean macMatches(byte[] expected, byte[] actual) {
        if (expected.length != actual.length) {
            return false;
        }
        int difference = 0;
        for (int i = 0; i < expected.length; i++) {
            difference |= expected[i] ^ actual[i];
        }
        return difference == 0;
    }

    private void reset() {
        h[0] = 0x6a09e667;
        h[1] = 0xbb67ae85;
        h[2] = 0x3c6ef372;
        h[3] = 0xa54ff53a;
        h[4] = 0x510e527f;
        h[5] = 0x9b05688c;
        h[6] = 0x1f83d9ab;
        h[7] = 0x5be0cd19;
        buffered = 0;
        totalBytes = 0;
    }

    public void update(byte[] data) {
        update(data, 0, data.length);
    }

    public void update(byte[] data, int offset, int length) {
        totalBytes += length;
        while (length > 0) {
            int n = Math.min(length, BLOCK_BYTES - buffered);
            System.arraycopy(data, offset, block, buffered, n);
            buffered += n;
            offset += n;
            length -= n;
            if (buffered == BLOCK_BYTES) {
                compress();
                buffered = 0;
            }
        }
    }

    /** The digest of everything given since the last digest; then starts afresh. */
    public byte[] digest() {
        long bits = totalBytes * 8;
        block[buffered++] = (byte) 0x80;
        if (buffered > BLOCK_BYTES - 8) {
            Arrays.fill(block, buffered, BLOCK_BYTES, (byte) 0);
            compress();
            buffered = 0;
        }
        Arrays.fill(block, buffered, BLOCK_BYTES - 8, (byte) 0);
        for (int i = 0; i < 8; i++) {
            block[BLOCK_BYTES - 1 - i] = (byte) (bits >>> (8 * i));
        }
        compress();
        byte[] out = new byte[DIGEST_BYTES];
        for (int i = 0; i < 8; i++) {
            out[4 * i] = (byte) (h[i] >>> 24);
            out[4 * i + 1] = (byte) (h[i] >>> 16);
            out[4 * i + 2] = (byte) (h[i] >>> 8);
            out[4 * i + 3] = (byte) h[i];
        }
        reset();
        return out;
    }

    private void compress() {
        for (int t = 0; t < 16; t++) {
            int i = 4 * t;
            w[t] = (block[i] & 0xff) << 24 | (block[i + 1] & 0xff) << 16 | (block[i + 2] & 0xff) << 8 | (block[i + 3] & 0xff);
        }
        for (int t = 16; t < 64; t++) {
            int s0 = Integer.rotateRight(w[t - 15], 7) ^ Integer.rotateRight(w[t - 15], 18) ^ (w[t - 15] >>> 3);
            int s1 = Integer.rotateRight(w[t - 2], 17) ^ Integer.rotateRight(w[t - 2], 19) ^ (w[t - 2] >>> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        int a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        for (int t = 0; t < 64; t++) {
            int s1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
            int ch = (e & f) ^ (~e & g);
            int t1 = hh + s1 + ch + K[t] + w[t];
            int s0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
            int maj = (a & b) ^ (a & c) ^ (b & c);
            int t2 = s0 + maj;
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;
    }
}
