package org.atollmpi.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Whether a thread is virtual ({@code Thread.isVirtual}, Java 21), asked from code compiled for
 * Java 17: the method is looked up once; where it does not exist (17-20) no thread is virtual.
 * A {@code static final} handle called with {@code invokeExact} compiles to the direct call.
 */
public final class ThreadKind {
    private static final MethodHandle IS_VIRTUAL = lookUp();

    private ThreadKind() {
    }

    /** True for a virtual thread; always false before Java 21. */
    public static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }

    /** True when the calling thread is virtual. */
    public static boolean currentIsVirtual() {
        return isVirtual(Thread.currentThread());
    }

    private static MethodHandle lookUp() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
