package mpi;

import java.nio.*;

public final class FloatInt extends Struct {
    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public float getValue() {
            throw Unsupported.notYet("FloatInt.Data.getValue");
        }

        public int getIndex() {
            throw Unsupported.notYet("FloatInt.Data.getIndex");
        }

        public void putValue(float v) {
            throw Unsupported.notYet("FloatInt.Data.putValue");
        }

        public void putIndex(int v) {
            throw Unsupported.notYet("FloatInt.Data.putIndex");
        }
    }
}
