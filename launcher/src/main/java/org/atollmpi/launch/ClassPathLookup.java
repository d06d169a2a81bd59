package org.atollmpi.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Whether a class is on a class path, looked up the way the JVM's application class loader finds
 * it but without loading anything: the {@code .class} file in a directory entry, the zip entry in
 * a jar (and in the jars its manifest's {@code Class-Path} names), the jars of a {@code dir/*}
 * entry. mpirun asks before any rank starts, so that a class that is not there gets one clear
 * message instead of one JVM error per rank, and so that a word that is no class can be a command.
 * Where the class is found does not matter, only whether: callers may search the cheap entries first.
 * An entry it cannot read makes the answer {@link Result#UNKNOWN}: then the ranks decide.
 */
final class ClassPathLookup {
    enum Result { FOUND, ABSENT, UNKNOWN }

    private final String resource;
    private final Set<Path> seen = new HashSet<>();
    private boolean unreadable;

    private ClassPathLookup(String className) {
        this.resource = className.replace('.', '/') + ".class";
    }

    /**
     * Looks {@code className} up in {@code classPath}, a list of class path strings (each may hold
     * several entries separated by {@link File#pathSeparator}); relative entries are taken from
     * {@code base}, the directory the ranks run in.
     */
    static Result find(String className, List<String> classPath, Path base) {
        if (!isClassName(className)) {
            return Result.ABSENT;
        }
        ClassPathLookup lookup = new ClassPathLookup(className);
        for (String path : classPath) {
            for (String entry : path.split(File.pathSeparator, -1)) {
                if (lookup.entry(base, entry.isEmpty() ? "." : entry)) {
                    return Result.FOUND;
                }
            }
        }
        return lookup.unreadable ? Result.UNKNOWN : Result.ABSENT;
    }

    /** A binary class name: dot-separated Java identifiers ({@code $} included, for nested classes). */
    static boolean isClassName(String name) {
        boolean partStart = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.' && !partStart) {
                partStart = true;
            } else if (partStart ? Character.isJavaIdentifierStart(c) : Character.isJavaIdentifierPart(c)) {
                partStart = false;
            } else {
                return false;
            }
        }
        return !partStart;
    }

    private boolean entry(Path base, String entry) {
        try {
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                return wildcard(base.resolve(entry.substring(0, entry.length() - 1)));
            }
            Path p = base.resolve(entry);
            if (Files.isDirectory(p)) {
                return Files.isRegularFile(p.resolve(resource));
            }
            return Files.isRegularFile(p) && jar(p);
        } catch (InvalidPathException | SecurityException e) {
            unreadable = true;
            return false;
        }
    }

    /** {@code dir/*}: every {@code .jar} in the directory, as the JVM expands it. */
    private boolean wildcard(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
            for (Path jar : jars) {
                if (Files.isRegularFile(jar) && jar(jar)) {
                    return true;
                }
            }
        } catch (IOException e) {
            unreadable = true;
        }
        return false;
    }

    private boolean jar(Path jar) {
        if (!seen.add(jar.toAbsolutePath().normalize())) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            if (file.getEntry(resource) != null) {
                return true;
            }
            Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath != null) {
                Path dir = jar.toAbsolutePath().getParent();
                for (String url : classPath.strip().split("\\s+")) {
                    // relative URLs: '/'-separated, %-escaped; an absolute or odd one is left to the JVM
                    if (url.isEmpty() || url.contains(":") || url.contains("%")) {
                        unreadable |= !url.isEmpty();
                        continue;
                    }
                    if (entry(dir, url)) {
                        return true;
                    }
                }
            }
            return false;
        } catch (IOException e) {
            unreadable = true;
            return false;
        }
    }
}
