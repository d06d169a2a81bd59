package mpi;

import java.nio.*;

/** Open MPI: a count that may exceed an int (MPI_Count), as used by the {@code ...X} calls. */
public final class Count implements Comparable {
    private long count;

    public Count(long count) {
        this.count = count;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    public boolean equals(Object obj) {
        return obj instanceof Count && ((Count) obj).count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    public int compareTo(Object obj) {
        return Long.compare(count, ((Count) obj).count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
