package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A peer that forges the fields of a rendezvous (the RTS it sends, the DATA_WINDOW that answers
 * the receiver's CTS): each bad value is a protocol fault raised as ERR_INTERN naming the peer and
 * the field, never an exception from arithmetic on it (zero slots, a zero chunk) or an allocation
 * sized by it, and the receive is not acted on.
 */
@Timeout(30)
class RendezvousForgeryTest {
    private static final int TAG = 7;
    private static final int SENDER_HANDLE = 0x0100_0001;
    private static final int BYTES = 100_000;

    private final LocalBoard board = new LocalBoard(2);
    private final Engine victim = new Engine(board.open(0), EngineContract.config(1024), false);
    private final HostPort forger = board.open(1);

    private void sendRts(int totalBytes, int payloadLength) {
        byte[] rts = new byte[Math.max(RtsDescriptor.LENGTH, payloadLength)];
        RtsDescriptor.write(rts, totalBytes, RtsDescriptor.NO_WINDOW, 0);
        assertTrue(forger.fastSend(0, Envelope.header0(Envelope.RTS, EngineContract.CTX, TAG),
            Envelope.header1(1, SENDER_HANDLE), rts, EngineContract.B, payloadLength));
    }

    /** Progresses the victim until it raises, for at most 10 s. */
    private EngineException raised() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        return assertThrows(EngineException.class, () -> {
            while (true) {
                victim.progress();
                assertTrue(System.nanoTime() < deadline, "nothing raised within 10 s");
            }
        });
    }

    @ParameterizedTest(name = "DATA_WINDOW of {1} slots of {0} bytes")
    @CsvSource({"4096, 0", "4096, -5", "0, 1", "-1, 1", "4096, 1000000", "4096, 2147483647"})
    void aForgedDataWindowIsAFaultNotAnArithmeticError(int chunkBytes, int slots) {
        Operation recv = victim.irecv(new byte[BYTES], EngineContract.B, BYTES, 1, TAG, EngineContract.CTX);
        sendRts(BYTES, RtsDescriptor.LENGTH);
        int[] receiverHandle = {-1};
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (receiverHandle[0] < 0) {
            victim.progress();
            forger.poll(new ArrivalHandler() {
                @Override
                public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                }

                @Override
                public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
                    if (type == ClearToSendDescriptor.TYPE) {
                        assertEquals(SENDER_HANDLE, ClearToSendDescriptor.senderHandle(arg0));
                        receiverHandle[0] = ClearToSendDescriptor.receiverHandle(arg0);
                    }
                }

                @Override
                public void onCompletion(long token, int status, long value) {
                }
            }, 16);
            assertTrue(System.nanoTime() < deadline, "no CTS within 10 s");
        }
        assertTrue(forger.notify(0, DataWindowDescriptor.TYPE, DataWindowDescriptor.arg0(receiverHandle[0], 5), 0,
            DataWindowDescriptor.arg2(chunkBytes, slots)));
        EngineException e = raised();
        assertEquals(ErrorClass.INTERN, e.errorClass());
        assertTrue(e.getMessage().contains("DATA_WINDOW (" + slots + " slots of " + chunkBytes + " bytes for " + BYTES
            + ") from rank 1"), e.getMessage());
        assertFalse(recv.complete, "the receive was not acted on");
        assertEquals(1, victim.faultCount());
    }

    @ParameterizedTest(name = "RTS announcing {0} bytes")
    @ValueSource(ints = {-1, Integer.MIN_VALUE})
    void anRtsAnnouncingANegativeSizeIsAFault(int totalBytes) {
        Operation recv = victim.irecv(new byte[BYTES], EngineContract.B, BYTES, 1, TAG, EngineContract.CTX);
        sendRts(totalBytes, RtsDescriptor.LENGTH);
        EngineException e = raised();
        assertEquals(ErrorClass.INTERN, e.errorClass());
        assertTrue(e.getMessage().contains("RTS from rank 1 announces " + totalBytes + " bytes"), e.getMessage());
        assertFalse(recv.complete);
    }

    @ParameterizedTest(name = "RTS of {0} bytes")
    @ValueSource(ints = {0, 8, 15, 40})
    void anRtsOfTheWrongLengthIsAFault(int length) {
        sendRts(BYTES, length);
        EngineException e = raised();
        assertTrue(e.getMessage().contains("data message of kind " + Envelope.RTS + " and " + length
            + " bytes from rank 1"), e.getMessage());
    }

    @ParameterizedTest(name = "a message on context {0}")
    @ValueSource(ints = {1 << 16, 0xFF_FFFF})
    void aMessageOnAContextNoJobUsesIsAFaultAndGrowsNothing(int context) {
        assertTrue(forger.fastSend(0, Envelope.header0(Envelope.EAGER, context, TAG), Envelope.header1(1, 0),
            new byte[8], EngineContract.B, 8));
        EngineException e = raised();
        assertEquals(ErrorClass.INTERN, e.errorClass());
        assertTrue(e.getMessage().contains("message from rank 1 on context " + context), e.getMessage());
    }
}
