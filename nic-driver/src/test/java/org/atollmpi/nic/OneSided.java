package org.atollmpi.nic;

/**
 * Runs a one-sided operation to its end, for tests that check one at a time: issues it (again
 * after a poll while the port says BUSY: a network board does until its link is up), then, unless
 * it completed in the call (DONE or a NACK, as on the shm board), polls the port (one arrival at
 * a time, so nothing else is taken) until its completion comes.
 */
public final class OneSided {
    private static final long TOKEN = 0x5EED_0001L;

    private OneSided() {
    }

    public static int get(HostPort port, int target, int windowId, long capability, long offset, Object dstBase,
                          long dstOffset, int length) {
        return await(port, () -> port.get(target, windowId, capability, offset, dstBase, dstOffset, length, TOKEN), null);
    }

    public static int put(HostPort port, int target, int windowId, long capability, long offset, Object srcBase,
                          long srcOffset, int length) {
        return await(port, () -> port.put(target, windowId, capability, offset, srcBase, srcOffset, length, TOKEN), null);
    }

    /** The old value goes to {@code result[0]} when the operation succeeds. */
    public static int fetchAndAdd(HostPort port, int target, int windowId, long capability, long offset, long delta,
                                  long[] result) {
        return await(port, () -> port.fetchAndAdd(target, windowId, capability, offset, delta, TOKEN), result);
    }

    /** The value found goes to {@code result[0]} when the operation succeeds. */
    public static int compareAndSwap(HostPort port, int target, int windowId, long capability, long offset,
                                     long expected, long value, long[] result) {
        return await(port, () -> port.compareAndSwap(target, windowId, capability, offset, expected, value, TOKEN), result);
    }

    private static int await(HostPort port, java.util.function.IntSupplier issue, long[] result) {
        Completion c = new Completion();
        long deadline = System.nanoTime() + 10_000_000_000L;
        int issued;
        while ((issued = issue.getAsInt()) == NicStatus.BUSY && System.nanoTime() < deadline) {
            port.poll(c, 1);
            if (c.done) {
                throw new AssertionError("a completion arrived for nothing issued");
            }
            Thread.onSpinWait();
        }
        if (issued == NicStatus.DONE) { // completed in the call: no completion follows
            if (result != null) {
                result[0] = port.fetchedValue();
            }
            return NicStatus.OK;
        }
        if (issued != NicStatus.OK && issued != NicStatus.BUSY) {
            return issued; // a NACK at issue: completed, touching nothing
        }
        if (issued != NicStatus.OK) {
            throw new AssertionError("not issued: " + NicStatus.name(issued));
        }
        while (!c.done) {
            port.poll(c, 1);
        }
        if (c.token != TOKEN) {
            throw new AssertionError("completion with token " + c.token);
        }
        if (result != null && c.status == NicStatus.OK) {
            result[0] = c.value;
        }
        return c.status;
    }

    private static final class Completion implements ArrivalHandler {
        boolean done;
        long token;
        int status;
        long value;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            throw new AssertionError("a message arrived while waiting for a completion");
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            throw new AssertionError("a notification arrived while waiting for a completion");
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            this.done = true;
            this.token = token;
            this.status = status;
            this.value = value;
        }
    }
}
