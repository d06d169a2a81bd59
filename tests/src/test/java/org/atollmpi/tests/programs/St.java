package org.atollmpi.tests.programs;

import mpi.Datatype;
import mpi.Status;

/**
 * A status read through one dialect: Open MPI's {@code getSource()/getTag()/getCount()} or
 * mpiJava's public fields {@code source}, {@code tag}, {@code index} and {@code Get_count()}.
 */
public final class St {
    public final Status status;
    public final int source;
    public final int tag;
    private final boolean mpj;

    St(Status status, boolean mpj) {
        this.status = status;
        this.mpj = mpj;
        this.source = mpj ? status.source : status.getSource();
        this.tag = mpj ? status.tag : status.getTag();
    }

    public int count(Datatype type) {
        return mpj ? status.Get_count(type) : status.getCount(type);
    }

    public boolean cancelled() {
        return mpj ? status.Test_cancelled() : status.isCancelled();
    }

    public int index() {
        return mpj ? status.index : status.getIndex();
    }

    /** Asserts source, tag and element count. */
    public St expect(int source, int tag, int count, Datatype type, String what) {
        Check.equal(source, this.source, what + ": status source");
        Check.equal(tag, this.tag, what + ": status tag");
        Check.equal(count, count(type), what + ": status count");
        return this;
    }
}
