package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * A communicator between two disjoint groups. Its rank and group ({@code getRank},
 * {@code getSize}, {@code getGroup}) are those of the local group; point-to-point ranks
 * ({@code dest}, {@code source}, status sources) are ranks of the REMOTE group: the
 * communicator's point-to-point table ({@code worldRanks}) is the remote group, its local group
 * is {@code localWorldRanks}. Both groups share one context pair, free at every member of both.
 * Collectives on it have MPI's intercommunicator meaning: a rooted one goes from the root (which
 * passes {@code MPI.ROOT}, the rest of its group {@code MPI.PROC_NULL}) to the other group, which
 * passes the root's rank there; the others give each group the other group's data.
 */
public final class Intercomm extends Comm {
    Intercomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Intercomm clone() {
        return (Intercomm) duplicate("clone", null);
    }

    public Intercomm dup() {
        return (Intercomm) duplicate("dup", null);
    }

    public Intercomm iDup() {
        return (Intercomm) duplicateNow("iDup");
    }

    public Intercomm dupWithInfo(Info info) {
        return (Intercomm) duplicate("dupWithInfo", info);
    }

    public int getRemoteSize() {
        live("getRemoteSize");
        return worldRanks.length;
    }

    public Group getRemoteGroup() {
        live("getRemoteGroup");
        return new Group(worldRanks, MPI.UNDEFINED);
    }

    /**
     * An intracommunicator of both groups: the group that passes {@code high} false first (when
     * both pass the same, the group with the lowest world rank first). Collective over both groups.
     */
    public Intracomm merge(boolean high) {
        return merge(high, "merge");
    }

    /**
     * The intercommunicator to the job that spawned this one ({@link Intracomm#spawn}): its ranks
     * are the remote group. A job started by mpirun has no parent: the null communicator
     * ({@code isNull()} true), as MPI's MPI_COMM_NULL.
     */
    public static Intercomm getParent() {
        MPI.check("getParent");
        Intercomm p = MPI.parent;
        return p != null ? p : Ports.noParent();
    }

    public int Remote_size() {
        live("Remote_size");
        return worldRanks.length;
    }

    public Group Remote_group() {
        live("Remote_group");
        return new Group(worldRanks, MPI.UNDEFINED);
    }

    public Intracomm Merge(boolean high) {
        return merge(high, "Merge");
    }

    private Intracomm merge(boolean high, String call) {
        live(call);
        int[] creators = creators();
        int me = creatorIndex();
        int[] flags = Agreement.allgather(this, call, creators, me, collContext, new int[] {high ? 1 : 0});
        int remoteAt = Group.indexOf(creators, worldRanks[0]);
        boolean remoteHigh = flags[remoteAt] != 0;
        int[] members;
        if (high == remoteHigh) {
            members = creators;
        } else {
            members = high ? concat(worldRanks, localWorldRanks) : concat(localWorldRanks, worldRanks);
        }
        int pair = newContextPair(call);
        return build(Intracomm.class, pair, members, Group.indexOf(members, MPI.COMM_WORLD.rank), members);
    }

    /**
     * MPI_Intercomm_create: called on the peer communicator {@code peer} (significant at the two
     * leaders only) by every member of both local communicators. The leaders swap their groups'
     * world ranks over {@code peer}'s point-to-point context with {@code tag} and broadcast them in
     * their local communicators; the context pair is agreed by ANDing each side's bitmaps over the
     * local communicator and swapping the results between the leaders.
     */
    static Intercomm create(Comm peer, Comm localComm, int localLeader, int remoteLeader, int tag, String call) {
        MPI.check(call);
        Comm.live(localComm, call, "localComm");
        if (localComm.isInterImpl()) {
            throw localComm.raise(ErrorClass.COMM, call + ": localComm is an intercommunicator");
        }
        int[] local = localComm.localWorldRanks;
        if (localLeader < 0 || localLeader >= local.length) {
            throw localComm.raise(ErrorClass.RANK, call + ": localLeader " + localLeader + " is not a rank of localComm (size "
                + local.length + ")");
        }
        boolean leader = localComm.rank == localLeader;
        int peerWorld = -1;
        if (leader) {
            Comm.live(peer, call, "the peer communicator");
            if (remoteLeader < 0 || remoteLeader >= peer.size) {
                throw peer.raise(ErrorClass.RANK, call + ": remoteLeader " + remoteLeader + " is not a rank of " + peer
                    + " (size " + peer.size + ")");
            }
            if (tag < 0 || tag > MPI.TAG_UB) {
                throw peer.raise(ErrorClass.TAG, call + ": tag " + tag + " is not between 0 and MPI.TAG_UB (" + MPI.TAG_UB
                    + ")");
            }
            peerWorld = peer.worldRanks[remoteLeader];
        }
        return join(localComm, localLeader, peer, peerWorld, tag, peer.p2pContext, call);
    }

    /**
     * The part of MPI_Intercomm_create after the arguments are checked, also how ports join two
     * groups ({@link Ports}): the leaders ({@code localLeader} of each {@code localComm}) swap
     * their groups over {@code context} with {@code tag}, the leader here talking to world rank
     * {@code remoteLeaderWorld} and raising through {@code scope}; every member agrees on a
     * context pair free at all of both groups.
     */
    static Intercomm join(Comm localComm, int localLeader, Comm scope, int remoteLeaderWorld, int tag, int context,
                          String call) {
        return join(localComm, localLeader, scope, remoteLeaderWorld, tag, context, call, null);
    }

    /**
     * As {@link #join(Comm, int, Comm, int, int, int, String)}, with the remote group given
     * ({@code knownRemote}, the numbers this process reaches its members by) instead of swapped:
     * a group of another job, whose world ranks mean nothing here ({@link Ports}).
     */
    static Intercomm join(Comm localComm, int localLeader, Comm scope, int remoteLeaderWorld, int tag, int context,
                          String call, int[] knownRemote) {
        int[] local = localComm.localWorldRanks;
        boolean leader = localComm.rank == localLeader;
        Comm peer = scope;
        int peerWorld = remoteLeaderWorld;
        int[] remote = knownRemote;
        if (remote == null) {
            remote = leader ? Agreement.exchange(peer, call, peerWorld, tag, context, local) : null;
            remote = Agreement.bcast(localComm, call, local, localComm.rank, localLeader, localComm.collContext, remote);
        }
        for (int w : remote) {
            if (Group.indexOf(local, w) != MPI.UNDEFINED) {
                throw localComm.raise(ErrorClass.COMM, call + ": the two groups overlap (world rank " + w
                    + " is in both); an intercommunicator joins disjoint groups");
            }
        }
        final int peerRank = peerWorld;
        int pair = ContextIds.allocate(localComm, call, ContextIds.key(localComm.collContext, Agreement.TAG_ALLGATHER),
            offer -> {
                int[] agreed = ContextIds.and(Agreement.allgather(localComm, call, local, localComm.rank,
                    localComm.collContext, offer));
                if (leader) {
                    agreed = ContextIds.and(agreed, Agreement.exchange(peer, call, peerRank, tag, context, agreed));
                }
                return Agreement.bcast(localComm, call, local, localComm.rank, localLeader, localComm.collContext, agreed);
            });
        return localComm.build(Intercomm.class, pair, local, localComm.rank, remote);
    }
}
