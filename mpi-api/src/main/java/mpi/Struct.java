package mpi;

import java.nio.*;

public abstract class Struct {
    public final int getExtent() {
        throw Unsupported.notYet("Struct.getExtent");
    }

    public final Datatype getType() {
        throw Unsupported.notYet("Struct.getType");
    }

    protected abstract Data newData();

    public final <T extends Data> T getData(ByteBuffer buffer) {
        throw Unsupported.notYet("Struct.getData");
    }

    public final <T extends Data> T getData(ByteBuffer buffer, int index) {
        throw Unsupported.notYet("Struct.getData");
    }

    public final <T extends Data> T getData(byte[] array) {
        throw Unsupported.notYet("Struct.getData");
    }

    public final <T extends Data> T getData(byte[] array, int index) {
        throw Unsupported.notYet("Struct.getData");
    }

    public final Struct setOffset(int offset) {
        throw Unsupported.notYet("Struct.setOffset");
    }

    public final int addByte() {
        throw Unsupported.notYet("Struct.addByte");
    }

    public final int addByte(int length) {
        throw Unsupported.notYet("Struct.addByte");
    }

    public final int addChar() {
        throw Unsupported.notYet("Struct.addChar");
    }

    public final int addChar(int length) {
        throw Unsupported.notYet("Struct.addChar");
    }

    public final int addShort() {
        throw Unsupported.notYet("Struct.addShort");
    }

    public final int addShort(int length) {
        throw Unsupported.notYet("Struct.addShort");
    }

    public final int addInt() {
        throw Unsupported.notYet("Struct.addInt");
    }

    public final int addInt(int length) {
        throw Unsupported.notYet("Struct.addInt");
    }

    public final int addLong() {
        throw Unsupported.notYet("Struct.addLong");
    }

    public final int addLong(int length) {
        throw Unsupported.notYet("Struct.addLong");
    }

    public final int addFloat() {
        throw Unsupported.notYet("Struct.addFloat");
    }

    public final int addFloat(int length) {
        throw Unsupported.notYet("Struct.addFloat");
    }

    public final int addDouble() {
        throw Unsupported.notYet("Struct.addDouble");
    }

    public final int addDouble(int length) {
        throw Unsupported.notYet("Struct.addDouble");
    }

    public final int addStruct(Struct struct) {
        throw Unsupported.notYet("Struct.addStruct");
    }

    public final int addStruct(Struct struct, int length) {
        throw Unsupported.notYet("Struct.addStruct");
    }

    public final int addData(Datatype type) {
        throw Unsupported.notYet("Struct.addData");
    }

    public final int addData(Datatype type, int length) {
        throw Unsupported.notYet("Struct.addData");
    }

    public abstract class Data {
        public final ByteBuffer getBuffer() {
            throw Unsupported.notYet("Struct.Data.getBuffer");
        }

        protected final byte getByte(int field) {
            throw Unsupported.notYet("Struct.Data.getByte");
        }

        protected final byte getByte(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getByte");
        }

        protected final void putByte(int field, byte v) {
            throw Unsupported.notYet("Struct.Data.putByte");
        }

        protected final void putByte(int field, int index, byte v) {
            throw Unsupported.notYet("Struct.Data.putByte");
        }

        protected final char getChar(int field) {
            throw Unsupported.notYet("Struct.Data.getChar");
        }

        protected final char getChar(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getChar");
        }

        protected final void putChar(int field, char v) {
            throw Unsupported.notYet("Struct.Data.putChar");
        }

        protected final void putChar(int field, int index, char v) {
            throw Unsupported.notYet("Struct.Data.putChar");
        }

        protected final short getShort(int field) {
            throw Unsupported.notYet("Struct.Data.getShort");
        }

        protected final short getShort(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getShort");
        }

        protected final void putShort(int field, short v) {
            throw Unsupported.notYet("Struct.Data.putShort");
        }

        protected final void putShort(int field, int index, short v) {
            throw Unsupported.notYet("Struct.Data.putShort");
        }

        protected final int getInt(int field) {
            throw Unsupported.notYet("Struct.Data.getInt");
        }

        protected final int getInt(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getInt");
        }

        protected final void putInt(int field, int v) {
            throw Unsupported.notYet("Struct.Data.putInt");
        }

        protected final void putInt(int field, int index, int v) {
            throw Unsupported.notYet("Struct.Data.putInt");
        }

        protected final long getLong(int field) {
            throw Unsupported.notYet("Struct.Data.getLong");
        }

        protected final long getLong(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getLong");
        }

        protected final void putLong(int field, long v) {
            throw Unsupported.notYet("Struct.Data.putLong");
        }

        protected final void putLong(int field, int index, long v) {
            throw Unsupported.notYet("Struct.Data.putLong");
        }

        protected final float getFloat(int field) {
            throw Unsupported.notYet("Struct.Data.getFloat");
        }

        protected final float getFloat(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getFloat");
        }

        protected final void putFloat(int field, float v) {
            throw Unsupported.notYet("Struct.Data.putFloat");
        }

        protected final void putFloat(int field, int index, float v) {
            throw Unsupported.notYet("Struct.Data.putFloat");
        }

        protected final double getDouble(int field) {
            throw Unsupported.notYet("Struct.Data.getDouble");
        }

        protected final double getDouble(int field, int index) {
            throw Unsupported.notYet("Struct.Data.getDouble");
        }

        protected final void putDouble(int field, double v) {
            throw Unsupported.notYet("Struct.Data.putDouble");
        }

        protected final void putDouble(int field, int index, double v) {
            throw Unsupported.notYet("Struct.Data.putDouble");
        }

        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            throw Unsupported.notYet("Struct.Data.getData");
        }

        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field, int index) {
            throw Unsupported.notYet("Struct.Data.getData");
        }

        protected final ByteBuffer getBuffer(Datatype type, int field) {
            throw Unsupported.notYet("Struct.Data.getBuffer");
        }

        protected final ByteBuffer getBuffer(Datatype type, int field, int index) {
            throw Unsupported.notYet("Struct.Data.getBuffer");
        }
    }
}
