package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.atollmpi.bench.osu.BenchmarkCatalog;
import org.junit.jupiter.api.Test;

/**
 * The launcher's short names ({@code bin/mpirun -np 2 osu_latency}) and the suite's catalog
 * ({@code bin/osu --list}) are the same benchmarks, in the same order, running the same main
 * class with the same leading arguments: neither can gain or lose one alone. Here, in the tests
 * module, because it is the one module that sees both (the launcher does not depend on the
 * benchmarks).
 */
class BenchmarkNamesTest {
    @Test
    void launcherAndCatalogAgree() {
        Map<String, List<String>> catalog = new LinkedHashMap<>();
        for (BenchmarkCatalog.Entry entry : BenchmarkCatalog.all()) {
            List<String> words = new java.util.ArrayList<>(List.of(entry.mainClass()));
            words.addAll(entry.leadingArguments());
            catalog.put(entry.name(), words);
        }
        assertEquals(List.copyOf(catalog.keySet()), List.copyOf(RankCommand.BENCHMARKS.keySet()));
        assertEquals(catalog, RankCommand.BENCHMARKS);
    }
}
