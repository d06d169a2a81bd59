package mpi;

/**
 * Called when an attribute goes away: deleted ({@code deleteAttr}), replaced ({@code setAttr} on
 * a key already set), or its object freed ({@code Comm.free}): MPI's
 * {@code MPI_Comm_delete_attr_function}. Passed to
 * {@link Comm#createKeyval(CopyAttrFunction, DeleteAttrFunction)}.
 *
 * @param <T> the kind of object the attribute hangs on ({@link Comm})
 */
@FunctionalInterface
public interface DeleteAttrFunction<T> {
    /** Does nothing (MPI_COMM_NULL_DELETE_FN). */
    DeleteAttrFunction<Object> NULL_DELETE = (object, keyval, value) -> { };

    /**
     * @param object the object the attribute hung on
     * @param keyval the attribute's key
     * @param value  its value
     */
    void delete(T object, int keyval, Object value);
}
