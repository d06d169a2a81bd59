/**
 * Classic MPI programs ported to Java twice, as users of each dialect write them: {@code *Ompi}
 * in the Open MPI Java style (lower-case API, {@code MPIException} caught where Open MPI makes it
 * checked, no offsets: direct buffers and {@code MPI.slice}) and {@code *Mpj} in the mpiJava 1.2 /
 * MPJ Express style (capitalised API, arrays with offsets, {@code MPI.OBJECT}). Each checks its
 * result against a serial computation and prints {@code OK rank <r>}; they are run by the testlist
 * (the block "Classic programs" at its end).
 */
package org.atollmpi.tests.programs.classic;
