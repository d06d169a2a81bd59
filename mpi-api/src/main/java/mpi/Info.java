package mpi;

import java.nio.*;

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

    public void set(String key, String value) {
        throw Unsupported.notYet("Info.set");
    }

    public String get(String key) {
        throw Unsupported.notYet("Info.get");
    }

    public void delete(String key) {
        throw Unsupported.notYet("Info.delete");
    }

    public int size() {
        throw Unsupported.notYet("Info.size");
    }

    public String getKey(int i) {
        throw Unsupported.notYet("Info.getKey");
    }

    public Info clone() {
        throw Unsupported.notYet("Info.clone");
    }

    public Info dup() {
        throw Unsupported.notYet("Info.dup");
    }

    public void free() {
        throw Unsupported.notYet("Info.free");
    }

    public boolean isNull() {
        throw Unsupported.notYet("Info.isNull");
    }
}
