package org.atollmpi.bench.osu;

import java.util.Locale;

/** How a one-sided benchmark makes its window ({@code -w}), as OSU's {@code -w} option. */
enum WindowCreation {
    /** {@code new Win(base, ...)} over memory of the {@code -a} kind (MPI_Win_create). */
    CREATE("create", "Win(base, size, dispUnit, info, comm)"),
    /** {@code new Win(size, ..., FLAVOR_PRIVATE)}: board memory that the library allocates (MPI_Win_allocate). */
    ALLOCATE("allocate", "Win(size, dispUnit, info, comm, base, FLAVOR_PRIVATE)"),
    /** {@code new Win(info, comm)}, then memory of the {@code -a} kind attached (MPI_Win_create_dynamic). */
    DYNAMIC("dynamic", "Win(info, comm) and attach");

    final String option;
    /** What the "# Window creation:" line says. */
    final String description;

    WindowCreation(String option, String description) {
        this.option = option;
        this.description = description;
    }

    static WindowCreation parse(String text, String option) {
        String name = text.toLowerCase(Locale.ROOT);
        for (WindowCreation creation : values()) {
            if (creation.option.equals(name)) {
                return creation;
            }
        }
        throw new IllegalArgumentException(option + ": expected create, allocate or dynamic, got '" + text + "'");
    }
}
