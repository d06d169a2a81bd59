package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.launch.OptionParser.Option;
import org.junit.jupiter.api.Test;

class OptionParserTest {
    private static final OptionParser PARSER = new OptionParser(List.of(
        new Option(List.of("-np", "--np"), 1, "N", "ranks"),
        new Option(List.of("--flag"), 0, "", "a flag"),
        new Option(List.of("--mca", "-mca"), 2, "key value", "two values"),
        new Option(List.of("-jar"), OptionParser.REST, "file", "the rest")));

    /** Every application as "name(given)=values". */
    private final List<String> applied = new ArrayList<>();

    private int parse(String... args) {
        return PARSER.parse(args, (name, given, values) -> applied.add(name + "(" + given + ")=" + values));
    }

    @Test
    void optionsUpToTheProgramWordAndNoFurther() {
        assertEquals(5, parse("-np", "2", "--flag", "--np", "-x", "Hello", "-np", "3"));
        assertEquals(List.of("-np(-np)=[2]", "--flag(--flag)=[]"), applied.subList(0, 2));
        assertEquals("-np(--np)=[-x]", applied.get(2), "a value is taken whatever it looks like");
        applied.clear();
        assertEquals(2, parse("-np", "2", "Hello", "--flag", "-np", "3"));
        assertEquals(List.of("-np(-np)=[2]"), applied, "what follows the program is the program's");
    }

    @Test
    void twoValuesRepeatedOptionsAndTheRestOfTheLine() {
        assertEquals(9, parse("--mca", "btl", "self", "-mca", "a", "b", "-jar", "app.jar", "-np"));
        assertEquals(List.of("--mca(--mca)=[btl, self]", "--mca(-mca)=[a, b]", "-jar(-jar)=[app.jar, -np]"), applied);
    }

    @Test
    void attachedValuesOfLongOptions() {
        assertEquals(2, parse("--np=4", "--flag", "Hello"));
        assertEquals(List.of("-np(--np)=[4]", "--flag(--flag)=[]"), applied);
        UsageError e = assertThrows(UsageError.class, () -> parse("--flag=yes", "Hello"));
        assertEquals("option '--flag' takes no value, not '=yes'", e.getMessage());
    }

    @Test
    void doubleDashEndsTheOptionsAndALoneDashIsAWord() {
        assertEquals(2, parse("--flag", "--", "-np", "2"));
        applied.clear();
        assertEquals(0, parse("-", "x"));
        assertEquals(List.of(), applied);
    }

    @Test
    void errorsNameTheOption() {
        assertEquals("Unknown option: '--bogus'", assertThrows(UsageError.class, () -> parse("--bogus")).getMessage());
        assertEquals("Unknown option: '--bogus=1'", assertThrows(UsageError.class, () -> parse("--bogus=1")).getMessage());
        assertEquals("Missing required parameter for option '-np' (N)",
            assertThrows(UsageError.class, () -> parse("-np")).getMessage());
        assertEquals("Missing required parameter for option '-mca' (key value)",
            assertThrows(UsageError.class, () -> parse("-mca", "btl")).getMessage());
        assertEquals("Invalid value for option '-np': 'two' is not an int",
            assertThrows(UsageError.class, () -> OptionParser.intValue("-np", "two")).getMessage());
    }

    @Test
    void theUsageListsEveryNameWithItsLabelAndWrapsDescriptions() {
        String text = new OptionParser(MpirunArgs.OPTIONS).describe(100);
        for (Option o : MpirunArgs.OPTIONS) {
            assertTrue(text.contains(String.join(", ", o.names())), o.names().toString());
        }
        assertTrue(text.lines().allMatch(l -> l.length() <= 100), text);
        String usage = MpirunArgs.usage("mpiexec");
        assertTrue(usage.startsWith("Usage: mpiexec [-np N] [options]"), usage);
        assertTrue(usage.contains("Exit status:"), usage);
        assertTrue(usage.contains("--mca, -mca key value"), usage);
    }
}
