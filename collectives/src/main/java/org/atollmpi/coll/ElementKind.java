package org.atollmpi.coll;

/**
 * What a predefined reduction computes on: the element types of Java's MPI binding, as packed
 * bytes in native byte order.
 *
 * <ul>
 * <li>{@link #BYTE} is MPI's byte category (bitwise operations only), not an integer;</li>
 * <li>{@link #CHAR} is Java's unsigned 16-bit {@code char}, an integer;</li>
 * <li>{@link #BOOLEAN} is one byte, zero false and anything else true; results are 0 or 1;</li>
 * <li>the pair kinds, for MAXLOC/MINLOC, are a value immediately followed by an {@code int}
 *     index, with no padding: {@code INT_INT} 8 bytes, {@code SHORT_INT} 6, {@code LONG_INT} 12,
 *     {@code FLOAT_INT} 8, {@code DOUBLE_INT} 12;</li>
 * <li>the complex kinds are a real part followed by an imaginary part.</li>
 * </ul>
 */
public enum ElementKind {
    BYTE(1), CHAR(2), SHORT(2), BOOLEAN(1), INT(4), LONG(8), FLOAT(4), DOUBLE(8),
    INT_INT(8), SHORT_INT(6), LONG_INT(12), FLOAT_INT(8), DOUBLE_INT(12),
    FLOAT_COMPLEX(8), DOUBLE_COMPLEX(16);

    private final int bytes;

    ElementKind(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes one element takes, packed. */
    public int bytes() {
        return bytes;
    }

    public boolean isInteger() {
        return this == CHAR || this == SHORT || this == INT || this == LONG;
    }

    public boolean isFloatingPoint() {
        return this == FLOAT || this == DOUBLE;
    }

    public boolean isComplex() {
        return this == FLOAT_COMPLEX || this == DOUBLE_COMPLEX;
    }

    /** A value-index pair for MAXLOC/MINLOC. */
    public boolean isPair() {
        return this == INT_INT || this == SHORT_INT || this == LONG_INT || this == FLOAT_INT || this == DOUBLE_INT;
    }
}
