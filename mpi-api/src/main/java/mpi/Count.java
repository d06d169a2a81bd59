package mpi;

/**
 * A 64-bit element count ({@code MPI_Count}), as the Open MPI bindings return from
 * {@link Status#getElementsX}: a mutable holder of a {@code long}, equal to and ordered like the
 * value it holds.
 */
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

    /** Equal to another Count holding the same value. */
    @Override
    public boolean equals(Object obj) {
        return obj instanceof Count && ((Count) obj).count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /** Orders by value; a ClassCastException for anything but a Count, as Comparable asks. */
    @Override
    public int compareTo(Object obj) {
        return Long.compare(count, ((Count) obj).count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
