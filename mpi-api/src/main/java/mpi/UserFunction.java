package mpi;

import java.nio.*;

public abstract class UserFunction {
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
        throw Unsupported.notYet("UserFunction.call");
    }

    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
        throw Unsupported.notYet("UserFunction.call");
    }
}
