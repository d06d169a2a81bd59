package org.atollmpi.rma;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The origin side of accesses to members whose window memory is not board memory: each put or get
 * is a request to the target's {@link WindowServer}, answered on a tag of this origin's own; the
 * answers' receives are what a flush waits for, per target. Same semantics as the NIC path, one
 * message each way instead of a NIC operation.
 *
 * <p>Answers come on a context of their own: an access of many blocks posts a receive per block,
 * and were they on the requests' context, every request arriving from another origin would scan
 * all of them before reaching the server's receive (a strided put of 32,000 blocks each way took
 * 46 s that way; matching is first fit in posting order).
 */
final class ServedAccess {
    private static final int FIRST_REPLY_TAG = 16;
    private static final int LAST_REPLY_TAG = (1 << 30) - 1;

    private final Engine engine;
    private final int context;
    private final int replyContext;
    private final List<List<Answer>> outstanding = new ArrayList<>();
    /**
     * Answers awaited in all, so that a flush of a window with none (every window over board
     * memory, and a served one between accesses) looks at no list: the common flush calls no
     * collection method and creates no iterator.
     */
    private int awaited;
    private int nextReply = FIRST_REPLY_TAG;

    /** One answer awaited: the receive, what it must hold, and the request's composite to complete. */
    private record Answer(Operation receive, int expectBytes, long[] status, Operation done) {
    }

    ServedAccess(Engine engine, int context, int replyContext, int members) {
        this.engine = engine;
        this.context = context;
        this.replyContext = replyContext;
        for (int m = 0; m < members; m++) {
            outstanding.add(new ArrayList<>());
        }
    }

    void put(int member, int world, long at, Object base, long from, int length, Operation done) {
        int sent = 0;
        do {
            int chunk = Math.min(ServedRequestDescriptor.MAX_PUT, length - sent);
            int reply = replyTag();
            long[] status = new long[1];
            Operation receive = engine.irecv(status, Addresses.LONG_ARRAY_BASE, 8, world, reply, replyContext);
            byte[] request = ServedRequestDescriptor.put(at + sent, base, from + sent, chunk, reply);
            engine.release(engine.isend(Engine.MODE_STANDARD, request, Addresses.BYTE_ARRAY_BASE, request.length, world,
                ServedRequestDescriptor.TAG, context));
            sent += chunk;
            track(member, new Answer(receive, 8, status, sent >= length ? done : null));
        } while (sent < length);
    }

    void get(int member, int world, long at, Object base, long into, int length, Operation done) {
        int reply = replyTag();
        Operation receive = engine.irecv(base, into, length, world, reply, replyContext);
        byte[] request = ServedRequestDescriptor.get(at, length, reply);
        engine.release(engine.isend(Engine.MODE_STANDARD, request, Addresses.BYTE_ARRAY_BASE, request.length, world,
            ServedRequestDescriptor.TAG, context));
        track(member, new Answer(receive, length, null, done));
    }

    private void track(int member, Answer a) {
        outstanding.get(member).add(a);
        awaited++;
        if (a.done != null) {
            engine.whenComplete(a.receive, r -> engine.completeComposite(a.done, error(a), message(a, member)));
        }
    }

    /** Waits for every answer from {@code member}; raises the first refused access. */
    void await(int member) {
        if (awaited == 0) {
            return;
        }
        List<Answer> answers = outstanding.get(member);
        EngineException first = null;
        for (Answer a : answers) {
            engine.await(a.receive);
            int error = error(a);
            if (error != ErrorClass.SUCCESS && first == null) {
                first = new EngineException(error, message(a, member));
            }
            engine.release(a.receive);
        }
        awaited -= answers.size();
        answers.clear();
        if (first != null) {
            throw first;
        }
    }

    void awaitAll() {
        if (awaited == 0) {
            return;
        }
        EngineException first = null;
        for (int m = 0; m < outstanding.size(); m++) {
            try {
                await(m);
            } catch (EngineException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static int error(Answer a) {
        Operation r = a.receive;
        if (r.error() != ErrorClass.SUCCESS) {
            return r.error();
        }
        boolean refused = r.byteCount() != a.expectBytes
            || a.status != null && a.status[0] != ServedRequestDescriptor.DONE;
        return refused ? ErrorClass.RMA_RANGE : ErrorClass.SUCCESS;
    }

    private static String message(Answer a, int member) {
        return error(a) == ErrorClass.SUCCESS ? null
            : "rank " + member + " refused a one-sided access outside its window";
    }

    private int replyTag() {
        int tag = nextReply;
        nextReply = tag == LAST_REPLY_TAG ? FIRST_REPLY_TAG : tag + 1;
        return tag;
    }
}
