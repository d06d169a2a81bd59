package mpi;

import java.nio.*;

public final class Group implements Freeable {
    static final Group NULL_GROUP = new Group(null, MPI.UNDEFINED);
    /** MPJ Express: the code of the empty group. */
    public static final int EMPTY = 3;
    /** MPJ Express: an internal code, kept for source compatibility. */
    public int code = -1;

    /** World rank of each member, by rank in this group; null for GROUP_NULL. */
    int[] worldRanks;
    /** This process's rank in the group, or UNDEFINED. */
    final int rank;

    Group(int[] worldRanks, int rank) {
        this.worldRanks = worldRanks;
        this.rank = rank;
    }

    public int getSize() {
        throw Unsupported.notYet("Group.getSize");
    }

    public int getRank() {
        throw Unsupported.notYet("Group.getRank");
    }

    public void free() {
        throw Unsupported.notYet("Group.free");
    }

    public boolean isNull() {
        throw Unsupported.notYet("Group.isNull");
    }

    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) {
        throw Unsupported.notYet("Group.translateRanks");
    }

    public static int compare(Group group1, Group group2) {
        throw Unsupported.notYet("Group.compare");
    }

    public static Group union(Group group1, Group group2) {
        throw Unsupported.notYet("Group.union");
    }

    public static Group intersection(Group group1, Group group2) {
        throw Unsupported.notYet("Group.intersection");
    }

    public static Group difference(Group group1, Group group2) {
        throw Unsupported.notYet("Group.difference");
    }

    public Group incl(int[] ranks) {
        throw Unsupported.notYet("Group.incl");
    }

    public Group excl(int[] ranks) {
        throw Unsupported.notYet("Group.excl");
    }

    public Group rangeIncl(int[][] ranges) {
        throw Unsupported.notYet("Group.rangeIncl");
    }

    public Group rangeExcl(int[][] ranges) {
        throw Unsupported.notYet("Group.rangeExcl");
    }

    public int Size() {
        throw Unsupported.notYet("Group.Size");
    }

    public int Rank() {
        throw Unsupported.notYet("Group.Rank");
    }

    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) {
        throw Unsupported.notYet("Group.Translate_ranks");
    }

    public static int Compare(Group group1, Group group2) {
        throw Unsupported.notYet("Group.Compare");
    }

    public static Group Union(Group group1, Group group2) {
        throw Unsupported.notYet("Group.Union");
    }

    public static Group Intersection(Group group1, Group group2) {
        throw Unsupported.notYet("Group.Intersection");
    }

    public static Group Difference(Group group1, Group group2) {
        throw Unsupported.notYet("Group.Difference");
    }

    public Group Incl(int[] ranks) {
        throw Unsupported.notYet("Group.Incl");
    }

    public Group Excl(int[] ranks) {
        throw Unsupported.notYet("Group.Excl");
    }

    public Group Range_incl(int[][] ranges) {
        throw Unsupported.notYet("Group.Range_incl");
    }

    public Group Range_excl(int[][] ranges) {
        throw Unsupported.notYet("Group.Range_excl");
    }

    /**
     * mpiJava 1.2 / MPJ Express declare a public {@code finalize}; programs that call it compile.
     * It does nothing: the body is empty on purpose, because a class with a non-empty finalizer
     * has every instance registered with the finalizer thread, which costs an allocation per
     * object and defeats escape analysis on the hot path.
     */
    @Override
    @Deprecated
    @SuppressWarnings({"deprecation", "removal", "checkstyle:NoFinalizer"})
    public void finalize() {
    }
}
