package mpi;

/**
 * Open MPI: the view of {@code MPI.LONG_INT} ({long value, int index}, C's layout:
 * the index at byte 8, extent 16) for MINLOC/MAXLOC; {@code getType()} is that predefined type.
 */
public final class LongInt extends Struct {
    private final int value;
    private final int index;

    public LongInt() {
        value = addLong();
        setOffset(8);
        index = addInt();
        setOffset(16);
        predefined = Datatype.LONG_INT_TYPE;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public long getValue() {
            return getLong(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(long v) {
            putLong(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
