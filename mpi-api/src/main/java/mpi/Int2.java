package mpi;

/**
 * Open MPI: the view of {@code MPI.INT2} ({int value, int index}, C's layout:
 * the index at byte 4, extent 8) for MINLOC/MAXLOC; {@code getType()} is that predefined type.
 */
public final class Int2 extends Struct {
    private final int value;
    private final int index;

    public Int2() {
        value = addInt();
        index = addInt();
        setOffset(8);
        predefined = Datatype.INT2_TYPE;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public int getValue() {
            return getInt(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(int v) {
            putInt(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
