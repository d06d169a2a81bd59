package org.atollmpi.junit;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import mpi.MPI;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The main class of every rank of an {@link MpiTest} job:
 * {@code MpiTestRank <result directory> <test class> <method>}. It calls {@code MPI.Init}, creates
 * the test class with its no-argument constructor, runs its {@code @BeforeEach} methods
 * (superclasses first), the test method and its {@code @AfterEach} methods (even after a failure,
 * subclass first), writes the outcome to the result directory and calls {@code MPI.Finalize}.
 *
 * <p>A rank that fails may leave the others waiting for it in a receive or a collective. It waits
 * up to {@link #GRACE_MILLIS} for every rank to report (so that simultaneous failures are all
 * reported), then, unless all did, aborts the job: the launching side reports the ranks that never
 * got to the end of the method.
 */
public final class MpiTestRank {
    /** System property set to the rank inside every rank: {@link MpiTestExtension} then runs methods as they are. */
    public static final String IN_RANK_PROPERTY = "atoll.junit.rank";
    /** How long a failed rank waits for the others' results before it aborts the job. */
    static final long GRACE_MILLIS = 2_000;

    private MpiTestRank() {
    }

    /** Whether this JVM is a rank of an {@link MpiTest} job (or of any mpirun job). */
    public static boolean inRank() {
        return System.getProperty(IN_RANK_PROPERTY) != null || System.getenv("ATOLL_JOB_ID") != null;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: MpiTestRank <result directory> <test class> <test method>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        MPI.Init(new String[0]);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        System.setProperty(IN_RANK_PROPERTY, Integer.toString(rank));

        Throwable failure = run(args[1], args[2]);
        if (failure == null) {
            RankResults.writePassed(dir, rank);
            finalizeQuietly();
            System.out.flush();
            System.exit(0);
        }
        RankResults.writeFailed(dir, rank, failure);
        System.err.println("[@MpiTest] rank " + rank + " of " + size + " failed: " + failure);
        System.err.flush();
        long deadline = System.nanoTime() + GRACE_MILLIS * 1_000_000;
        boolean allReported = false;
        while (!allReported && System.nanoTime() < deadline) {
            allReported = true;
            for (int r = 0; r < size && allReported; r++) {
                allReported = RankResults.reported(dir, r);
            }
            if (!allReported) {
                Thread.sleep(20);
            }
        }
        if (allReported) {
            finalizeQuietly();
            System.exit(1);
        }
        MPI.COMM_WORLD.abort(1);
    }

    private static void finalizeQuietly() {
        try {
            if (!MPI.isFinalized()) {
                MPI.Finalize();
            }
        } catch (RuntimeException e) {
            // the test's own misuse of MPI was reported, or it passed: nothing to add
        }
    }

    /** Runs the test method with its lifecycle methods; returns what it threw, or null. */
    static Throwable run(String className, String methodName) {
        Object instance;
        Method test;
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            Class<?> testClass = Class.forName(className, true, loader);
            test = findTestMethod(testClass, methodName);
            Constructor<?> constructor = testClass.getDeclaredConstructor();
            constructor.setAccessible(true);
            instance = constructor.newInstance();
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return e;
        }
        Throwable failure = null;
        try {
            for (Method m : lifecycle(instance.getClass(), BeforeEach.class, true)) {
                invoke(m, instance);
            }
            invoke(test, instance);
        } catch (Throwable t) {
            failure = t;
        }
        for (Method m : lifecycle(instance.getClass(), AfterEach.class, false)) {
            try {
                invoke(m, instance);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                } else {
                    failure.addSuppressed(t);
                }
            }
        }
        return failure;
    }

    private static Method findTestMethod(Class<?> testClass, String name) throws NoSuchMethodException {
        for (Class<?> c = testClass; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Method m = c.getDeclaredMethod(name);
                m.setAccessible(true);
                return m;
            } catch (NoSuchMethodException e) {
                // look in the superclass
            }
        }
        throw new NoSuchMethodException(testClass.getName() + "." + name + "() (an @MpiTest method takes no parameters)");
    }

    /** Non-static methods annotated {@code annotation}, superclasses first when {@code topDown}. */
    private static List<Method> lifecycle(Class<?> testClass, Class<? extends Annotation> annotation, boolean topDown) {
        List<Method> found = new ArrayList<>();
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = testClass; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(c);
        }
        Collections.reverse(hierarchy);
        for (Class<?> c : hierarchy) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(annotation) && !Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0
                        && found.stream().noneMatch(f -> f.getName().equals(m.getName()))) {
                    m.setAccessible(true);
                    found.add(m);
                }
            }
        }
        if (!topDown) {
            Collections.reverse(found);
        }
        return found;
    }

    private static void invoke(Method m, Object instance) throws Throwable {
        try {
            m.invoke(instance);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
