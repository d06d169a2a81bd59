package org.atollmpi.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.core.importer.Locations;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.atollmpi.coll.fixture.SkipsToTheNic;
import org.atollmpi.launch.fixture.LauncherReachesTheBoard;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/ARCHITECTURE.md ("Modules"), checked over every module's production
 * classes, so that a new layer skip fails the build instead of making the page false. Which
 * package may use which (a package not named may not be used; the JDK and third-party libraries
 * are not layers):
 *
 * <pre>
 *   org.atollmpi.launch      -> runtime, mpi, engine.trace (the trace parts it merges)
 *   org.atollmpi.bench       -> mpi, coll, engine, engine.trace, nic (its JMH benchmarks drive boards)
 *   org.atollmpi.junit       -> mpi
 *   mpi                      -> runtime, coll, rma, engine, engine.trace
 *   org.atollmpi.runtime     -> engine, engine.trace, nic (it wires a rank's board under the engine)
 *   org.atollmpi.coll, .rma  -> engine
 *   org.atollmpi.engine      -> engine.trace, nic           (engine and engine.types)
 *   org.atollmpi.engine.trace, org.atollmpi.nic -> none of ours
 * </pre>
 *
 * So the NIC is seen by the engine, the runtime that wires it, and the benchmarks that measure
 * it; nothing above the engine but the runtime names a NIC class. The test of the check runs the
 * same rules over two deliberate skips (test fixtures) and expects them to fail, naming the
 * dependency.
 */
class LayeringTest {
    /** The modules whose production classes are checked, as directories of the repository. */
    private static final List<String> MODULES = List.of("nic-driver", "progress-engine", "collectives", "rma",
        "runtime", "mpi-api", "launcher", "mpi-junit", "benchmarks");

    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("NIC").definedBy("org.atollmpi.nic..")
        .layer("Engine").definedBy("org.atollmpi.engine", "org.atollmpi.engine.types..")
        .layer("Trace").definedBy("org.atollmpi.engine.trace..")
        .layer("Collectives").definedBy("org.atollmpi.coll..")
        .layer("OneSided").definedBy("org.atollmpi.rma..")
        .layer("Runtime").definedBy("org.atollmpi.runtime..")
        .layer("MPI").definedBy("mpi..")
        .layer("Launcher").definedBy("org.atollmpi.launch..")
        .layer("MpiJUnit").definedBy("org.atollmpi.junit..")
        .layer("Benchmarks").definedBy("org.atollmpi.bench..")
        .whereLayer("NIC").mayNotAccessAnyLayer()
        .whereLayer("Trace").mayNotAccessAnyLayer()
        .whereLayer("Engine").mayOnlyAccessLayers("Trace", "NIC")
        .whereLayer("Collectives").mayOnlyAccessLayers("Engine")
        .whereLayer("OneSided").mayOnlyAccessLayers("Engine")
        .whereLayer("Runtime").mayOnlyAccessLayers("Engine", "Trace", "NIC")
        .whereLayer("MPI").mayOnlyAccessLayers("Runtime", "Collectives", "OneSided", "Engine", "Trace")
        .whereLayer("Launcher").mayOnlyAccessLayers("Runtime", "MPI", "Trace")
        .whereLayer("MpiJUnit").mayOnlyAccessLayers("MPI")
        .whereLayer("Benchmarks").mayOnlyAccessLayers("MPI", "Collectives", "Engine", "Trace", "NIC")
        .because("docs/ARCHITECTURE.md: no module reaches up, and only the engine, the runtime and the"
            + " benchmarks see the NIC");

    /** ARCHITECTURE's promise in so many words, so that its failure message says it. */
    static final ArchRule NO_NIC_ABOVE_THE_ENGINE = noClasses()
        .that().resideInAnyPackage("org.atollmpi.coll..", "org.atollmpi.rma..", "mpi..", "org.atollmpi.launch..",
            "org.atollmpi.junit..")
        .should().dependOnClassesThat().resideInAPackage("org.atollmpi.nic..")
        .because("collectives, one-sided, the MPI layer and the launcher never see a NIC class");

    /** The fixtures' packages: test classes, imported beside the production ones for the test of the check. */
    private static final String FIXTURES = "..fixture..";

    private static JavaClasses production;
    /** The production classes and the two fixtures: one import, which is most of this test's time. */
    private static JavaClasses withFixtures;

    @BeforeAll
    static void importClasses() {
        Set<Location> locations = productionLocations();
        locations.addAll(Locations.ofClass(SkipsToTheNic.class));
        locations.addAll(Locations.ofClass(LauncherReachesTheBoard.class));
        withFixtures = new ClassFileImporter()
            // no test class but the fixtures, never a shaded or dist jar, not mpi-api's Java 22 twins
            .withImportOption(location -> ImportOption.Predefined.DO_NOT_INCLUDE_TESTS.includes(location)
                || location.contains("/fixture/"))
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .withImportOption(location -> !location.contains("/META-INF/versions/"))
            .importLocations(locations);
        production = withFixtures.that(resideOutsideOfPackage(FIXTURES));
    }

    /** Each module's {@code target/classes}, which must be there: checking nothing would pass. */
    private static Set<Location> productionLocations() {
        Path root = Path.of(System.getProperty("atoll.root", "..")).toAbsolutePath().normalize();
        Set<Location> locations = new HashSet<>();
        for (String module : MODULES) {
            Path classes = root.resolve(module).resolve("target/classes");
            assertTrue(Files.isDirectory(classes), classes + " is missing: build the module first");
            locations.add(Location.of(classes));
        }
        return locations;
    }

    @Test
    void everyLayerHasItsClasses() {
        // a renamed package would leave its layer empty and its rules checking nothing
        for (String pkg : List.of("org.atollmpi.nic", "org.atollmpi.engine", "org.atollmpi.engine.trace",
            "org.atollmpi.engine.types", "org.atollmpi.coll", "org.atollmpi.rma", "org.atollmpi.runtime", "mpi",
            "org.atollmpi.launch", "org.atollmpi.junit", "org.atollmpi.bench")) {
            assertTrue(production.containPackage(pkg), "no classes in " + pkg);
        }
        assertFalse(production.contain(SkipsToTheNic.class), "the fixtures are test classes, not production");
    }

    @Test
    void productionKeepsTheLayers() {
        LAYERS.check(production);
        NO_NIC_ABOVE_THE_ENGINE.check(production);
    }

    @Test
    void aCollectiveThatReachesTheNicFails() {
        assertFailsNaming(SkipsToTheNic.class, "org.atollmpi.nic.Memory");
    }

    @Test
    void aLauncherThatTakesANicUtilityFails() {
        assertFailsNaming(LauncherReachesTheBoard.class, "org.atollmpi.nic.tcp.HostAddresses");
    }

    /**
     * Both rules, over the production classes and the fixtures, fail on {@code fixture}'s
     * dependency on {@code target}, and on nothing but the fixtures.
     */
    private static void assertFailsNaming(Class<?> fixture, String target) {
        assertTrue(withFixtures.contain(fixture));
        for (ArchRule rule : List.of(LAYERS, NO_NIC_ABOVE_THE_ENGINE)) {
            EvaluationResult result = rule.evaluate(withFixtures);
            assertTrue(result.hasViolation(), "the rule let " + fixture.getName() + " through");
            List<String> lines = new ArrayList<>(result.getFailureReport().getDetails());
            assertTrue(lines.stream().anyMatch(l -> l.contains(fixture.getName()) && l.contains(target)),
                "no violation names " + fixture.getName() + " -> " + target + ": " + lines);
            for (String line : lines) {
                assertTrue(line.contains(".fixture."), "a violation other than the fixtures': " + line);
            }
        }
    }
}
