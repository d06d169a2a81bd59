package org.atollmpi.rma;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The target side of a window whose memory is not board memory (a heap array, an ordinary direct
 * buffer, or such memory attached to a dynamic window: see {@link ServedMemory}): no window
 * descriptor can cover it, so this rank's engine serves the others' puts and
 * gets. One receive for {@link ServedRequestDescriptor requests} is always posted on the window's
 * context; its completion hook (run by whichever thread progresses the engine: the program in any
 * MPI call, or the progress thread of {@code --async-progress}) copies a put into the memory and
 * answers with its status, or answers a get with the data, and posts the next receive. The program
 * of this rank must therefore enter MPI (or run with asynchronous progress) for the others'
 * accesses to complete; that is the price of memory the NIC cannot reach.
 */
final class WindowServer {
    private final Engine engine;
    private static final byte[] NO_DATA = new byte[0];

    private final ServedMemory memory;
    private final int context;
    /** Where the answers go: a context apart from the requests' (see {@link ServedAccess}). */
    private final int replyContext;
    private final byte[] request = new byte[ServedRequestDescriptor.HEADER + ServedRequestDescriptor.MAX_PUT];
    private Operation posted;
    private boolean stopped;

    WindowServer(Engine engine, ServedMemory memory, int context, int replyContext) {
        this.engine = engine;
        this.memory = memory;
        this.context = context;
        this.replyContext = replyContext;
    }

    /** Posts the first receive. */
    void start() {
        engine.execute(this::post);
    }

    /** Takes the posted receive back (the window is freed: every member has completed its accesses). */
    void stop() {
        Operation[] last = new Operation[1];
        engine.execute(() -> {
            stopped = true;
            last[0] = posted;
        });
        engine.cancel(last[0]);
        engine.await(last[0]);
    }

    private void post() {
        if (stopped) {
            return;
        }
        posted = engine.irecv(request, Addresses.BYTE_ARRAY_BASE, request.length, Engine.ANY_SOURCE,
            ServedRequestDescriptor.TAG, context);
        engine.whenComplete(posted, this::serve);
    }

    /** A request has arrived (under the engine's lock, from a progress pass). */
    private void serve(Operation op) {
        if (op.isCancelled() || op.error() != ErrorClass.SUCCESS) {
            return;
        }
        int source = op.source();
        long kind = ServedRequestDescriptor.kind(request);
        long at = ServedRequestDescriptor.offset(request);
        long length = ServedRequestDescriptor.length(request);
        int reply = ServedRequestDescriptor.reply(request);
        boolean inside = length >= 0 && length <= Integer.MAX_VALUE && memory.covers(at, length);
        if (kind == ServedRequestDescriptor.PUT) {
            inside &= op.byteCount() == ServedRequestDescriptor.HEADER + length;
            if (inside) {
                Addresses.copy(request, Addresses.BYTE_ARRAY_BASE + ServedRequestDescriptor.HEADER, memory.base(at),
                    memory.address(at), length);
            }
            long[] status = {inside ? ServedRequestDescriptor.DONE : ServedRequestDescriptor.REFUSED};
            engine.release(engine.isend(Engine.MODE_STANDARD, status, Addresses.LONG_ARRAY_BASE, 8, source, reply,
                replyContext));
        } else {
            // a get outside the window is answered with no data, which the origin reads as refused
            if (inside) {
                engine.release(engine.isend(Engine.MODE_STANDARD, memory.base(at), memory.address(at), (int) length,
                    source, reply, replyContext));
            } else {
                engine.release(engine.isend(Engine.MODE_STANDARD, NO_DATA, Addresses.BYTE_ARRAY_BASE, 0, source, reply,
                    replyContext));
            }
        }
        engine.release(op);
        post();
    }
}
