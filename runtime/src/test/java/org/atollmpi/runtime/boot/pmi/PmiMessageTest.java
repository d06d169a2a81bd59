package org.atollmpi.runtime.boot.pmi;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Both wire formats, as Hydra writes them, and everything that is not them. */
class PmiMessageTest {
    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void pmi1LinesAsHydraWritesThem() throws IOException {
        InputStream in = bytes("cmd=maxes kvsname_max=256 keylen_max=64 vallen_max=1024\n"
                + "cmd=get_result rc=-1 msg=key_nokey_not_found value=unknown\ncmd=barrier_out\n");
        PmiMessage maxes = PmiMessage.readPmi1(in);
        assertEquals("maxes", maxes.command());
        assertEquals(Map.of("kvsname_max", "256", "keylen_max", "64", "vallen_max", "1024"), maxes.attributes());
        assertEquals(1024, maxes.getInt("vallen_max"));
        PmiMessage get = PmiMessage.readPmi1(in);
        assertEquals("-1", get.get("rc"));
        assertEquals("key_nokey_not_found", get.get("msg"));
        assertEquals("barrier_out", PmiMessage.readPmi1(in).command());
        assertThrows(EOFException.class, () -> PmiMessage.readPmi1(in));
    }

    @Test
    void pmi1ValuesMayHoldEqualsSigns() throws IOException {
        PmiMessage m = PmiMessage.parsePmi1("cmd=get_result rc=0 value=(vector,(0,1,1))=x");
        assertEquals("(vector,(0,1,1))=x", m.get("value"));
    }

    @Test
    void pmi1RoundTrip() throws IOException {
        PmiMessage m = PmiMessage.of("put", "kvsname", "kvs_1", "key", "atoll-x0-3", "value", "1:AbC-_9");
        byte[] wire = m.encodePmi1();
        assertEquals("cmd=put kvsname=kvs_1 key=atoll-x0-3 value=1:AbC-_9\n", new String(wire, StandardCharsets.UTF_8));
        assertEquals(m, PmiMessage.readPmi1(new ByteArrayInputStream(wire)));
    }

    @Test
    void pmi1RefusesWhatItCannotCarry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PmiMessage.of("put", "value", "two words").encodePmi1());
        assertTrue(e.getMessage().contains("'two words'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PmiMessage.of("put", "k=y", "v").encodePmi1());
        assertThrows(IllegalArgumentException.class, () -> PmiMessage.of("put", "value", "a\nb").encodePmi1());
    }

    @Test
    void pmi1StrictParsingNamesWhatIsWrong() {
        assertMessage(() -> PmiMessage.parsePmi1(""), "empty");
        assertMessage(() -> PmiMessage.parsePmi1("rc=0 cmd=barrier_out"), "does not start with cmd=NAME");
        assertMessage(() -> PmiMessage.parsePmi1("cmd= rc=0"), "does not start with cmd=NAME");
        assertMessage(() -> PmiMessage.parsePmi1("cmd=maxes vallen_max"), "token 'vallen_max' is not key=value");
        assertMessage(() -> PmiMessage.parsePmi1("cmd=maxes  rc=0"), "token '' is not key=value");
        assertMessage(() -> PmiMessage.parsePmi1("cmd=maxes =3"), "token '=3' is not key=value");
        assertMessage(() -> PmiMessage.parsePmi1("cmd=get_result rc=0 rc=1"), "repeats rc");
        assertMessage(() -> PmiMessage.parsePmi1("cmd=get_result cmd=put"), "repeats cmd");
        assertMessage(() -> PmiMessage.readPmi1(bytes("cmd=barrier_o")), "within a line: 'cmd=barrier_o'");
    }

    @Test
    void pmi1LineWithoutEndIsRefusedAtTheLimit() {
        InputStream endless = new InputStream() {
            long served;

            @Override
            public int read() {
                served++;
                if (served > 10L * PmiMessage.MAX_MESSAGE_BYTES) {
                    throw new AssertionError("read far past the limit");
                }
                return 'a';
            }
        };
        assertMessage(() -> PmiMessage.readPmi1(endless), "longer than " + PmiMessage.MAX_MESSAGE_BYTES);
    }

    @Test
    void missingAndNonNumericAttributesAreNamed() throws IOException {
        PmiMessage m = PmiMessage.parsePmi1("cmd=maxes vallen_max=lots");
        assertMessage(() -> m.get("keylen_max"), "has no keylen_max");
        assertMessage(() -> m.getInt("vallen_max"), "vallen_max=lots is not a number");
    }

    @Test
    void pmi2FramesAsHydraWritesThem() throws IOException {
        String body = "cmd=fullinit-response;pmi-version=2;pmi-subversion=0;rank=1;size=2;appnum=0;rc=0;";
        InputStream in = bytes(String.format("%-6d", body.length()) + body + "28    cmd=kvs-fence-response;rc=0;");
        PmiMessage init = PmiMessage.readPmi2(in);
        assertEquals("fullinit-response", init.command());
        assertEquals(1, init.getInt("rank"));
        assertEquals(2, init.getInt("size"));
        assertEquals("kvs-fence-response", PmiMessage.readPmi2(in).command());
        assertThrows(EOFException.class, () -> PmiMessage.readPmi2(in));
    }

    @Test
    void pmi2RoundTripEscapesSemicolons() throws IOException {
        PmiMessage m = PmiMessage.of("abort", "isworld", "TRUE", "msg", "a;b;;c=d;");
        byte[] wire = m.encodePmi2();
        String text = new String(wire, StandardCharsets.UTF_8);
        assertEquals("cmd=abort;isworld=TRUE;msg=a;;b;;;;c=d;;;", text.substring(6));
        assertEquals(Integer.toString(text.length() - 6), text.substring(0, 6).trim());
        assertEquals(m, PmiMessage.readPmi2(new ByteArrayInputStream(wire)));
    }

    @Test
    void pmi2StrictParsingNamesWhatIsWrong() {
        assertMessage(() -> PmiMessage.readPmi2(bytes("12x   cmd=a;")), "length field '12x   ' is not a number");
        assertMessage(() -> PmiMessage.readPmi2(bytes("999999cmd=a;")), "length 999999 outside 1..");
        assertMessage(() -> PmiMessage.readPmi2(bytes("0     ")), "length 0 outside");
        assertMessage(() -> PmiMessage.readPmi2(bytes("12 ")), "within a length field: '12 '");
        assertMessage(() -> PmiMessage.readPmi2(bytes("30    cmd=kvs-put;")), "within a 30-byte message");
        assertMessage(() -> PmiMessage.parsePmi2("cmd=kvs-get;found=TRUE"), "found is not ended by ';'");
        assertMessage(() -> PmiMessage.parsePmi2("rc=0;cmd=x;"), "does not start with cmd=NAME;");
        assertMessage(() -> PmiMessage.parsePmi2("cmd=x;novalue;"), "no key=value at offset 6");
        assertMessage(() -> PmiMessage.parsePmi2("cmd=x;=v;"), "no key=value at offset 6");
        assertMessage(() -> PmiMessage.parsePmi2("cmd=x;rc=0;rc=0;"), "repeats rc");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String part) {
        PmiException e = assertThrows(PmiException.class, call);
        assertTrue(e.getMessage().contains(part), "'" + e.getMessage() + "' does not say '" + part + "'");
    }
}
