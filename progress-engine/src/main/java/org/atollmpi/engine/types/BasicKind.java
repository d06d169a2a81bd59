package org.atollmpi.engine.types;

import org.atollmpi.engine.Addresses;

/**
 * The basic element kinds a type map is built from: Java's primitive types, with Java's sizes
 * (a {@code boolean} is one byte, as it is in a {@code boolean[]}; a {@code char} is two).
 * Each kind knows the base offset of its array class, so an element index turns into a byte
 * offset with one multiply-add.
 */
public enum BasicKind {
    BYTE(1, Addresses.BYTE_ARRAY_BASE),
    CHAR(2, Addresses.CHAR_ARRAY_BASE),
    SHORT(2, Addresses.SHORT_ARRAY_BASE),
    BOOLEAN(1, Addresses.BOOLEAN_ARRAY_BASE),
    INT(4, Addresses.INT_ARRAY_BASE),
    LONG(8, Addresses.LONG_ARRAY_BASE),
    FLOAT(4, Addresses.FLOAT_ARRAY_BASE),
    DOUBLE(8, Addresses.DOUBLE_ARRAY_BASE);

    // values() clones its array on every call; the layouts index kinds by ordinal on hot paths.
    private static final BasicKind[] KINDS = values();

    private final int size;
    private final long arrayBase;

    BasicKind(int size, long arrayBase) {
        this.size = size;
        this.arrayBase = arrayBase;
    }

    /** Bytes of one element. */
    public int size() {
        return size;
    }

    /** The byte offset of element 0 of an array of this kind, for {@code (base, offset)} addressing. */
    public long arrayBase() {
        return arrayBase;
    }

    static BasicKind ofOrdinal(int ordinal) {
        return KINDS[ordinal];
    }
}
