package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The wire itself, byte for byte, as the flyweights' pictures draw it: every other test writes
 * and reads frames through the same flyweights, so a field moved in one of them would still
 * round-trip there; here the bytes are written out by hand (big-endian, the 8-byte header: magic
 * "AT", type, a reserved 0, the body's length).
 */
@ExtendWith(NettyLeakCheck.class)
class FrameLayoutTest {
    private static final ByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;

    private static void assertWire(String expected, ByteBuf frame) {
        try {
            assertEquals(expected.replace(" ", ""), ByteBufUtil.hexDump(frame));
        } finally {
            frame.release();
        }
    }

    @Test
    void fastSendAndSend() {
        byte[] payload = {(byte) 0xA1, (byte) 0xA2, (byte) 0xA3};
        assertWire("4154 10 00 00000013 0000000000000001 fffffffffffffffe a1a2a3",
            MessageFlyweight.frame(ALLOC, TcpFrame.FAST_SEND, 1, -2, payload, Memory.BYTE_ARRAY_BASE, 3));
        assertWire("4154 11 00 00000011 0102030405060708 0000000000000000 a2",
            MessageFlyweight.frame(ALLOC, TcpFrame.SEND, 0x0102030405060708L, 0, payload, Memory.BYTE_ARRAY_BASE + 1, 1));
    }

    @Test
    void notifyAndCredit() {
        assertWire("4154 12 00 0000001c 00000009 000000000000000a fffffffffffffff5 7fffffffffffffff",
            NotifyFlyweight.frame(ALLOC, 9, 10, -11, Long.MAX_VALUE));
        assertWire("4154 13 00 0000000c 00000003 00001000 00000005", CreditFlyweight.frame(ALLOC, 3, 4096, 5));
    }

    @Test
    void windowRequests() {
        // request, window, capability, offset; then the operation's length, the part's offset, the part's length
        assertWire("4154 21 00 00000024 00000005 00000006 0000000000000007 0000000000000008 00000200 00000100 00000100",
            WindowRequestFlyweight.get(ALLOC, 5, 6, 7, 8, 512, 256, 256));
        // the operand (expected value), then the value a CAS writes
        assertWire("4154 23 00 00000028 00000001 00000002 000000000000cafe 0000000000000010 fffffffffffffffb 0000000000000009",
            WindowRequestFlyweight.atomic(ALLOC, TcpFrame.CAS, 1, 2, 0xCAFEL, 16, -5, 9));
        assertWire("4154 22 00 00000020 00000001 00000002 0000000000000003 0000000000000010 0000000000000004",
            WindowRequestFlyweight.atomic(ALLOC, TcpFrame.FETCH_ADD, 1, 2, 3, 16, 4, 0));
        ByteBuf put = WindowRequestFlyweight.putFields(ALLOC, 0x10002, 3, 0xCAFEL, 64, 100, 8, 2, 2);
        put.writeByte(0xEE).writeByte(0xFF);
        assertWire("4154 20 00 00000022 00010002 00000003 000000000000cafe 0000000000000040 00000064 00000008 eeff", put);
    }

    @Test
    void replies() {
        byte[] data = {1, 2};
        assertWire("4154 24 00 0000000a 0000000b 00000010 0102",
            GetReplyFlyweight.frame(ALLOC, 11, 16, data, Memory.BYTE_ARRAY_BASE, 2));
        assertWire("4154 25 00 00000010 0000000c fffffffd 0000000000000063",
            CompletionFlyweight.frame(ALLOC, 12, -3, 99));
    }
}
