package mpi;

import java.nio.*;

public final class DoubleInt extends Struct {
    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public double getValue() {
            throw Unsupported.notYet("DoubleInt.Data.getValue");
        }

        public int getIndex() {
            throw Unsupported.notYet("DoubleInt.Data.getIndex");
        }

        public void putValue(double v) {
            throw Unsupported.notYet("DoubleInt.Data.putValue");
        }

        public void putIndex(int v) {
            throw Unsupported.notYet("DoubleInt.Data.putIndex");
        }
    }
}
