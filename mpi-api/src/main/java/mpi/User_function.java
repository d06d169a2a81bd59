package mpi;

/**
 * mpiJava 1.2 reduction function ({@link Op#Op(User_function, boolean)}): {@code
 * inoutvec[inoutoffset + i] = invec[inoffset + i] op inoutvec[inoutoffset + i]} for {@code count}
 * elements. The arrays are of the datatype's element type: the program's own arrays where the
 * data are there, otherwise copies (offset 0).
 */
public abstract class User_function {
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
