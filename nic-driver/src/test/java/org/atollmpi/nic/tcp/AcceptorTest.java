package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The listener's own acceptor (Netty's bootstrap is not used): what it does when accepting fails. */
@ExtendWith(NettyLeakCheck.class)
class AcceptorTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private TcpBoard board;

    @AfterEach
    void tearDown() {
        if (board != null) {
            board.close();
        }
    }

    @Test
    void aFailedAcceptPausesAcceptingForASecondAndSaysWhy() {
        board = new TcpBoard(1, TcpBoardConfig.defaults(), 42L, log::add);
        TcpHostPort port = (TcpHostPort) board.open(0);
        EmbeddedChannel listener = new EmbeddedChannel(port.connector().new Acceptor());
        listener.freezeTime(); // the event loop's clock moves only by advanceTimeBy

        listener.pipeline().fireExceptionCaught(new IOException("Too many open files"));

        assertFalse(listener.config().isAutoRead(), "no accept is retried at once");
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("accepting connections failed") && log.get(0).contains("Too many open files"),
            log.get(0));
        listener.advanceTimeBy(900, TimeUnit.MILLISECONDS);
        listener.runScheduledPendingTasks();
        assertFalse(listener.config().isAutoRead());
        listener.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        listener.runScheduledPendingTasks();
        assertTrue(listener.config().isAutoRead(), "accepting again after a second");
        listener.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatCannotBeRegisteredIsClosedWithAReason() throws InterruptedException {
        board = new TcpBoard(1, TcpBoardConfig.defaults(), 42L, log::add);
        TcpHostPort port = (TcpHostPort) board.open(0);
        EmbeddedChannel listener = new EmbeddedChannel(port.connector().new Acceptor());
        // an embedded channel is no socket: the board's event loops refuse to register it
        EmbeddedChannel child = new EmbeddedChannel();
        child.deregister();

        listener.writeInbound(child);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (log.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("could not be set up"), log.get(0));
        assertFalse(child.isOpen(), "closed");
        listener.finishAndReleaseAll();
    }
}
