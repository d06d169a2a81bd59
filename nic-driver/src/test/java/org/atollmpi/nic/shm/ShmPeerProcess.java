package org.atollmpi.nic.shm;

import java.nio.file.Paths;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * Rank 1 of {@link ShmMultiProcessTest}, run in its own JVM: attaches to the board file, offers
 * a window, echoes every message back on the channel it came by, and on the "done" notification
 * checks what rank 0 did to its window. Exit status 0 means all was well.
 */
public final class ShmPeerProcess implements ArrivalHandler {
    static final int WINDOW_OFFER = 1;
    static final int DONE = 2;
    /** arg0: the id of a window over a direct buffer of this process (-1: none), arg1 its capability, arg2 its length. */
    static final int PROCESS_OFFER = 3;
    static final int PROCESS_BYTES = 3 << 20;
    static final long FAST = 1;
    static final long RECORD = 2;

    private final ShmHostPort port;
    private final BoardRegion window;
    private int exitStatus = -1;

    private ShmPeerProcess(ShmHostPort port, BoardRegion window) {
        this.port = port;
        this.window = window;
    }

    public static void main(String[] args) {
        try (ShmBoard board = ShmBoard.attach(Paths.get(args[0]), 2, ShmBoardConfig.defaults().withAttachTimeoutMillis(10_000), false)) {
            ShmHostPort port = board.open(1);
            BoardRegion window = port.allocate(64);
            WindowKey key = port.register(window, 0, 64, WindowRights.ALL);
            while (!port.notify(0, WINDOW_OFFER, key.id(), key.capability(), 0)) {
                Thread.yield();
            }
            // a direct buffer of this process, not board memory: rank 0 reads it by cross-memory attach
            java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(PROCESS_BYTES);
            byte[] pattern = Recorder.pattern(PROCESS_BYTES, 77);
            direct.put(pattern).clear();
            WindowKey exposed = port.exposeProcessMemory(0, Memory.addressOf(direct), PROCESS_BYTES);
            while (!port.notify(0, PROCESS_OFFER, exposed == null ? -1 : exposed.id(),
                exposed == null ? 0 : exposed.capability(), PROCESS_BYTES)) {
                Thread.yield();
            }
            ShmPeerProcess peer = new ShmPeerProcess(port, window);
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (peer.exitStatus < 0) {
                if (port.poll(peer, 64) == 0) {
                    if (System.nanoTime() > deadline) {
                        System.err.println("peer: timed out");
                        System.exit(4);
                    }
                    Thread.yield();
                }
            }
            java.lang.ref.Reference.reachabilityFence(direct);
            port.close();
            System.exit(peer.exitStatus);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(5);
        }
    }

    @Override
    public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
        // Echo straight from the slot or record it arrived in. Rank 0 never stops polling, so
        // waiting here for room in its rings cannot deadlock.
        if (header1 == FAST) {
            while (!port.fastSend(source, header0 + 1, FAST, base, offset, length)) {
                Thread.yield();
            }
        } else {
            while (!port.send(source, header0 + 1, RECORD, base, offset, length)) {
                Thread.yield();
            }
        }
    }

    @Override
    public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        if (type == DONE) {
            long found = Memory.getLongVolatile(window.address());
            if (found != arg0) {
                System.err.println("peer: window word is " + found + ", rank 0 expected " + arg0);
                exitStatus = 3;
            } else {
                exitStatus = 0;
            }
        }
    }

    @Override
    public void onCompletion(long token, int status, long value) {
        throw new AssertionError("no one-sided operation was issued");
    }
}
