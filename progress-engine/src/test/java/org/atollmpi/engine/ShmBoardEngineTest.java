package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.shm.ShmBoard;
import org.junit.jupiter.api.Test;

/** The engine contract on the shm board, ranks as threads of one process over anonymous board memory. */
class ShmBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return BoardMatrix.SHM.board(ranks, limits);
    }

    /**
     * When the kernel refuses the receiver a read of the sender's memory (TREFUSED, here from a
     * port that refuses every such Get), the receiver asks for the data with a CTS, the sender
     * moves it through staging, and that peer's later messages no longer try.
     */
    @Test
    void aRefusedCrossMemoryReadFallsBackToTheBoard() throws Exception {
        try (ShmBoard shm = ShmBoard.anonymous(2, BoardMatrix.shmConfig(BoardLimits.DEFAULT))) {
            Set<Integer> exposed = ConcurrentHashMap.newKeySet();
            Engine[] engines = {new Engine(refusing(shm.open(0), exposed), staging(1024, 128 * 1024, 64 * 1024, 4), false),
                new Engine(refusing(shm.open(1), exposed), staging(1024, 128 * 1024, 64 * 1024, 4), false)};
            int n = 1 << 20;
            java.util.concurrent.CompletableFuture<byte[]> received = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                byte[] got = new byte[2 * n];
                engines[1].recv(got, B, n, 0, 1, CTX);
                engines[1].recv(got, B + n, n, 0, 2, CTX);
                return got;
            });
            ByteBuffer out = ByteBuffer.allocateDirect(n);
            out.put(pattern(n, 9)).clear();
            engines[0].send(Engine.MODE_STANDARD, null, Addresses.addressOf(out), n, 1, 1, CTX);
            engines[0].send(Engine.MODE_STANDARD, null, Addresses.addressOf(out), n, 1, 2, CTX);
            byte[] got = received.get(60, TimeUnit.SECONDS);
            assertArrayEquals(pattern(n, 9), java.util.Arrays.copyOf(got, n));
            assertArrayEquals(pattern(n, 9), java.util.Arrays.copyOfRange(got, n, 2 * n));
            EngineCounters c = engines[0].counters();
            assertEquals(1, c.crossMemorySends(), c.toString());
            assertEquals(1, c.crossMemoryRefused(), c.toString());
            assertEquals(2, c.stagedSends(), c.toString());
            java.lang.ref.Reference.reachabilityFence(out);
        }
    }

    /** {@code port}, whose Gets of windows in another rank's process memory the kernel "refuses". */
    private static HostPort refusing(HostPort port, Set<Integer> exposed) {
        return (HostPort) java.lang.reflect.Proxy.newProxyInstance(HostPort.class.getClassLoader(),
            new Class<?>[] {HostPort.class}, (proxy, method, args) -> {
                if (method.getName().equals("exposeProcessMemory")) {
                    org.atollmpi.nic.WindowKey key = port.exposeProcessMemory((int) args[0], (long) args[1], (long) args[2]);
                    if (key != null) {
                        exposed.add(key.id());
                    }
                    return key;
                }
                if (method.getName().equals("get") && exposed.contains((Integer) args[1])) {
                    return org.atollmpi.nic.NicStatus.TREFUSED;
                }
                try {
                    return method.invoke(port, args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();
                }
            });
    }
}
