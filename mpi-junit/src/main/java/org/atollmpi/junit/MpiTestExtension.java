package org.atollmpi.junit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Runs {@link MpiTest} methods as MPI jobs.
 *
 * <p>Why an {@link InvocationInterceptor}: the test stays one ordinary {@code @Test} (one result,
 * one display name, IDE navigation, {@code @Disabled}, tags and conditions all work as usual) and
 * only its invocation changes: the interceptor skips the in-process call and runs the job instead,
 * and the job's verdict becomes the test's. A {@code TestTemplate} would fit if each rank were its
 * own test, but the ranks are one job that passes or fails together (a rank that fails usually
 * leaves the others blocked), so one test with one message naming every failing rank is the
 * honest shape. A {@code TestExecutionExceptionHandler} or {@code ExecutionCondition} cannot
 * replace the body of a test; an interceptor can.
 *
 * <p>{@code @BeforeEach}/{@code @AfterEach} methods of an {@code @MpiTest} are skipped here as
 * well: {@link MpiTestRank} runs them inside each rank, where MPI is initialized.
 *
 * <p>Inside a rank ({@link MpiTestRank#inRank()}: the property the rank main sets, or any JVM
 * started by mpirun) the interceptor lets everything run as it is, so the same class can never
 * start jobs recursively, and JUnit run by hand inside an mpirun job runs the methods directly.
 */
public final class MpiTestExtension implements InvocationInterceptor {

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext extensionContext) throws Throwable {
        Optional<MpiTest> annotation = AnnotationSupport.findAnnotation(invocationContext.getExecutable(), MpiTest.class);
        if (MpiTestRank.inRank() || annotation.isEmpty()) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        Method method = invocationContext.getExecutable();
        MpiTest mpi = annotation.get();
        if (method.getParameterCount() != 0) {
            throw new ExtensionConfigurationException("@MpiTest " + method.getName() + ": an @MpiTest method takes no"
                    + " parameters (each rank calls it by name), this one has " + method.getParameterCount());
        }
        if (mpi.ranks() < 1) {
            throw new ExtensionConfigurationException("@MpiTest(ranks = " + mpi.ranks() + ") on " + method.getName()
                    + ": need at least one rank");
        }
        if (mpi.timeoutSeconds() < 1) {
            throw new ExtensionConfigurationException("@MpiTest(timeoutSeconds = " + mpi.timeoutSeconds() + ") on "
                    + method.getName() + ": need at least one second");
        }
        for (String e : mpi.env()) {
            if (e.indexOf('=') < 1) {
                throw new ExtensionConfigurationException("@MpiTest(env = \"" + e + "\") on " + method.getName()
                        + ": expected NAME=value");
            }
        }
        Class<?> testClass = extensionContext.getRequiredTestClass();
        MpiJob.run(new MpiJob.Spec(MpiLauncher.find(), mpi.ranks(), Duration.ofSeconds(mpi.timeoutSeconds()),
                mpi.asyncProgress(), List.of(mpi.env()), List.of(mpi.jvmArgs()), List.of(mpi.mpirunArgs()),
                System.getProperty("java.class.path"), testClass.getName(), method.getName()));
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext extensionContext) throws Throwable {
        lifecycle(invocation, extensionContext);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext extensionContext) throws Throwable {
        lifecycle(invocation, extensionContext);
    }

    /** Lifecycle methods of an {@code @MpiTest} run in the ranks, not here. */
    private static void lifecycle(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        boolean mpiTest = context.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, MpiTest.class)).orElse(false);
        if (mpiTest && !MpiTestRank.inRank()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }
}
