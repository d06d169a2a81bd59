package mpi;

import java.nio.*;

public abstract class User_function {
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
