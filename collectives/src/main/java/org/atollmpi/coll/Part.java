package org.atollmpi.coll;

/**
 * One algorithm of a {@link CollectiveSchedule}, as rounds. A round does its local work (a copy,
 * a reduction of what the previous round received), then starts its sends and receives; the
 * schedule starts the next round once they have all completed. A round may start none (local
 * work only).
 */
abstract class Part {
    /**
     * Runs round {@code round} (counted from 0 for this part).
     *
     * @return false, having started nothing, when the part is done
     */
    abstract boolean startRound(CollectiveSchedule s, int round);

    /** Gives back what the part holds beyond its rounds (board memory); the schedule is over. */
    void release(CollectiveSchedule s) {
    }
}
