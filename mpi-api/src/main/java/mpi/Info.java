package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * Key/value hints (MPI_Info), kept in insertion order. atoll-mpi reads none of them yet; they are
 * stored, copied and returned as MPI says, so programs that pass hints run unchanged.
 */
public final class Info implements Freeable, Cloneable {
    static final Info NULL_INFO = new Info(null);

    /** Keys in insertion order (MPI_Info_get_nthkey); null for INFO_NULL and after free. */
    java.util.LinkedHashMap<String, String> entries;

    public Info() {
        this(new java.util.LinkedHashMap<>());
    }

    private Info(java.util.LinkedHashMap<String, String> entries) {
        this.entries = entries;
    }

    /** The entries, checked non-null (INFO_NULL or a freed info is ERR_INFO) on behalf of {@code call}. */
    private java.util.LinkedHashMap<String, String> entries(String call) {
        MPI.check(call);
        java.util.LinkedHashMap<String, String> e = entries;
        if (e == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.INFO, "Info." + call + ": the info is MPI.INFO_NULL (or freed)");
        }
        return e;
    }

    private static String checkKey(String key, String call) {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY) {
            throw MPI.COMM_WORLD.raise(ErrorClass.INFO_KEY, "Info." + call + ": key " + (key == null ? "null" : "'" + key + "'")
                + " is empty, null or longer than MPI.MAX_INFO_KEY (" + MPI.MAX_INFO_KEY + ")");
        }
        return key;
    }

    /** Sets {@code key} to {@code value}, replacing an earlier value. */
    public void set(String key, String value) {
        java.util.LinkedHashMap<String, String> e = entries("set");
        checkKey(key, "set");
        if (value == null || value.length() > MPI.MAX_INFO_VAL) {
            throw MPI.COMM_WORLD.raise(ErrorClass.INFO_VALUE, "Info.set: the value of key '" + key + "' is null or longer than"
                + " MPI.MAX_INFO_VAL (" + MPI.MAX_INFO_VAL + ")");
        }
        synchronized (e) {
            e.put(key, value);
        }
    }

    /** The value of {@code key}, or {@code null} when it is not set (as the Open MPI bindings). */
    public String get(String key) {
        java.util.LinkedHashMap<String, String> e = entries("get");
        checkKey(key, "get");
        synchronized (e) {
            return e.get(key);
        }
    }

    /** Start-up's own entries (INFO_ENV): no length limit, as Open MPI's environment has none. */
    void putPredefined(String key, String value) {
        java.util.LinkedHashMap<String, String> e = entries("set");
        synchronized (e) {
            e.put(key, value);
        }
    }

    void clearPredefined() {
        java.util.LinkedHashMap<String, String> e = entries("set");
        synchronized (e) {
            e.clear();
        }
    }

    /** Removes {@code key}; ERR_INFO_NOKEY when it is not set. */
    public void delete(String key) {
        java.util.LinkedHashMap<String, String> e = entries("delete");
        checkKey(key, "delete");
        synchronized (e) {
            if (e.remove(key) == null) {
                throw MPI.COMM_WORLD.raise(ErrorClass.INFO_NOKEY, "Info.delete: key '" + key + "' is not set");
            }
        }
    }

    /** The number of keys set. */
    public int size() {
        java.util.LinkedHashMap<String, String> e = entries("size");
        synchronized (e) {
            return e.size();
        }
    }

    /** The {@code i}-th key (in the order keys were first set). */
    public String getKey(int i) {
        java.util.LinkedHashMap<String, String> e = entries("getKey");
        synchronized (e) {
            if (i < 0 || i >= e.size()) {
                throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "Info.getKey: index " + i + " is not between 0 and size() - 1 ("
                    + (e.size() - 1) + ")");
            }
            int k = 0;
            for (String key : e.keySet()) {
                if (k++ == i) {
                    return key;
                }
            }
            throw new IllegalStateException("unreachable");
        }
    }

    /** A new info with the same entries (as {@link #dup}). */
    @Override
    public Info clone() {
        return copy("clone");
    }

    public Info dup() {
        return copy("dup");
    }

    private Info copy(String call) {
        java.util.LinkedHashMap<String, String> e = entries(call);
        synchronized (e) {
            return new Info(new java.util.LinkedHashMap<>(e));
        }
    }

    /** A copy of {@code info}, or a new empty info for null / INFO_NULL (what communicators keep). */
    static Info copyOf(Info info) {
        java.util.LinkedHashMap<String, String> e = info == null ? null : info.entries;
        if (e == null) {
            return new Info();
        }
        synchronized (e) {
            return new Info(new java.util.LinkedHashMap<>(e));
        }
    }

    /** Makes this handle null ({@link #isNull}); INFO_ENV, predefined, stays usable. */
    public void free() {
        entries("free");
        if (this != MPI.INFO_ENV) {
            entries = null;
        }
    }

    public boolean isNull() {
        return entries == null;
    }
}
