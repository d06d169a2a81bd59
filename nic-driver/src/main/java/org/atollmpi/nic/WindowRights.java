package org.atollmpi.nic;

/** Rights a window descriptor grants to remote ranks; combine with {@code |}. */
public final class WindowRights {
    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int ATOMIC = 4;
    public static final int ALL = READ | WRITE | ATOMIC;

    private WindowRights() {
    }
}
