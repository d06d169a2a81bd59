package org.atollmpi.engine;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;

/**
 * The engine's one-sided facade: Puts, Gets and the two NIC atomics issued on behalf of one
 * layer-above object (an RMA window), with their completions counted per target. The RMA layer
 * never reaches the NIC itself.
 *
 * <p>Each operation is issued at once (when the port answers BUSY, the issuing call progresses the
 * engine, which delivers completions and so makes room, and issues again) and completes later,
 * in any order, through the port's completion with the token this channel gave it: then its
 * target's count goes down, an atomic's old value is written to the result location given at
 * issue (8 bytes, native order) and the optional {@code done} composite (from
 * {@link Engine#newComposite}) completes, with the error class of the NIC's NACK if the access
 * was refused. The first NACK is also kept and raised by the next {@link #awaitTarget} or
 * {@link #awaitAll}: that is how a flush or a fence learns that one of its accesses failed.
 *
 * <p>How a layer above waits: {@link #awaitTarget}/{@link #awaitAll} (blocking, for the program's
 * thread), the {@code done} composite of one operation (wait, test, or chain a
 * {@link Engine#whenComplete} hook), or a look at {@link #outstanding}. Issuing calls block only
 * while the port is BUSY and must not be made from a hook.
 *
 * <p>Works on every board unchanged: on the shm board an operation completes inside the issuing
 * call (the port says DONE: nothing is left outstanding, so a flush right after it costs a check),
 * on the late-completing board and a network board a later poll delivers its completion.
 */
public final class OneSidedChannel {
    private static final int NONE = -1;
    private static final int PUT = 0;
    private static final int GET = 1;
    private static final int FETCH_AND_ADD = 2;
    private static final int COMPARE_AND_SWAP = 3;

    private final Engine engine;
    private final Role role;
    private final int[] perTarget;
    private int total;
    /** What the waits wait for, made once: a flush per operation must not allocate a lambda each time. */
    private final BooleanSupplier[] targetDone;
    private final BooleanSupplier allDone = () -> total == 0;

    // one slot per operation in flight, indexed by the token's tag
    private int[] slotTarget = new int[16];
    private Object[] resultBase = new Object[16];
    private long[] resultOffset = new long[16];
    private boolean[] hasResult = new boolean[16];
    private Operation[] done = new Operation[16];
    private int[] freeSlots = new int[16];
    private int freeCount;
    private int slotHighWater;

    private int firstError = ErrorClass.SUCCESS;
    private String firstErrorMessage;
    private boolean closed;

    OneSidedChannel(Engine engine) {
        this.engine = engine;
        this.perTarget = new int[engine.size()];
        this.targetDone = new BooleanSupplier[perTarget.length];
        for (int t = 0; t < targetDone.length; t++) {
            int target = t;
            targetDone[t] = () -> perTarget[target] == 0;
        }
        this.role = new Role(engine);
        engine.registerChannel(role);
    }

    /** Operations issued to {@code target} whose completion has not arrived yet. */
    public int outstanding(int target) {
        return perTarget[target];
    }

    /** Operations issued whose completion has not arrived yet. */
    public int outstanding() {
        return total;
    }

    /**
     * Issues a Put of {@code length} bytes from {@code (srcBase, srcOffset)} to byte
     * {@code offset} of the window {@code key} names. The source must stay unchanged until the
     * operation completes.
     */
    public void put(int target, RemoteKey key, long offset, Object srcBase, long srcOffset, int length, Operation done) {
        issue(PUT, target, key, offset, srcBase, srcOffset, length, 0, 0, done);
    }

    /** Issues a Get: the destination holds the data once the operation completes. */
    public void get(int target, RemoteKey key, long offset, Object dstBase, long dstOffset, int length, Operation done) {
        issue(GET, target, key, offset, dstBase, dstOffset, length, 0, 0, done);
    }

    /**
     * Issues the NIC's atomic fetch-and-add on the 8-byte word at {@code offset} (8-byte aligned)
     * of the window; the old value is written to {@code (resultBase, resultOffset)} at completion,
     * unless that is {@code (null, 0)} (no result wanted).
     */
    public void fetchAndAdd(int target, RemoteKey key, long offset, long delta, Object resultBase, long resultOffset,
                            Operation done) {
        issue(FETCH_AND_ADD, target, key, offset, resultBase, resultOffset, 0, delta, 0, done);
    }

    /** Issues the NIC's atomic compare-and-swap; the value found is written to the result at completion. */
    public void compareAndSwap(int target, RemoteKey key, long offset, long expected, long value, Object resultBase,
                               long resultOffset, Operation done) {
        issue(COMPARE_AND_SWAP, target, key, offset, resultBase, resultOffset, 0, expected, value, done);
    }

    /**
     * Progresses until every operation issued to {@code target} has completed, then raises the
     * first refused access since the last await, if any.
     */
    public void awaitTarget(int target) {
        engine.progressUntil(targetDone[target]);
        raiseFirstError();
    }

    /** Progresses until every operation issued has completed, then raises the first refused access. */
    public void awaitAll() {
        engine.progressUntil(allDone);
        raiseFirstError();
    }

    /** Waits for every outstanding operation and gives the channel's token space back. */
    public void close() {
        engine.progressUntil(allDone);
        engine.execute(() -> {
            if (!closed) {
                closed = true;
                engine.retireChannel(role);
            }
        });
    }

    private void raiseFirstError() {
        if (firstError == ErrorClass.SUCCESS) {
            // a NACK is recorded in the same locked step that counts its operation down, which the
            // await saw under the lock: no allocation on the common path
            return;
        }
        int[] error = new int[1];
        String[] message = new String[1];
        engine.execute(() -> {
            error[0] = firstError;
            message[0] = firstErrorMessage;
            firstError = ErrorClass.SUCCESS;
            firstErrorMessage = null;
        });
        if (error[0] != ErrorClass.SUCCESS) {
            throw new EngineException(error[0], message[0]);
        }
    }

    /**
     * Issues one operation: at once when the port has room (the common case, no allocation), else
     * progressing between attempts, which delivers completions and so makes room.
     */
    private void issue(int kind, int target, RemoteKey key, long offset, Object base, long at, int length, long a,
                       long b, Operation op) {
        if (target < 0 || target >= perTarget.length) {
            throw new EngineException(ErrorClass.RANK, "target rank " + target + " is not in the job");
        }
        boolean result = kind == FETCH_AND_ADD && (base != null || at != 0) || kind == COMPARE_AND_SWAP;
        int slot = NONE;
        while (true) {
            engine.enter();
            try {
                if (closed) {
                    throw new EngineException(ErrorClass.WIN, "one-sided channel is closed");
                }
                if (slot == NONE) {
                    slot = takeSlot(target, base, at, result, op);
                }
                long token = Engine.token(role.handle, slot);
                HostPort port = engine.port();
                int status = switch (kind) {
                    case PUT -> port.put(target, key.id(), key.capability(), offset, base, at, length, token);
                    case GET -> port.get(target, key.id(), key.capability(), offset, base, at, length, token);
                    case FETCH_AND_ADD -> port.fetchAndAdd(target, key.id(), key.capability(), offset, a, token);
                    default -> port.compareAndSwap(target, key.id(), key.capability(), offset, a, b, token);
                };
                if (status != NicStatus.BUSY) {
                    perTarget[target]++;
                    total++;
                    if (status != NicStatus.OK) {
                        // completed in the call: DONE (shm), or refused at issue as a NACK would be; no
                        // completion follows. The hooks of what that completed (a composite counting
                        // its parts) run now, as a poll would have run them: whoever tests the
                        // operation next must find it complete without a progress pass.
                        finish(slot, status == NicStatus.DONE ? NicStatus.OK : status,
                            status == NicStatus.DONE && kind >= FETCH_AND_ADD ? port.fetchedValue() : 0);
                        if (op != null) {
                            engine.runCompletionHooks();
                        }
                    }
                    return;
                }
            } finally {
                engine.exit();
            }
            engine.idle(engine.progress());
        }
    }

    private int takeSlot(int target, Object base, long offset, boolean result, Operation op) {
        int s;
        if (freeCount > 0) {
            s = freeSlots[--freeCount];
        } else {
            if (slotHighWater == slotTarget.length) {
                int n = slotTarget.length * 2;
                slotTarget = Arrays.copyOf(slotTarget, n);
                resultBase = Arrays.copyOf(resultBase, n);
                resultOffset = Arrays.copyOf(resultOffset, n);
                hasResult = Arrays.copyOf(hasResult, n);
                done = Arrays.copyOf(done, n);
                freeSlots = Arrays.copyOf(freeSlots, n);
            }
            s = slotHighWater++;
        }
        slotTarget[s] = target;
        resultBase[s] = base;
        resultOffset[s] = offset;
        hasResult[s] = result;
        done[s] = op;
        return s;
    }

    /** A completion (under the engine's lock, from the port's poll). */
    private void finish(int slot, int status, long value) {
        int target = slotTarget[slot];
        Operation op = done[slot];
        if (status == NicStatus.OK && hasResult[slot]) {
            Memory.putLong(resultBase[slot], resultOffset[slot], value);
        }
        resultBase[slot] = null;
        done[slot] = null;
        slotTarget[slot] = NONE;
        freeSlots[freeCount++] = slot;
        perTarget[target]--;
        total--;
        int error = status == NicStatus.OK ? ErrorClass.SUCCESS : errorClassOf(status);
        String message = error == ErrorClass.SUCCESS ? null
            : "one-sided access to rank " + target + " refused by the NIC: " + NicStatus.describe(status)
                + " (" + NicStatus.name(status) + ")";
        if (error != ErrorClass.SUCCESS && firstError == ErrorClass.SUCCESS) {
            firstError = error;
            firstErrorMessage = message;
        }
        if (op != null && !op.complete) {
            op.error = error;
            op.errorMessage = message;
            engine.complete(op);
        }
    }

    /** The MPI error class of a NACK of the window check. */
    static int errorClassOf(int status) {
        return switch (status) {
            case NicStatus.TOFFSET, NicStatus.TLENGTH, NicStatus.TALIGN -> ErrorClass.RMA_RANGE;
            case NicStatus.TWID, NicStatus.TWID_CAPA, NicStatus.TRIGHTS -> ErrorClass.WIN;
            case NicStatus.TPEER -> ErrorClass.RANK;
            default -> ErrorClass.INTERN;
        };
    }

    /** The channel in the engine's operation table, so that the port's completions can name it. */
    private final class Role extends ProtocolRole {
        Role(Engine engine) {
            super(engine, Engine.ANY_SOURCE);
        }

        @Override
        int act() {
            return 0;
        }

        @Override
        String state() {
            return total + " outstanding";
        }

        @Override
        String describe(IntFunction<String> contextName) {
            int outstanding = total;
            return outstanding == 0 ? null
                : "one-sided operations issued to the NIC and not yet completed: " + outstanding;
        }

        @Override
        void onCompletion(int tag, int status, long value) {
            if (tag < 0 || tag >= slotHighWater || slotTarget[tag] == NONE) {
                unexpected("a NIC completion for no operation in flight (slot " + tag + ")");
                return;
            }
            finish(tag, status, value);
        }
    }
}
