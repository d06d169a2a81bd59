package mpi;

import java.nio.*;

public final class Count implements Comparable {
    public Count(long count) {
        throw Unsupported.notYet("Count.Count");
    }

    public long getCount() {
        throw Unsupported.notYet("Count.getCount");
    }

    public void setCount(long count) {
        throw Unsupported.notYet("Count.setCount");
    }

    public boolean equals(Object obj) {
        throw Unsupported.notYet("Count.equals");
    }

    public int compareTo(Object obj) {
        throw Unsupported.notYet("Count.compareTo");
    }
}
