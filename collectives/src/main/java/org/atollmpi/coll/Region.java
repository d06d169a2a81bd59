package org.atollmpi.coll;

/** A place in memory as {@link org.atollmpi.engine.Addresses} addresses it: a base and an offset. */
record Region(Object base, long offset) {
}
