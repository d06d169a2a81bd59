package mpi;

/**
 * What an attribute becomes when the object holding it is duplicated ({@code Comm.dup},
 * {@code dupWithInfo}, {@code iDup}): MPI's {@code MPI_Comm_copy_attr_function}. Passed to
 * {@link Comm#createKeyval(CopyAttrFunction, DeleteAttrFunction)}.
 *
 * <p>Returns the value the new object gets, or {@code null} for "do not copy" (MPI's flag false).
 * An exception thrown here makes the duplication fail.
 *
 * @param <T> the kind of object the attribute hangs on ({@link Comm})
 */
@FunctionalInterface
public interface CopyAttrFunction<T> {
    /** Never copies (MPI_COMM_NULL_COPY_FN). */
    CopyAttrFunction<Object> NULL_COPY = (oldObject, keyval, value) -> null;
    /** The new object gets the same value, the same reference (MPI_COMM_DUP_FN; {@code createKeyval()}'s copy). */
    CopyAttrFunction<Object> DUP = (oldObject, keyval, value) -> value;

    /**
     * @param oldObject the object being duplicated
     * @param keyval    the attribute's key
     * @param value     its value on {@code oldObject}
     * @return the value for the new object, or {@code null} not to copy it
     */
    Object copy(T oldObject, int keyval, Object value);
}
