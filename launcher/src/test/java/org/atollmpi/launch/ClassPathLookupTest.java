package org.atollmpi.launch;

import static org.atollmpi.launch.ClassPathLookup.Result.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassPathLookupTest {
    @TempDir
    Path dir;

    private ClassPathLookup.Result find(String name, String... classPath) {
        return ClassPathLookup.find(name, List.of(classPath), dir);
    }

    @Test
    void classFilesInDirectoriesRelativeToTheBase() throws IOException {
        touch("classes/com/example/Hello.class");
        touch("Top.class");
        touch("classes/Outer$Inner.class");
        assertEquals(FOUND, find("com.example.Hello", "classes"));
        assertEquals(FOUND, find("com.example.Hello", "nowhere" + File.pathSeparator + dir.resolve("classes")));
        assertEquals(FOUND, find("Top", "."));
        assertEquals(FOUND, find("Top", ""), "an empty entry is the current directory");
        assertEquals(FOUND, find("Outer$Inner", "classes"));
        assertEquals(ABSENT, find("Hello", "classes"), "a class is found by its full name only");
        assertEquals(ABSENT, find("com.example.Hello", ".", "missing.jar", "missing/*"));
    }

    @Test
    void jarsWildcardsAndManifestClassPaths() throws IOException {
        jar("lib/app.jar", null, "com/example/App.class");
        jar("lib/more.JAR", null, "More.class");
        jar("deps/dep.jar", null, "dep/Dep.class");
        jar("main.jar", "deps/dep.jar lib/", "Main.class");
        assertEquals(FOUND, find("com.example.App", "lib/app.jar"));
        assertEquals(FOUND, find("More", "lib/*"));
        assertEquals(FOUND, find("dep.Dep", "main.jar"), "through the manifest's Class-Path");
        assertEquals(ABSENT, find("Nope", "main.jar", "lib/*", "lib/app.jar"));
    }

    @Test
    void whatCannotBeReadLeavesTheAnswerOpen() throws IOException {
        Files.writeString(dir.resolve("broken.jar"), "not a zip");
        assertEquals(UNKNOWN, find("Hello", "broken.jar"));
        touch("classes/Hello.class");
        assertEquals(FOUND, find("Hello", "broken.jar", "classes"), "found elsewhere is found");
        jar("abs.jar", "file:/somewhere/else.jar", "A.class");
        assertEquals(UNKNOWN, find("B", "abs.jar"), "an absolute manifest URL is left to the JVM");
    }

    @Test
    void wordsThatAreNoClassNamesAreAbsentWithoutLooking() {
        assertEquals(ABSENT, find("my-script", "."));
        assertEquals(ABSENT, find("a..b", "."));
        assertTrue(ClassPathLookup.isClassName("org.example.Main$1"));
        assertFalse(ClassPathLookup.isClassName("1abc"));
    }

    private void touch(String file) throws IOException {
        Path p = dir.resolve(file);
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[] {(byte) 0xca, (byte) 0xfe});
    }

    private void jar(String file, String classPath, String entry) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        Path p = dir.resolve(file);
        Files.createDirectories(p.getParent());
        try (OutputStream out = Files.newOutputStream(p); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.putNextEntry(new JarEntry(entry));
            jar.write(1);
            jar.closeEntry();
        }
    }
}
