package org.atollmpi.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * What an engine waits for, as lines for a person: posted receives, unexpected messages, sends
 * queued for room, and the protocol roles in flight (synchronous and rendezvous sends waiting for
 * their match, rendezvous receives waiting for data, one-sided operations outstanding). Written
 * for {@code mpirun --timeout}, which asks a rank that seems stuck what it is doing.
 *
 * <p>It may run while the rank's own thread changes the structures it walks (see
 * {@link Engine#describePending}), so every walk is bounded and reads each link once; a
 * structure changing under it can make a line stale or cut a list short, never loop or throw past
 * {@link #describe}.
 */
final class PendingReport {
    /** Entries listed per list; the rest are counted. */
    static final int MAX_ENTRIES = 32;

    private final Engine engine;
    private final IntFunction<String> contextName;
    private final List<String> lines = new ArrayList<>();

    PendingReport(Engine engine, IntFunction<String> contextName) {
        this.engine = engine;
        this.contextName = contextName;
    }

    List<String> describe(Matcher matcher, SendQueue sendQueue, OperationTable table) {
        MatchQueues[] contexts = matcher.contextsView();
        for (int c = 0; c < contexts.length; c++) {
            MatchQueues q = contexts[c];
            if (q != null) {
                posted(c, q.postedHead());
                unexpected(c, q.unexpectedHead());
            }
        }
        for (int target = 0; target < engine.size(); target++) {
            queued(sendQueue.headOf(target));
        }
        roles(table.rolesView(), table.highWater());
        return lines;
    }

    private void posted(int context, Operation first) {
        int n = 0;
        for (Operation op = first; op != null; op = op.next) {
            if (n++ == MAX_ENTRIES) {
                lines.add("... and more receives posted on " + contextName.apply(context));
                return;
            }
            lines.add("receive posted: source " + source(op.peer) + ", tag " + tag(op.tag) + ", "
                + contextName.apply(context) + ", up to " + op.bytes + " bytes");
        }
    }

    private void unexpected(int context, HeldMessage first) {
        int n = 0;
        for (HeldMessage m = first; m != null; m = m.next) {
            if (n++ == MAX_ENTRIES) {
                lines.add("... and more unexpected messages on " + contextName.apply(context));
                return;
            }
            lines.add("unexpected message (arrived, no receive matches it yet): source " + m.source + ", tag "
                + m.tag() + ", " + contextName.apply(context) + ", " + m.messageBytes() + " bytes"
                + (m.kind() == Envelope.RTS ? " (rendezvous, data still at the sender)" : ""));
        }
    }

    private void queued(Operation first) {
        int n = 0;
        for (Operation op = first; op != null; op = op.next) {
            if (n++ == MAX_ENTRIES) {
                lines.add("... and more sends queued for rank " + op.peer);
                return;
            }
            lines.add("send queued (no room at the target yet, or no connection to it yet): dest " + op.peer
                + ", tag " + op.tag + ", " + contextName.apply(op.context) + ", " + op.bytes + " bytes, " + mode(op.mode));
        }
    }

    private void roles(ProtocolRole[] roles, int highWater) {
        int n = 0;
        for (int i = 0; i < Math.min(highWater, roles.length); i++) {
            ProtocolRole role = roles[i];
            if (role == null) {
                continue;
            }
            String line = role.describe(contextName);
            if (line == null) {
                continue;
            }
            if (n++ == MAX_ENTRIES) {
                lines.add("... and more protocol exchanges in flight");
                return;
            }
            lines.add(line);
        }
    }

    static String source(int peer) {
        return peer == Engine.ANY_SOURCE ? "ANY_SOURCE" : Integer.toString(peer);
    }

    static String tag(int tag) {
        return tag == Engine.ANY_TAG ? "ANY_TAG" : Integer.toString(tag);
    }

    static String mode(int mode) {
        return switch (mode) {
            case Engine.MODE_SYNCHRONOUS -> "synchronous";
            case Engine.MODE_READY -> "ready";
            case Engine.MODE_BUFFERED -> "buffered";
            default -> "standard";
        };
    }
}
