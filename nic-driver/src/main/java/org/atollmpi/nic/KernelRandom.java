package org.atollmpi.nic;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;

/**
 * Unpredictable bytes straight from the kernel ({@code /dev/urandom}, what {@code SecureRandom}'s
 * default NativePRNG reads as well) for job secrets, nonces and window capabilities. Not
 * {@code SecureRandom} itself: a JVM's first one loads and initialises the security providers,
 * about 30 ms of every rank's and mpirun's start (docs/BENCHMARKS.md, "Start-up"). Where the
 * device cannot be read, {@code SecureRandom} serves instead.
 */
public final class KernelRandom {
    private static final String DEVICE = "/dev/urandom";

    private KernelRandom() {
    }

    /** Fills {@code bytes}. */
    public static void nextBytes(byte[] bytes) {
        try (InputStream in = new FileInputStream(DEVICE)) {
            if (in.readNBytes(bytes, 0, bytes.length) == bytes.length) {
                return;
            }
        } catch (IOException | SecurityException e) {
            // no readable device: the JCA's generator below
        }
        Fallback.RANDOM.nextBytes(bytes);
    }

    public static long nextLong() {
        byte[] b = new byte[Long.BYTES];
        nextBytes(b);
        long value = 0;
        for (byte x : b) {
            value = value << 8 | (x & 0xff);
        }
        return value;
    }

    /** Created only when the device fails, so the providers load only then. */
    private static final class Fallback {
        static final SecureRandom RANDOM = new SecureRandom();
    }
}
