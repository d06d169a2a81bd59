package mpi;

import java.util.Arrays;

import org.atollmpi.engine.ErrorClass;

/**
 * An ordered set of processes, as world ranks. Groups are local values: making one (incl, union,
 * ...) involves no communication; a communicator is made from one with {@code Intracomm.create}.
 * Both dialects' names are here (Open MPI's lower case, mpiJava's capitalised).
 */
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

    /** A group of the world ranks {@code worldRanks} (in group-rank order); this process's rank found in it. */
    static Group of(int[] worldRanks) {
        int me = MPI.COMM_WORLD.rank;
        int rank = MPI.UNDEFINED;
        for (int i = 0; i < worldRanks.length; i++) {
            if (worldRanks[i] == me) {
                rank = i;
                break;
            }
        }
        return new Group(worldRanks, rank);
    }

    /** The members' world ranks (not a copy): the group, checked non-null on behalf of {@code call}. */
    final int[] members(String call, String what) {
        MPI.check(call);
        int[] w = worldRanks;
        if (w == null) {
            throw error(ErrorClass.GROUP, call + ": " + what + " is MPI.GROUP_NULL (or a freed group)");
        }
        return w;
    }

    /** Groups belong to no communicator: their errors go through COMM_WORLD's handler (MPI 3.1, 8.3). */
    static MPIException error(int errorClass, String message) {
        return MPI.COMM_WORLD.raise(errorClass, message);
    }

    public int getSize() {
        return members("getSize", "the group").length;
    }

    /** This process's rank in the group, or MPI.UNDEFINED when it is not a member. */
    public int getRank() {
        members("getRank", "the group");
        return rank;
    }

    public int Size() {
        return members("Size", "the group").length;
    }

    public int Rank() {
        members("Rank", "the group");
        return rank;
    }

    /** Makes this handle null ({@link #isNull}); GROUP_EMPTY, predefined, stays usable. */
    public void free() {
        free("free");
    }

    private void free(String call) {
        members(call, "the group");
        if (this != MPI.GROUP_EMPTY) {
            worldRanks = null;
        }
    }

    public boolean isNull() {
        return worldRanks == null;
    }

    /**
     * The rank in {@code group2} of each rank of {@code ranks1} in {@code group1}: UNDEFINED for a
     * process not in {@code group2}, PROC_NULL for PROC_NULL.
     */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) {
        return translate(group1, ranks1, group2, "translateRanks");
    }

    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) {
        return translate(group1, ranks1, group2, "Translate_ranks");
    }

    private static int[] translate(Group group1, int[] ranks1, Group group2, String call) {
        int[] a = nonNull(group1, call, "group1").members(call, "group1");
        int[] b = nonNull(group2, call, "group2").members(call, "group2");
        if (ranks1 == null) {
            throw error(ErrorClass.ARG, call + ": ranks1 is null");
        }
        int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            int r = ranks1[i];
            if (r == MPI.PROC_NULL) {
                out[i] = MPI.PROC_NULL;
            } else if (r < 0 || r >= a.length) {
                throw error(ErrorClass.RANK, call + ": ranks1[" + i + "] = " + r + " is not a rank of group1 (size "
                    + a.length + ")");
            } else {
                out[i] = indexOf(b, a[r]);
            }
        }
        return out;
    }

    /** IDENT: same members in the same order; SIMILAR: same members; otherwise UNEQUAL. */
    public static int compare(Group group1, Group group2) {
        return compare(group1, group2, "compare");
    }

    public static int Compare(Group group1, Group group2) {
        return compare(group1, group2, "Compare");
    }

    private static int compare(Group group1, Group group2, String call) {
        int[] a = nonNull(group1, call, "group1").members(call, "group1");
        int[] b = nonNull(group2, call, "group2").members(call, "group2");
        return compareMembers(a, b);
    }

    /** MPI.IDENT, SIMILAR or UNEQUAL for two member lists. */
    static int compareMembers(int[] a, int[] b) {
        if (Arrays.equals(a, b)) {
            return MPI.IDENT;
        }
        if (a.length != b.length) {
            return MPI.UNEQUAL;
        }
        int[] sa = a.clone();
        int[] sb = b.clone();
        Arrays.sort(sa);
        Arrays.sort(sb);
        return Arrays.equals(sa, sb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** The members of group1, then those of group2 not in group1, each in its group's order. */
    public static Group union(Group group1, Group group2) {
        return union(group1, group2, "union");
    }

    public static Group Union(Group group1, Group group2) {
        return union(group1, group2, "Union");
    }

    private static Group union(Group group1, Group group2, String call) {
        int[] a = nonNull(group1, call, "group1").members(call, "group1");
        int[] b = nonNull(group2, call, "group2").members(call, "group2");
        int[] out = Arrays.copyOf(a, a.length + b.length);
        int n = a.length;
        for (int w : b) {
            if (indexOf(a, w) == MPI.UNDEFINED) {
                out[n++] = w;
            }
        }
        return of(Arrays.copyOf(out, n));
    }

    /** The members of group1 that are also in group2, in group1's order. */
    public static Group intersection(Group group1, Group group2) {
        return select(group1, group2, true, "intersection");
    }

    public static Group Intersection(Group group1, Group group2) {
        return select(group1, group2, true, "Intersection");
    }

    /** The members of group1 that are not in group2, in group1's order. */
    public static Group difference(Group group1, Group group2) {
        return select(group1, group2, false, "difference");
    }

    public static Group Difference(Group group1, Group group2) {
        return select(group1, group2, false, "Difference");
    }

    private static Group select(Group group1, Group group2, boolean inBoth, String call) {
        int[] a = nonNull(group1, call, "group1").members(call, "group1");
        int[] b = nonNull(group2, call, "group2").members(call, "group2");
        int[] out = new int[a.length];
        int n = 0;
        for (int w : a) {
            if ((indexOf(b, w) != MPI.UNDEFINED) == inBoth) {
                out[n++] = w;
            }
        }
        return of(Arrays.copyOf(out, n));
    }

    /** The members of rank {@code ranks[0]}, {@code ranks[1]}, ... (distinct ranks of this group), in that order. */
    public Group incl(int[] ranks) {
        return include(ranks, "incl");
    }

    public Group Incl(int[] ranks) {
        return include(ranks, "Incl");
    }

    private Group include(int[] ranks, String call) {
        int[] w = members(call, "the group");
        checkRanks(ranks, w.length, call, "ranks");
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = w[ranks[i]];
        }
        return of(out);
    }

    /** The members whose ranks are not in {@code ranks} (distinct ranks of this group), in this group's order. */
    public Group excl(int[] ranks) {
        return exclude(ranks, "excl");
    }

    public Group Excl(int[] ranks) {
        return exclude(ranks, "Excl");
    }

    private Group exclude(int[] ranks, String call) {
        int[] w = members(call, "the group");
        boolean[] out = checkRanks(ranks, w.length, call, "ranks");
        return of(keep(w, out, false));
    }

    /** Checks that {@code ranks} are distinct ranks of a group of {@code size}; returns which ranks are named. */
    static boolean[] checkRanks(int[] ranks, int size, String call, String what) {
        if (ranks == null) {
            throw error(ErrorClass.ARG, call + ": " + what + " is null");
        }
        boolean[] seen = new boolean[size];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            if (r < 0 || r >= size) {
                throw error(ErrorClass.RANK, call + ": " + what + "[" + i + "] = " + r + " is not a rank of the group (size "
                    + size + ")");
            }
            if (seen[r]) {
                throw error(ErrorClass.RANK, call + ": " + what + "[" + i + "] = " + r + " appears twice");
            }
            seen[r] = true;
        }
        return seen;
    }

    private static int[] keep(int[] w, boolean[] named, boolean wanted) {
        int[] out = new int[w.length];
        int n = 0;
        for (int i = 0; i < w.length; i++) {
            if (named[i] == wanted) {
                out[n++] = w[i];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * The members of the ranks of triplets {@code {first, last, stride}} (stride may be negative,
     * never 0), triplet after triplet, each rank at most once.
     */
    public Group rangeIncl(int[][] ranges) {
        return rangeInclude(ranges, "rangeIncl");
    }

    public Group Range_incl(int[][] ranges) {
        return rangeInclude(ranges, "Range_incl");
    }

    private Group rangeInclude(int[][] ranges, String call) {
        int[] w = members(call, "the group");
        return include(expandRanges(ranges, w.length, call), call);
    }

    /** The members not named by the triplets of {@code ranges}, in this group's order. */
    public Group rangeExcl(int[][] ranges) {
        return rangeExclude(ranges, "rangeExcl");
    }

    public Group Range_excl(int[][] ranges) {
        return rangeExclude(ranges, "Range_excl");
    }

    private Group rangeExclude(int[][] ranges, String call) {
        int[] w = members(call, "the group");
        return exclude(expandRanges(ranges, w.length, call), call);
    }

    /** The ranks named by {@code {first, last, stride}} triplets, in order; each checked against {@code size}. */
    static int[] expandRanges(int[][] ranges, int size, String call) {
        if (ranges == null) {
            throw error(ErrorClass.ARG, call + ": ranges is null");
        }
        int[] out = new int[Math.max(size, 1)];
        int n = 0;
        boolean[] seen = new boolean[size];
        for (int t = 0; t < ranges.length; t++) {
            int[] r = ranges[t];
            if (r == null || r.length < 3) {
                throw error(ErrorClass.ARG, call + ": ranges[" + t + "] is not a {first, last, stride} triplet");
            }
            int first = r[0];
            int last = r[1];
            int stride = r[2];
            String triplet = "ranges[" + t + "] = {" + first + ", " + last + ", " + stride + "}";
            if (stride == 0) {
                throw error(ErrorClass.ARG, call + ": " + triplet + " has stride 0");
            }
            if (first < 0 || first >= size || last < 0 || last >= size) {
                throw error(ErrorClass.RANK, call + ": " + triplet + " names a rank outside the group (size " + size + ")");
            }
            if (stride > 0 ? first > last : first < last) {
                throw error(ErrorClass.ARG, call + ": " + triplet + ": its stride never reaches last from first");
            }
            for (long k = first; stride > 0 ? k <= last : k >= last; k += stride) {
                int rank = (int) k;
                if (seen[rank]) {
                    throw error(ErrorClass.RANK, call + ": " + triplet + " names rank " + rank + " a second time");
                }
                seen[rank] = true;
                out[n++] = rank;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Index of {@code value} in {@code a}, or MPI.UNDEFINED. */
    static int indexOf(int[] a, int value) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == value) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    private static Group nonNull(Group g, String call, String what) {
        if (g == null) {
            MPI.check(call);
            throw error(ErrorClass.GROUP, call + ": " + what + " is null");
        }
        return g;
    }

    @Override
    public String toString() {
        return worldRanks == null ? "MPI_GROUP_NULL" : "Group" + Arrays.toString(worldRanks);
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
