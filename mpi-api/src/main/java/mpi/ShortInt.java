package mpi;

/**
 * Open MPI: the view of {@code MPI.SHORT_INT} ({short value, int index}, C's layout:
 * the index at byte 4, extent 8) for MINLOC/MAXLOC; {@code getType()} is that predefined type.
 */
public final class ShortInt extends Struct {
    private final int value;
    private final int index;

    public ShortInt() {
        value = addShort();
        setOffset(4);
        index = addInt();
        setOffset(8);
        predefined = Datatype.SHORT_INT_TYPE;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public short getValue() {
            return getShort(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(short v) {
            putShort(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
