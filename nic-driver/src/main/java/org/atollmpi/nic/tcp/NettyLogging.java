package org.atollmpi.nic.tcp;

import java.io.PrintStream;

import io.netty.util.internal.logging.AbstractInternalLogger;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

/**
 * Netty's internal log for the TCP board: one line on standard error for each INFO, WARN or ERROR
 * (the levels {@code java.util.logging} shows by default), DEBUG and TRACE dropped.
 *
 * <p>Why not Netty's own choice: without SLF4J or Log4J on the class path Netty logs through
 * {@code java.util.logging}, and the first logger starts its {@code LogManager} (configuration
 * file, security properties, the system logger's service lookup): 25-30 ms of every TCP rank's
 * start on the 2-core VM, ahead of anything Netty has to say (docs/SCALING.md). A program that
 * brings SLF4J or Log4J has chosen a logging framework, and Netty keeps logging to it.
 */
final class NettyLogging extends InternalLoggerFactory {
    /** Any of these on the class path and Netty picks it, as it would without us. */
    static final String[] FRAMEWORKS = {
        "org.slf4j.LoggerFactory", "org.apache.logging.log4j.LogManager", "org.apache.log4j.Logger"};

    private final PrintStream out;

    NettyLogging(PrintStream out) {
        this.out = out;
    }

    /**
     * Makes this Netty's default logger factory unless the program brings a logging framework; call
     * before any Netty class logs (loggers made earlier keep theirs).
     */
    static void install(ClassLoader loader) {
        if (!frameworkPresent(loader)) {
            InternalLoggerFactory.setDefaultFactory(new NettyLogging(System.err));
        }
    }

    /**
     * Looks the classes up, not their {@code .class} resources: a resource outside the JDK's
     * module packages is searched for in every module of the boot and platform loaders, 4-5 ms of
     * a rank's start where the class lookup goes by package straight to the class path.
     */
    static boolean frameworkPresent(ClassLoader loader) {
        for (String framework : FRAMEWORKS) {
            try {
                loader.loadClass(framework);
                return true;
            } catch (ClassNotFoundException | LinkageError absent) {
                // not this one
            }
        }
        return false;
    }

    @Override
    protected InternalLogger newInstance(String name) {
        return new Logger(name, out);
    }

    /** Substitutes the arguments for the {@code {}} anchors in order, as SLF4J does. */
    static String format(String pattern, Object... args) {
        if (pattern == null || args.length == 0) {
            return String.valueOf(pattern);
        }
        StringBuilder line = new StringBuilder(pattern.length() + 16 * args.length);
        int from = 0;
        int used = 0;
        int at;
        while (used < args.length && (at = pattern.indexOf("{}", from)) >= 0) {
            line.append(pattern, from, at).append(args[used++]);
            from = at + 2;
        }
        return line.append(pattern, from, pattern.length()).toString();
    }

    /** The throwable SLF4J would print: an argument after the last anchor's. */
    static Throwable trailingThrowable(String pattern, Object... args) {
        if (args.length == 0 || !(args[args.length - 1] instanceof Throwable)) {
            return null;
        }
        int anchors = 0;
        for (int at = pattern == null ? -1 : pattern.indexOf("{}"); at >= 0; at = pattern.indexOf("{}", at + 2)) {
            anchors++;
        }
        return anchors < args.length ? (Throwable) args[args.length - 1] : null;
    }

    private static final class Logger extends AbstractInternalLogger {
        private static final long serialVersionUID = 1L;

        private final transient PrintStream out;

        Logger(String name, PrintStream out) {
            super(name);
            this.out = out;
        }

        private void print(String level, String message, Throwable t) {
            synchronized (out) {
                out.println("atoll-mpi: netty " + level + " " + name() + ": " + message);
                if (t != null) {
                    t.printStackTrace(out);
                }
            }
        }

        private void print(String level, String pattern, Object... args) {
            print(level, format(pattern, args), trailingThrowable(pattern, args));
        }

        // TRACE and DEBUG: off
        @Override public boolean isTraceEnabled() { return false; }
        @Override public void trace(String msg) { }
        @Override public void trace(String format, Object arg) { }
        @Override public void trace(String format, Object argA, Object argB) { }
        @Override public void trace(String format, Object... arguments) { }
        @Override public void trace(String msg, Throwable t) { }
        @Override public boolean isDebugEnabled() { return false; }
        @Override public void debug(String msg) { }
        @Override public void debug(String format, Object arg) { }
        @Override public void debug(String format, Object argA, Object argB) { }
        @Override public void debug(String format, Object... arguments) { }
        @Override public void debug(String msg, Throwable t) { }

        @Override public boolean isInfoEnabled() { return true; }
        @Override public void info(String msg) { print("INFO", msg, (Throwable) null); }
        @Override public void info(String format, Object arg) { print("INFO", format, new Object[] {arg}); }
        @Override public void info(String format, Object argA, Object argB) { print("INFO", format, new Object[] {argA, argB}); }
        @Override public void info(String format, Object... arguments) { print("INFO", format, arguments); }
        @Override public void info(String msg, Throwable t) { print("INFO", msg, t); }

        @Override public boolean isWarnEnabled() { return true; }
        @Override public void warn(String msg) { print("WARN", msg, (Throwable) null); }
        @Override public void warn(String format, Object arg) { print("WARN", format, new Object[] {arg}); }
        @Override public void warn(String format, Object argA, Object argB) { print("WARN", format, new Object[] {argA, argB}); }
        @Override public void warn(String format, Object... arguments) { print("WARN", format, arguments); }
        @Override public void warn(String msg, Throwable t) { print("WARN", msg, t); }

        @Override public boolean isErrorEnabled() { return true; }
        @Override public void error(String msg) { print("ERROR", msg, (Throwable) null); }
        @Override public void error(String format, Object arg) { print("ERROR", format, new Object[] {arg}); }
        @Override public void error(String format, Object argA, Object argB) { print("ERROR", format, new Object[] {argA, argB}); }
        @Override public void error(String format, Object... arguments) { print("ERROR", format, arguments); }
        @Override public void error(String msg, Throwable t) { print("ERROR", msg, t); }
    }
}
