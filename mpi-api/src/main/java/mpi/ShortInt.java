package mpi;

import java.nio.*;

public final class ShortInt extends Struct {
    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public short getValue() {
            throw Unsupported.notYet("ShortInt.Data.getValue");
        }

        public int getIndex() {
            throw Unsupported.notYet("ShortInt.Data.getIndex");
        }

        public void putValue(short v) {
            throw Unsupported.notYet("ShortInt.Data.putValue");
        }

        public void putIndex(int v) {
            throw Unsupported.notYet("ShortInt.Data.putIndex");
        }
    }
}
