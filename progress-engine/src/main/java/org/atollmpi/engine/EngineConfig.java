package org.atollmpi.engine;

/**
 * The engine's thresholds and policies. Defaults were chosen by measurement (docs/BENCHMARKS.md);
 * each can be overridden by a system property or, for programs started by mpirun, an environment
 * variable ({@code -x ATOLL_EAGER_LIMIT=...}).
 *
 * @param eagerLimit       largest message sent eagerly when it lives in board memory
 *                         ({@code MPI.newByteBuffer}); above it the receiver Gets it straight from
 *                         the sender's buffer, one copy in all
 * @param stagedEagerLimit largest message sent eagerly from anywhere else (heap arrays, private
 *                         direct buffers): a rendezvous would have to stage it, two copies plus a
 *                         round trip, so eager wins up to the receive ring's largest record
 * @param chunkBytes       size of the largest rendezvous staging chunk (pipelining unit for heap
 *                         arrays; smaller messages are cut in chunks down to half of it)
 * @param stagingSlots     number of staging chunks in flight per rendezvous send
 * @param idle             the idle strategy of blocking waits
 * @param heapRendezvous   how a rendezvous moves data that is not in board memory
 * @param oversubscribed   the node has fewer cores than ranks (and their NIC threads): a wait that
 *                         finds nothing for long gives the core up altogether
 * @param crossMemoryLimit largest message sent eagerly from a private direct buffer to a rank that
 *                         can read this process's memory (the shm board's cross-memory attach);
 *                         above it the RTS names the buffer itself and the receiver reads it, one
 *                         copy by the kernel (the staged eager limit still applies to the others)
 */
public record EngineConfig(int eagerLimit, int stagedEagerLimit, int chunkBytes, int stagingSlots, IdleMode idle,
                           HeapRendezvous heapRendezvous, boolean oversubscribed, int crossMemoryLimit) {
    public static final int DEFAULT_EAGER_LIMIT = 16 * 1024;
    /** Capped by the board's largest record (128 KiB less a header on the shm board). */
    public static final int DEFAULT_STAGED_EAGER_LIMIT = 128 * 1024;
    /**
     * Staging chunk, the largest (a message smaller than four of them is cut in smaller ones,
     * down to half, {@code RendezvousSend.chunkFor}): 256 KiB × 4 slots, since each chunk is
     * announced as it is filled and each slot given back as it is emptied. On the 2-core machine
     * with one rank a core, OSU's latency from direct buffers at 1, 2 and 4 MiB took 48, 96 and
     * 223 µs, against 88, 209 and 488 at 128 KiB × 4, 64-100 / 122-238 / 316-548 at 512 KiB × 2
     * and 256 KiB × 2, 142 / 305 / 625 at 64 KiB × 4 (docs/BENCHMARKS.md, issue 25); osu_bw of
     * 256-512 KiB arrays was faster in 128 KiB chunks. Before, when a batch of chunks was
     * announced at once, 128 KiB × 4 had been the best on a quiet 16-core machine
     * (docs/benchmarks/heap-rendezvous-device.txt).
     */
    public static final int DEFAULT_CHUNK_BYTES = 256 * 1024;
    public static final int DEFAULT_STAGING_SLOTS = 4;
    /**
     * Cross-memory attach from 64 KiB up: one {@code process_vm_readv} of 128 KiB took 12.7 µs on
     * the 2-core machine and an eager 128 KiB message (two copies through the ring) 22-28 µs, while
     * at 64 KiB eager took 5 µs and the system call alone 8 (docs/BENCHMARKS.md, issue 25).
     */
    public static final int DEFAULT_CROSS_MEMORY_LIMIT = 64 * 1024;

    /** How a blocking wait spends its time when there is nothing to do. */
    public enum IdleMode {
        /**
         * The default: spin, offering the core ({@code Thread.yield}) as often as other threads
         * take it, and, oversubscribed, park in long waits ({@link AdaptiveIdleStrategy}).
         */
        ADAPTIVE,
        /** Only spin (measurements, and a rank sure to have a core to itself). */
        SPIN,
        /** Spin briefly, then yield, then park with doubling delays ({@link PatientBackoffIdleStrategy}). */
        BACKOFF
    }

    /**
     * How a matched rendezvous moves data that does not live in board memory (heap arrays,
     * private direct buffers). Both cost two copies.
     */
    public enum HeapRendezvous {
        /**
         * FRAG records through the receiver's ring, copied straight into the receive buffer: no
         * board memory, no window, no Get round trip, and pipelined record by record. The better
         * choice when ranks share cores (on the 2-core VM it gave 1.3 to 2.3 times the bandwidth
         * of STAGING from 256 KiB up, docs/BENCHMARKS.md), and what any transfer falls back to
         * when no window or staging memory can be had.
         */
        RING,
        /**
         * Staging chunks of board memory the receiver Gets from (RMA): the sender fills a slot
         * again when the receiver reports it consumed. The default: where each rank has cores of
         * its own, sender and receiver copy in parallel, and on a quiet 16-core machine it gave
         * 1.2 to 1.4 times RING's bandwidth from 256 KiB up (0.8 to 0.95 of the C reference's
         * single copy, against 0.65 to 0.75), with latency within 10 % of RING's
         * (docs/BENCHMARKS.md).
         */
        STAGING
    }

    /** The defaults' rendezvous for data outside board memory: {@link HeapRendezvous#STAGING}. */
    public EngineConfig(int eagerLimit, int stagedEagerLimit, int chunkBytes, int stagingSlots, IdleMode idle) {
        this(eagerLimit, stagedEagerLimit, chunkBytes, stagingSlots, idle, HeapRendezvous.STAGING);
    }

    /** A rank with a core of its own. */
    public EngineConfig(int eagerLimit, int stagedEagerLimit, int chunkBytes, int stagingSlots, IdleMode idle,
                        HeapRendezvous heapRendezvous) {
        this(eagerLimit, stagedEagerLimit, chunkBytes, stagingSlots, idle, heapRendezvous, false);
    }

    /** Cross-memory attach above the default limit. */
    public EngineConfig(int eagerLimit, int stagedEagerLimit, int chunkBytes, int stagingSlots, IdleMode idle,
                        HeapRendezvous heapRendezvous, boolean oversubscribed) {
        this(eagerLimit, stagedEagerLimit, chunkBytes, stagingSlots, idle, heapRendezvous, oversubscribed,
            DEFAULT_CROSS_MEMORY_LIMIT);
    }

    public EngineConfig {
        if (eagerLimit < 0) {
            throw new IllegalArgumentException("eager limit must be >= 0: " + eagerLimit);
        }
        if (stagedEagerLimit < eagerLimit) {
            throw new IllegalArgumentException("staged eager limit " + stagedEagerLimit + " is below the eager limit "
                + eagerLimit);
        }
        if (chunkBytes < 4096) {
            throw new IllegalArgumentException("rendezvous chunk must be >= 4096 bytes: " + chunkBytes);
        }
        if (stagingSlots < 1) {
            throw new IllegalArgumentException("staging slots must be >= 1: " + stagingSlots);
        }
        if (crossMemoryLimit < 0) {
            throw new IllegalArgumentException("cross-memory eager limit must be >= 0: " + crossMemoryLimit);
        }
    }

    /**
     * The configuration for a rank sharing a node of {@code nodeCores} cores with
     * {@code localRanks} ranks (threads that need a core, NIC threads included): the adaptive
     * idle strategy, patient when they outnumber the cores.
     */
    public static EngineConfig forNode(int localRanks, int nodeCores) {
        return new EngineConfig(
            intSetting("atoll.eager.limit", "ATOLL_EAGER_LIMIT", DEFAULT_EAGER_LIMIT),
            intSetting("atoll.eager.staged", "ATOLL_STAGED_EAGER_LIMIT", DEFAULT_STAGED_EAGER_LIMIT),
            intSetting("atoll.rndv.chunk", "ATOLL_RNDV_CHUNK", DEFAULT_CHUNK_BYTES),
            intSetting("atoll.rndv.slots", "ATOLL_RNDV_SLOTS", DEFAULT_STAGING_SLOTS),
            enumSetting("atoll.idle", "ATOLL_IDLE", IdleMode.class, IdleMode.ADAPTIVE),
            enumSetting("atoll.rndv.heap", "ATOLL_RNDV_HEAP", HeapRendezvous.class, HeapRendezvous.STAGING),
            localRanks > nodeCores,
            intSetting("atoll.eager.crossMemory", "ATOLL_CROSS_MEMORY_LIMIT", DEFAULT_CROSS_MEMORY_LIMIT));
    }

    static <E extends Enum<E>> E enumSetting(String property, String env, Class<E> type, E fallback) {
        String v = setting(property, env, null);
        if (v == null) {
            return fallback;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v.trim())) {
                return e;
            }
        }
        throw new IllegalArgumentException(property + " / " + env + " must be one of "
            + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(java.util.Locale.ROOT) + ", not '" + v + "'");
    }

    /** A number of bytes or things; sizes take the suffixes k, m and g (powers of 1024). */
    static int intSetting(String property, String env, int fallback) {
        String v = setting(property, env, null);
        if (v == null) {
            return fallback;
        }
        String t = v.trim().toLowerCase(java.util.Locale.ROOT);
        int shift = t.endsWith("k") ? 10 : t.endsWith("m") ? 20 : t.endsWith("g") ? 30 : 0;
        try {
            long n = Long.parseLong(shift == 0 ? t : t.substring(0, t.length() - 1).trim()) << shift;
            if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
                throw new NumberFormatException("too large");
            }
            return (int) n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " / " + env + " must be a whole number (with k, m or g"
                + " for sizes), not '" + v + "'");
        }
    }

    static String setting(String property, String env, String fallback) {
        String v = System.getProperty(property);
        if (v == null) {
            v = System.getenv(env);
        }
        return v == null ? fallback : v;
    }
}
