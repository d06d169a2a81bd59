package mpi;

/**
 * Open MPI: the view of {@code MPI.DOUBLE_INT} ({double value, int index}, C's layout:
 * the index at byte 8, extent 16) for MINLOC/MAXLOC; {@code getType()} is that predefined type.
 */
public final class DoubleInt extends Struct {
    private final int value;
    private final int index;

    public DoubleInt() {
        value = addDouble();
        setOffset(8);
        index = addInt();
        setOffset(16);
        predefined = Datatype.DOUBLE_INT_TYPE;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public double getValue() {
            return getDouble(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(double v) {
            putDouble(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
