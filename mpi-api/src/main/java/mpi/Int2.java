package mpi;

import java.nio.*;

public final class Int2 extends Struct {
    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public int getValue() {
            throw Unsupported.notYet("Int2.Data.getValue");
        }

        public int getIndex() {
            throw Unsupported.notYet("Int2.Data.getIndex");
        }

        public void putValue(int v) {
            throw Unsupported.notYet("Int2.Data.putValue");
        }

        public void putIndex(int v) {
            throw Unsupported.notYet("Int2.Data.putIndex");
        }
    }
}
