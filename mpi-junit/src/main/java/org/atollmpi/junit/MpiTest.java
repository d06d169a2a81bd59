package org.atollmpi.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test method as an MPI job: {@code bin/mpirun -np ranks} starts {@code ranks} JVMs, each
 * of which calls {@code MPI.Init}, creates the test class with its no-argument constructor, runs
 * its {@code @BeforeEach} methods, this method and its {@code @AfterEach} methods, and calls
 * {@code MPI.Finalize}. The test passes when every rank passes; otherwise it fails with one line
 * per failing rank ({@code rank 2 of 4: AssertionFailedError: expected: <3> but was: <2>}) and
 * that rank's exception as the cause.
 *
 * <pre>{@code
 * @MpiTest(ranks = 4)
 * void ringPassesTheToken() {
 *     int rank = MPI.COMM_WORLD.getRank();
 *     ...
 *     assertEquals(expected, token[0]);
 * }
 * }</pre>
 *
 * <p>In the JVM that runs JUnit (Surefire's, the IDE's) the method and its {@code @BeforeEach} /
 * {@code @AfterEach} methods do not run: only the ranks run them, with MPI initialized. Field
 * initializers and the constructor run in both, so keep MPI calls out of them. The method takes
 * no parameters. The ranks get JUnit's class path ({@code java.class.path}) after the atoll-mpi
 * jar, and run on the same {@code java}.
 *
 * <p>The launcher is found through {@code -Datoll.home}, {@code $ATOLL_HOME}, or else the first
 * directory upwards from the working directory that has {@code bin/mpirun}.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@Tag("mpi")
@ExtendWith(MpiTestExtension.class)
public @interface MpiTest {
    /** Number of ranks ({@code -np}); mpirun is always given {@code --oversubscribe}. */
    int ranks();

    /** Seconds the whole job may take, start-up included; then it is killed and the test fails. */
    int timeoutSeconds() default 60;

    /** Start a progress thread in every rank ({@code mpirun --async-progress}). */
    boolean asyncProgress() default false;

    /** Environment variables for the ranks, {@code "NAME=value"} each ({@code mpirun -x}). */
    String[] env() default {};

    /** Options for the ranks' JVMs (after {@code -ea}, which is always given, as Surefire does). */
    String[] jvmArgs() default {};

    /** Further mpirun options, placed before the program (e.g. {@code "--init-timeout", "20"}). */
    String[] mpirunArgs() default {};
}
