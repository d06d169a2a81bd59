package mpi;

/**
 * Open MPI: the view of {@code MPI.FLOAT_INT} ({float value, int index}, C's layout:
 * the index at byte 4, extent 8) for MINLOC/MAXLOC; {@code getType()} is that predefined type.
 */
public final class FloatInt extends Struct {
    private final int value;
    private final int index;

    public FloatInt() {
        value = addFloat();
        setOffset(4);
        index = addInt();
        setOffset(8);
        predefined = Datatype.FLOAT_INT_TYPE;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public float getValue() {
            return getFloat(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(float v) {
            putFloat(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
