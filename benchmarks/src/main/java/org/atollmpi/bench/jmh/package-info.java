/**
 * JMH micro-benchmarks of the shm board's host-port structures, with both ends in one JVM on
 * two attachments of one {@code /dev/shm} board file (the memory path two processes take).
 *
 * <ul>
 * <li>{@link org.atollmpi.bench.jmh.SlotPingPong}: round trip of one 8-byte fast send between
 *     two threads (one-way latency is half of it).</li>
 * <li>{@link org.atollmpi.bench.jmh.ReceiveRingThroughput}: records per microsecond from one
 *     producer to one consumer thread through the receive ring, 8 B and 1 KiB payloads.</li>
 * <li>{@link org.atollmpi.bench.jmh.DatatypePack}: pack and unpack of a vector and a struct
 *     datatype by the engine's compiled plans, beside the equivalent hand-written Java loops
 *     (one thread, no board).</li>
 * <li>{@link org.atollmpi.bench.jmh.PointToPointAllocation}: bytes an 8-byte message allocates
 *     (run it with {@code -prof gc}, read {@code gc.alloc.rate.norm}), at the engine (two
 *     engines on one board) and at the MPI layer (a singleton world sending to itself).</li>
 * </ul>
 *
 * <p>Build and run (each benchmark uses two busy threads, so run one at a time):
 *
 * <pre>
 * mvn -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/jmh.jar SlotPingPong -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -jar benchmarks/target/jmh.jar ReceiveRingThroughput -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -jar benchmarks/target/jmh.jar DatatypePack -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -jar benchmarks/target/jmh.jar PointToPointAllocation -prof gc
 * </pre>
 *
 * The JMH annotation processor runs in the benchmarks module's compile step and the shade
 * plugin packs everything (the JMH runner included) into {@code benchmarks/target/jmh.jar}.
 */
package org.atollmpi.bench.jmh;
