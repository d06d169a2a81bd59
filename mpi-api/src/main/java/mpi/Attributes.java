package mpi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.atollmpi.engine.ErrorClass;

/**
 * User attributes of one object (a communicator or a datatype), and the process-wide table of
 * keyvals with their copy and delete callbacks (shared by {@link Comm} and {@link Datatype}).
 *
 * <p>User keyvals are numbered from {@link #FIRST_KEYVAL} up, above the predefined attribute keys
 * ({@code MPI.HOST} ... {@code MPI.WIN_DISP_UNIT}; {@code MPI.TAG_UB} is {@code Integer.MAX_VALUE}),
 * and never reused. A freed keyval takes no new attributes but keeps its callbacks for the
 * attributes already set (MPI 6.7.2: freeing a keyval does not delete its attributes).
 */
final class Attributes {
    static final int FIRST_KEYVAL = 100;

    /** A keyval: its callbacks, which kind of object it is for, whether it has been freed. */
    static final class Keyval {
        final int id;
        final String kind;
        final CopyAttrFunction<Object> copy;
        final DeleteAttrFunction<Object> delete;
        volatile boolean freed;

        Keyval(int id, String kind, CopyAttrFunction<Object> copy, DeleteAttrFunction<Object> delete) {
            this.id = id;
            this.kind = kind;
            this.copy = copy;
            this.delete = delete;
        }
    }

    private static final Map<Integer, Keyval> KEYVALS = new HashMap<>();
    private static int nextKeyval = FIRST_KEYVAL;

    /** Attributes in the order they were set. */
    private final LinkedHashMap<Integer, Object> values = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    static int createKeyval(String kind, CopyAttrFunction<?> copy, DeleteAttrFunction<?> delete) {
        synchronized (KEYVALS) {
            int id = nextKeyval++;
            KEYVALS.put(id, new Keyval(id, kind,
                copy == null ? CopyAttrFunction.NULL_COPY : (CopyAttrFunction<Object>) copy,
                delete == null ? DeleteAttrFunction.NULL_DELETE : (DeleteAttrFunction<Object>) delete));
            return id;
        }
    }

    /** The keyval {@code id} for objects of {@code kind}, or ERR_KEYVAL through {@code scope}. */
    static Keyval keyval(Comm scope, int id, String kind, String call, boolean mayBeFreed) {
        Keyval k;
        synchronized (KEYVALS) {
            k = KEYVALS.get(id);
        }
        if (k == null || !k.kind.equals(kind) || (!mayBeFreed && k.freed)) {
            throw scope.raise(ErrorClass.KEYVAL, call + ": keyval " + id + (k == null ? " was not created by "
                + kind + ".createKeyval" : !k.kind.equals(kind) ? " is a " + k.kind + " keyval, not a " + kind + " keyval"
                : " has been freed"));
        }
        return k;
    }

    static void freeKeyval(Comm scope, int id, String kind, String call) {
        keyval(scope, id, kind, call, false).freed = true;
    }

    Object get(int keyval) {
        synchronized (values) {
            return values.get(keyval);
        }
    }

    /** Sets {@code value}, first deleting (with its callback) a value already set under {@code k}. */
    void set(Object owner, Keyval k, Object value) {
        Object old;
        synchronized (values) {
            old = values.put(k.id, value);
        }
        if (old != null) {
            k.delete.delete(owner, k.id, old);
        }
    }

    /** Removes the value of {@code k} and runs its delete callback; false when none is set. */
    boolean delete(Object owner, Keyval k) {
        Object old;
        synchronized (values) {
            old = values.remove(k.id);
        }
        if (old == null) {
            return false;
        }
        k.delete.delete(owner, k.id, old);
        return true;
    }

    /**
     * Runs every delete callback, most recent first, and forgets every value (the object is
     * freed); then throws the first callback's exception, if one threw.
     */
    void deleteAll(Object owner) {
        RuntimeException failure = null;
        List<Map.Entry<Integer, Object>> all;
        synchronized (values) {
            all = new ArrayList<>(values.entrySet());
            values.clear();
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            Keyval k;
            synchronized (KEYVALS) {
                k = KEYVALS.get(all.get(i).getKey());
            }
            try {
                k.delete.delete(owner, k.id, all.get(i).getValue());
            } catch (RuntimeException e) { // the others still run; the first failure is reported
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The attributes a duplicate of {@code owner} gets, through each keyval's copy callback. */
    Attributes copyFor(Object owner) {
        List<Map.Entry<Integer, Object>> all;
        synchronized (values) {
            all = new ArrayList<>(values.entrySet());
        }
        Attributes copy = new Attributes();
        for (Map.Entry<Integer, Object> e : all) {
            Keyval k;
            synchronized (KEYVALS) {
                k = KEYVALS.get(e.getKey());
            }
            Object v = k.copy.copy(owner, k.id, e.getValue());
            if (v != null) {
                copy.values.put(k.id, v);
            }
        }
        return copy;
    }
}
