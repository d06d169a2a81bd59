package org.atollmpi.coll;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.Operation;

/**
 * Collective operations run one after another as one operation: the stages of a collective whose
 * steps run over different groups, which one {@link CollectiveSchedule} (one group) cannot hold.
 * An intercommunicator's allreduce, for one, is a reduction in the local group, an exchange
 * between the two groups' leaders ({@link Intergroup#exchange}) and a broadcast in the local
 * group, each a schedule of its own.
 *
 * <p>A stage starts when the previous one has completed: from the completion hook of the
 * previous stage's last operation, so a sequence moves on by itself like any {@link Schedule}
 * and a nonblocking collective built of one progresses in the background. The caller holds one
 * composite operation that completes after the last stage with the first error any stage met;
 * the stages after a failed one are not started.
 *
 * <p>A stage is a set of {@link Stage}s started together (their operations run concurrently;
 * the next stage waits for all of them). A {@code Stage} may start nothing at this member (it
 * returns null: the stage concerns other members), and it may do local work when it is reached
 * (unpack what the previous stage received) before starting its operation or instead of one.
 * A sequence with no stages completes at once: what a member that takes no part in a collective
 * (an intercommunicator's {@code MPI_PROC_NULL} root group member) hands out.
 *
 * <p>Tags are the stages' own: each collective a stage starts is tagged with the call tag its
 * caller gave it. Stages of one call that talk between the same pair of members should use
 * different call tags (the callers here give every stage its own), though reusing one is safe
 * when all members run the stages in the same order: a later stage's message between a pair is
 * sent after the earlier stage's, and point-to-point matching keeps that order.
 */
public final class Sequence extends Schedule {
    /** One operation of a stage, started when the stage is reached. */
    @FunctionalInterface
    public interface Stage {
        /** Starts this member's operation of the stage (on the sequence's engine); null when it has none. */
        Operation start();
    }

    private final List<Stage[]> stages = new ArrayList<>();

    public Sequence(Engine engine, int context) {
        super(engine, context);
    }

    /**
     * Adds a stage: {@code together} are started at once, after every earlier stage has completed.
     * Stages are added before {@link #start}.
     */
    public Sequence then(Stage... together) {
        stages.add(together.clone());
        return this;
    }

    @Override
    protected boolean startRound(int round) {
        if (round >= stages.size()) {
            return false;
        }
        for (Stage stage : stages.get(round)) {
            Operation op = stage.start();
            if (op != null) {
                track(op);
            }
        }
        return true;
    }
}
