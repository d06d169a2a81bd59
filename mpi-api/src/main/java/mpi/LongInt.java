package mpi;

import java.nio.*;

public final class LongInt extends Struct {
    @Override
    protected Data newData() {
        return new Data();
    }

    public final class Data extends Struct.Data {
        public long getValue() {
            throw Unsupported.notYet("LongInt.Data.getValue");
        }

        public int getIndex() {
            throw Unsupported.notYet("LongInt.Data.getIndex");
        }

        public void putValue(long v) {
            throw Unsupported.notYet("LongInt.Data.putValue");
        }

        public void putIndex(int v) {
            throw Unsupported.notYet("LongInt.Data.putIndex");
        }
    }
}
