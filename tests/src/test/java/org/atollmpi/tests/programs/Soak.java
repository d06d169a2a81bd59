package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import mpi.Win;

/**
 * A bounded soak: random point-to-point, collective and one-sided rounds on every rank for a
 * given time, every byte checked, every message counted exactly once, and the Java heap flat.
 *
 * <p>Each round is a pure function of {@code (seed, round)}: every rank draws the same schedule
 * from the same generator, so it knows, without asking, what it must send, receive, contribute and
 * find. Nothing the program checks comes from the library under test. Rank 0 alone decides when the
 * time is up and says so in the round's closing collective, so all ranks run the same rounds.
 *
 * <p>Board memory is checked by running out: the window of every one-sided round is created and
 * freed again, and the testlist runs this program on a board of 64 KiB per rank with 8 window
 * descriptors, so a window, a descriptor or a staging slot that is not given back ends the run
 * within a few rounds.
 *
 * <p>Arguments: {@code seconds=N} (default 60; {@code ATOLL_SOAK_SECONDS} in the environment wins,
 * for longer runs by hand), {@code seed=S} (default: the clock, printed so a failure can be
 * replayed).
 */
public final class Soak {
    /** Messages at least this long carry a header naming them, so wildcard receives can check them. */
    private static final int HEADER = 16;
    private static final int MAGIC = 0x50a4_50a4;
    /** Rounds between the first and last heap readings are what "flat" is judged over. */
    private static final int HEAP_BASELINE_ROUND = 30;
    /** Growth of the live heap (after a full GC) between the readings that fails the soak. */
    private static final long HEAP_GROWTH_LIMIT = 8L << 20;
    private static final int WINDOW_BYTES = 16 << 10;
    private static final int COUNTERS = 8;
    /** The largest message sent from or received into board memory (the pool's buffer size). */
    private static final int BOARD_BUFFER = 32 << 10;

    private Soak() {
    }

    public static void main(String[] args) {
        String[] rest = Check.init(args);
        long seconds = 60;
        long seed = System.nanoTime();
        for (String a : rest) {
            if (a.startsWith("seconds=")) {
                seconds = Long.parseLong(a.substring(8));
            } else if (a.startsWith("seed=")) {
                seed = Long.parseLong(a.substring(5));
            }
        }
        String fromEnv = System.getenv("ATOLL_SOAK_SECONDS");
        if (fromEnv != null && !fromEnv.isBlank()) {
            seconds = Long.parseLong(fromEnv.trim());
        }
        Intracomm world = MPI.COMM_WORLD;
        Check.needRanks(2);
        long[] agreed = {seed};
        world.bcast(agreed, 1, MPI.LONG, 0);
        seed = agreed[0];
        int me = Check.rank();
        if (me == 0) {
            System.out.printf("soak: %d ranks, %d s, seed=%d%n", Check.size(), seconds, seed);
        }
        new Soak.Run(world, seed).run(seconds * 1_000_000_000L);
        Check.done();
    }

    /** The state of one rank's soak: totals, the counters it expects, the heap readings. */
    private static final class Run {
        private final Intracomm world;
        private final int me;
        private final int n;
        private final long seed;
        /** What this rank's window counters must hold: every origin's fetch-and-add so far. */
        private final long[] expectedCounters = new long[COUNTERS];
        /** The counters live in a long[] window served by this rank's engine, for the whole run. */
        private final long[] counterMemory = new long[COUNTERS];
        private final Win counterWindow;
        private long messages;
        private long bytes;
        private long collectives;
        private long oneSided;
        private long heapBaseline = -1;
        /**
         * Board-memory buffers, made once: a round uses at most 3 per peer each way. Board memory
         * is freed only when a buffer is collected, so buffers made per message would fill a
         * small board with garbage and hide a real leak.
         */
        private final ByteBuffer[] boardSend;
        private final ByteBuffer[] boardRecv;
        private int boardSendUsed;
        private int boardRecvUsed;
        private final ByteBuffer rmaOrigin = MPI.newByteBuffer(WINDOW_BYTES);
        private final ByteBuffer rmaBack = MPI.newByteBuffer(WINDOW_BYTES);

        Run(Intracomm world, long seed) {
            this.world = world;
            this.me = world.getRank();
            this.n = world.getSize();
            this.seed = seed;
            this.counterWindow = new Win(counterMemory, COUNTERS, 1, MPI.INFO_NULL, world); // Open MPI's form: size and unit in elements
            this.boardSend = new ByteBuffer[3 * n];
            this.boardRecv = new ByteBuffer[3 * n];
            for (int i = 0; i < 3 * n; i++) {
                boardSend[i] = MPI.newByteBuffer(BOARD_BUFFER);
                boardRecv[i] = MPI.newByteBuffer(BOARD_BUFFER);
            }
        }

        void run(long nanos) {
            long start = System.nanoTime();
            int round = 0;
            boolean more = true;
            while (more) {
                SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + round);
                int kind = rnd.nextInt(3);
                String what = kind == 0 ? "point-to-point" : kind == 1 ? "collectives" : "one-sided";
                try {
                    switch (kind) {
                        case 0 -> pointToPoint(round, rnd);
                        case 1 -> collectives(round, rnd);
                        default -> oneSided(round, rnd);
                    }
                } catch (RuntimeException | AssertionError e) {
                    throw new AssertionError("soak round " + round + " (" + what + ", seed=" + seed + ") failed on rank "
                        + me + ": " + e, e);
                }
                if (round == HEAP_BASELINE_ROUND) {
                    heapBaseline = liveHeap();
                }
                int[] go = {me == 0 && System.nanoTime() - start >= nanos ? 0 : 1};
                world.bcast(go, 1, MPI.INT, 0);
                more = go[0] == 1;
                round++;
            }
            checkCounters(round);
            counterWindow.free();
            long heapEnd = liveHeap();
            System.out.printf("rank %d: %d rounds in %d ms: %d messages (%d bytes), %d collectives, %d one-sided ops;"
                    + " live heap %d KiB at round %d, %d KiB at the end%n", me, round, Check.millisSince(start), messages,
                bytes, collectives, oneSided, heapBaseline >> 10, HEAP_BASELINE_ROUND, heapEnd >> 10);
            Check.that(round > HEAP_BASELINE_ROUND, "only %d rounds ran: too few to judge the heap (give more seconds)", round);
            Check.that(heapEnd - heapBaseline < HEAP_GROWTH_LIMIT,
                "live heap grew by %d KiB between round %d and the end (limit %d KiB)",
                (heapEnd - heapBaseline) >> 10, HEAP_BASELINE_ROUND, HEAP_GROWTH_LIMIT >> 10);
        }

        // ---- point-to-point -------------------------------------------------------------------

        /**
         * Every ordered pair exchanges 0-3 messages of any protocol's size, on arrays, board
         * buffers or plain direct buffers, in every send mode. Named receives (tag A) must see
         * each source's messages in order; wildcard receives (tag B, ANY_SOURCE) take messages of
         * at least {@value #HEADER} bytes from anyone and identify them by their header.
         */
        private void pointToPoint(int round, SplittableRandom rnd) {
            int tagNamed = 2 * (round % 10_000);
            int tagAny = tagNamed + 1;
            // The schedule: plan[s][d] = the messages s sends to d, drawn identically everywhere.
            List<List<List<Msg>>> plan = new ArrayList<>(n);
            for (int s = 0; s < n; s++) {
                List<List<Msg>> row = new ArrayList<>(n);
                for (int d = 0; d < n; d++) {
                    List<Msg> msgs = new ArrayList<>();
                    int count = s == d ? 0 : rnd.nextInt(4);
                    for (int i = 0; i < count; i++) {
                        int size = size(rnd);
                        int buffer = rnd.nextInt(3);
                        if (buffer == 1 && size > BOARD_BUFFER) {
                            buffer = 2;
                        }
                        msgs.add(new Msg(s, d, i, size, buffer, rnd.nextInt(4), rnd.nextInt(3) == 0));
                    }
                    row.add(msgs);
                }
                plan.add(row);
            }
            List<Request> requests = new ArrayList<>();
            List<Runnable> checks = new ArrayList<>();
            boardRecvUsed = 0;
            boardSendUsed = 0;
            int wildcards = 0;
            int widest = HEADER;
            // Named receives are posted in the order each sender sends: its nonblocking messages
            // first, then its blocking ones (non-overtaking pairs them up in that order).
            for (int s = 0; s < n; s++) {
                List<Msg> inSendOrder = new ArrayList<>(plan.get(s).get(me));
                inSendOrder.sort((a, b) -> Boolean.compare(a.mode >= 2, b.mode >= 2));
                for (Msg m : inSendOrder) {
                    if (m.wildcard && m.size >= HEADER) {
                        wildcards++;
                        widest = Math.max(widest, m.size);
                    } else {
                        Object buf = m.buffer == 0 ? new byte[m.size] : m.buffer == 1 ? boardRecv[boardRecvUsed++]
                            : ByteBuffer.allocateDirect(m.size);
                        requests.add(buf instanceof byte[] a ? world.iRecv(a, m.size, MPI.BYTE, m.source, tagNamed)
                            : world.iRecv((ByteBuffer) buf, m.size, MPI.BYTE, m.source, tagNamed));
                        checks.add(() -> expectPayload(round, m, buf));
                    }
                }
            }
            boolean[][] seen = new boolean[n][4];
            List<WildcardReceive> wildcardReceives = new ArrayList<>(wildcards);
            for (int w = 0; w < wildcards; w++) {
                byte[] buf = new byte[widest];
                wildcardReceives.add(new WildcardReceive(requests.size(), buf));
                requests.add(world.iRecv(buf, widest, MPI.BYTE, MPI.ANY_SOURCE, tagAny));
            }
            // Sends: nonblocking ones first, then blocking ones, so a blocking rendezvous never waits
            // on a peer that is itself blocked before posting its receives (all were posted above).
            List<Msg> blocking = new ArrayList<>();
            for (int d = 0; d < n; d++) {
                for (Msg m : plan.get(me).get(d)) {
                    int tag = m.wildcard && m.size >= HEADER ? tagAny : tagNamed;
                    if (m.mode >= 2) {
                        blocking.add(m);
                        continue;
                    }
                    Object buf = payload(round, m);
                    requests.add(m.mode == 0 ? send(buf, m, tag, false) : send(buf, m, tag, true));
                    messages++;
                    bytes += m.size;
                }
            }
            for (Msg m : blocking) {
                int tag = m.wildcard && m.size >= HEADER ? tagAny : tagNamed;
                Object buf = payload(round, m);
                if (buf instanceof byte[] a) {
                    if (m.mode == 2) {
                        world.send(a, m.size, MPI.BYTE, m.dest, tag);
                    } else {
                        world.sSend(a, m.size, MPI.BYTE, m.dest, tag);
                    }
                } else if (m.mode == 2) {
                    world.send(buf, m.size, MPI.BYTE, m.dest, tag);
                } else {
                    world.sSend(buf, m.size, MPI.BYTE, m.dest, tag);
                }
                messages++;
                bytes += m.size;
            }
            Status[] statuses = Request.waitAllStatus(requests.toArray(new Request[0]));
            checks.forEach(Runnable::run);
            for (WildcardReceive w : wildcardReceives) {
                Status st = statuses[w.index];
                ByteBuffer header = ByteBuffer.wrap(w.buf).order(ByteOrder.LITTLE_ENDIAN);
                Check.equal(MAGIC, header.getInt(0), "magic of a wildcard message");
                Check.equal(round, header.getInt(4), "round of a wildcard message");
                int source = header.getInt(8);
                int index = header.getInt(12);
                Check.that(source >= 0 && source < n && index >= 0 && index < 4, "wildcard header %d/%d", source, index);
                Check.equal(source, st.getSource(), "status source of message " + index + " from " + source);
                Msg m = plan.get(source).get(me).get(index);
                Check.that(m.wildcard, "message %d from %d came on the wildcard tag but was sent named", index, source);
                Check.equal(m.size, st.getCount(MPI.BYTE), "status count of message " + index + " from " + source);
                Check.that(!seen[source][index], "message %d from %d received twice", index, source);
                seen[source][index] = true;
                expectPayload(round, m, w.buf);
            }
        }

        private Request send(Object buf, Msg m, int tag, boolean synchronous) {
            if (buf instanceof byte[] a) {
                return synchronous ? world.isSend(a, m.size, MPI.BYTE, m.dest, tag) : world.iSend(a, m.size, MPI.BYTE, m.dest, tag);
            }
            ByteBuffer b = (ByteBuffer) buf;
            return synchronous ? world.isSend(b, m.size, MPI.BYTE, m.dest, tag) : world.iSend(b, m.size, MPI.BYTE, m.dest, tag);
        }

        /** Sizes across every protocol: empty, fast slots, ring records, both rendezvous limits. */
        private static int size(SplittableRandom rnd) {
            int bucket = rnd.nextInt(20);
            if (bucket == 0) {
                return 0;
            } else if (bucket < 6) {
                return 1 + rnd.nextInt(40);
            } else if (bucket < 14) {
                return 41 + rnd.nextInt(4096);
            } else if (bucket < 18) {
                return 4096 + rnd.nextInt(60 << 10);
            }
            return (64 << 10) + rnd.nextInt(192 << 10);
        }

        private static byte patternByte(int round, Msg m, int j) {
            return (byte) (round * 131 + m.source * 31 + m.dest * 17 + m.index * 7 + j * 13 + (j >>> 8));
        }

        private Object payload(int round, Msg m) {
            byte[] bytes = patternBytes(round, m);
            if (m.buffer == 0) {
                return bytes;
            }
            ByteBuffer b = m.buffer == 1 ? boardSend[boardSendUsed++] : ByteBuffer.allocateDirect(m.size);
            b.put(0, bytes);
            return b;
        }

        private static byte[] patternBytes(int round, Msg m) {
            byte[] bytes = new byte[m.size];
            for (int j = 0; j < m.size; j++) {
                bytes[j] = patternByte(round, m, j);
            }
            if (m.size >= HEADER) {
                ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(0, MAGIC).putInt(4, round)
                    .putInt(8, m.source).putInt(12, m.index);
            }
            return bytes;
        }

        private static void expectPayload(int round, Msg m, Object buf) {
            byte[] want = patternBytes(round, m);
            for (int j = 0; j < m.size; j++) {
                byte got = buf instanceof byte[] a ? a[j] : ((ByteBuffer) buf).get(j);
                if (got != want[j]) {
                    throw new AssertionError("message " + m.index + " from rank " + m.source + " (" + m.size
                        + " B): byte " + j + " is " + got + ", expected " + want[j]);
                }
            }
        }

        // ---- collectives ----------------------------------------------------------------------

        /** A few collectives of random size and root; every result computed here and compared. */
        private void collectives(int round, SplittableRandom rnd) {
            int count = 1 + rnd.nextInt(rnd.nextBoolean() ? 64 : 40_000);
            long[] mine = new long[count];
            for (int i = 0; i < count; i++) {
                mine[i] = contribution(round, me, i);
            }
            long[] sum = new long[count];
            world.allReduce(mine, sum, count, MPI.LONG, MPI.SUM);
            for (int i = 0; i < count; i++) {
                long want = 0;
                for (int r = 0; r < n; r++) {
                    want += contribution(round, r, i);
                }
                if (sum[i] != want) {
                    throw new AssertionError("allReduce(SUM) of " + count + " longs: element " + i + " is " + sum[i] + ", expected " + want);
                }
            }
            int root = rnd.nextInt(n);
            int bcastBytes = rnd.nextInt(rnd.nextBoolean() ? 100 : 1 << 20);
            byte[] b = new byte[bcastBytes];
            if (me == root) {
                for (int j = 0; j < bcastBytes; j++) {
                    b[j] = (byte) (round + j * 7);
                }
            }
            world.bcast(b, bcastBytes, MPI.BYTE, root);
            for (int j = 0; j < bcastBytes; j++) {
                if (b[j] != (byte) (round + j * 7)) {
                    throw new AssertionError("bcast of " + bcastBytes + " B from root " + root + ": byte " + j + " wrong");
                }
            }
            int per = 1 + rnd.nextInt(500);
            int[] block = new int[per];
            for (int i = 0; i < per; i++) {
                block[i] = me * 1_000_000 + round * 7 + i;
            }
            int[] gathered = new int[per * n];
            world.allGather(block, per, MPI.INT, gathered, per, MPI.INT);
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < per; i++) {
                    Check.equal(r * 1_000_000 + round * 7 + i, gathered[r * per + i], "allGather block of rank " + r + " element " + i);
                }
            }
            int[] out = new int[per * n];
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < per; i++) {
                    out[r * per + i] = me * 1000 + r * 10 + (i & 7);
                }
            }
            int[] in = new int[per * n];
            world.allToAll(out, per, MPI.INT, in, per, MPI.INT);
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < per; i++) {
                    Check.equal(r * 1000 + me * 10 + (i & 7), in[r * per + i], "allToAll block from rank " + r + " element " + i);
                }
            }
            double[] d = {me + round * 0.5};
            double[] max = new double[1];
            Request req = world.iAllReduce(d, max, 1, MPI.DOUBLE, MPI.MAX);
            req.waitFor();
            Check.that(max[0] == n - 1 + round * 0.5, "iAllReduce(MAX) gave %s", max[0]);
            world.barrier();
            collectives += 6;
        }

        private static long contribution(int round, int rank, int i) {
            return (long) round * 1_000_003L + rank * 7919L + i * 31L;
        }

        // ---- one-sided ------------------------------------------------------------------------

        /**
         * A window of board memory made for this round: each origin puts into its own slot of
         * random targets and reads it back, under fence or lock, and adds to the served counter
         * window of random targets with fetch-and-op; then the window is freed.
         */
        private void oneSided(int round, SplittableRandom rnd) {
            Win win = new Win(WINDOW_BYTES, 1, MPI.INFO_NULL, world, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
            int slot = WINDOW_BYTES / n;
            boolean fence = rnd.nextBoolean();
            // The draws every rank makes for every origin, so each target knows what lands in it.
            int[] target = new int[n];
            int[] length = new int[n];
            int[] counterTarget = new int[n];
            for (int o = 0; o < n; o++) {
                target[o] = rnd.nextInt(n);
                length[o] = 1 + rnd.nextInt(slot);
                counterTarget[o] = rnd.nextInt(n);
            }
            int counter = round % COUNTERS;
            ByteBuffer origin = rmaOrigin;
            for (int j = 0; j < length[me]; j++) {
                origin.put(j, (byte) (round * 3 + me * 11 + j));
            }
            ByteBuffer back = rmaBack;
            if (fence) {
                win.fence(0);
                win.put(origin, length[me], MPI.BYTE, target[me], me * slot, length[me], MPI.BYTE);
                win.fence(0);
                win.get(back, length[me], MPI.BYTE, target[me], me * slot, length[me], MPI.BYTE);
                win.fence(0);
            } else {
                win.lock(MPI.LOCK_SHARED, target[me], 0);
                win.put(origin, length[me], MPI.BYTE, target[me], me * slot, length[me], MPI.BYTE);
                win.flush(target[me]);
                win.get(back, length[me], MPI.BYTE, target[me], me * slot, length[me], MPI.BYTE);
                win.unlock(target[me]);
            }
            for (int j = 0; j < length[me]; j++) {
                if (back.get(j) != origin.get(j)) {
                    throw new AssertionError("window slot at rank " + target[me] + ": byte " + j + " read back wrong"
                        + (fence ? " (fence)" : " (lock)"));
                }
            }
            long[] add = {contribution(round, me, counter) & 0xffff};
            long[] old = new long[1];
            counterWindow.lock(MPI.LOCK_SHARED, counterTarget[me], 0);
            counterWindow.fetchAndOp(add, old, MPI.LONG, counterTarget[me], counter, MPI.SUM);
            counterWindow.unlock(counterTarget[me]);
            for (int o = 0; o < n; o++) {
                if (counterTarget[o] == me) {
                    expectedCounters[counter] += contribution(round, o, counter) & 0xffff;
                }
            }
            world.barrier();
            // Own window memory holds exactly what the origins aimed at this rank put there.
            ByteBuffer base = (ByteBuffer) win.getAttr(MPI.WIN_BASE);
            for (int o = 0; o < n; o++) {
                if (target[o] == me) {
                    for (int j = 0; j < length[o]; j++) {
                        if (base.get(o * slot + j) != (byte) (round * 3 + o * 11 + j)) {
                            throw new AssertionError("rank " + o + "'s put into this window: byte " + j + " wrong");
                        }
                    }
                }
            }
            win.free();
            oneSided += 3;
        }

        private void checkCounters(int rounds) {
            world.barrier();
            counterWindow.lock(MPI.LOCK_EXCLUSIVE, me, 0);
            long[] now = new long[COUNTERS];
            counterWindow.get(now, COUNTERS, MPI.LONG, me, 0, COUNTERS, MPI.LONG);
            counterWindow.unlock(me);
            for (int i = 0; i < COUNTERS; i++) {
                Check.equal(expectedCounters[i], now[i], "counter " + i + " after " + rounds + " rounds of fetchAndOp(SUM)");
            }
            world.barrier();
        }

        private static long liveHeap() {
            Runtime rt = Runtime.getRuntime();
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            return rt.totalMemory() - rt.freeMemory();
        }
    }

    /** One message of a point-to-point round: buffer 0 array, 1 board, 2 direct; mode 0-3. */
    private record Msg(int source, int dest, int index, int size, int buffer, int mode, boolean wildcard) {
    }

    /** A wildcard receive: its place in the round's request array and its buffer. */
    private record WildcardReceive(int index, byte[] buf) {
    }
}
