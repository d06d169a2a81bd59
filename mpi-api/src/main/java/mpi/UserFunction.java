package mpi;

import java.nio.ByteBuffer;

/**
 * A reduction function of the Open MPI Java bindings ({@link Op#Op(UserFunction, boolean)}):
 * {@code inOutVec[i] = inVec[i] op inOutVec[i]} for {@code count} elements of {@code datatype}.
 *
 * <p>Which form is called: when the collective's data are Java arrays (or heap buffers), the
 * array form, with arrays of the datatype's element type ({@code int[]} for MPI.INT) holding
 * exactly {@code count} elements (copies: results must go into {@code inOutVec}); when they are
 * in direct buffers, the ByteBuffer form, with native-order direct buffers of {@code count}
 * elements from position 0. A function that implements only the array form still works on direct
 * buffers: the default ByteBuffer form copies into arrays and calls it. Whatever the function
 * throws fails the collective with ERR_OP (the class of an {@link MPIException} it throws).
 */
public abstract class UserFunction {
    /** The array form; a function must implement it unless it only ever sees direct buffers. */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
        throw new UnsupportedOperationException("UserFunction.call(Object, Object, int, Datatype) is not implemented by "
            + getClass().getName());
    }

    /** The direct-buffer form; by default the array form on copies of the data. */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
        CollectiveData.callArrayForm(this, in, inOut, count, datatype);
    }
}
