package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Error strings, classes and codes (MPI.getErrorString/getErrorClass/addError*), user error
 * handlers and callErrhandler, on a world of one with no engine (none of these reach it).
 * Codes added here stay for the JVM (as in MPI, they are never removed): tests compare with
 * what they were given, never with fixed numbers above ERR_LASTCODE.
 */
class ErrorCodesTest {
    @BeforeEach
    void start() {
        MPI.enter(null, null, 0, 1, MPI.THREAD_SINGLE);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
    }

    @AfterEach
    void stop() {
        MPI.leave(false);
    }

    @Test
    void predefinedClassesHaveOpenMpisStrings() {
        assertEquals("MPI_SUCCESS: no errors", MPI.getErrorString(MPI.SUCCESS));
        assertEquals("MPI_ERR_BUFFER: invalid buffer pointer", MPI.getErrorString(MPI.ERR_BUFFER));
        assertEquals("MPI_ERR_TRUNCATE: message truncated", MPI.getErrorString(MPI.ERR_TRUNCATE));
        assertEquals("MPI_ERR_ARG: invalid argument of some other kind", MPI.getErrorString(MPI.ERR_ARG));
        assertEquals("MPI_ERR_IO: input/output error", MPI.getErrorString(MPI.ERR_IO));
        assertEquals("MPI_ERR_SYSRESOURCE: out of resources", MPI.getErrorString(MPI.ERR_SYSRESOURCE));
        for (int c = 0; c <= MPI.ERR_LASTCODE; c++) {
            assertFalse(MPI.getErrorString(c).isEmpty(), "class " + c);
            assertEquals(c, MPI.getErrorClass(c));
        }
        assertEquals(MPI.ERR_SYSRESOURCE, MPI.getErrorClass(MPI.ERR_SYSRESOURCE));
    }

    @Test
    void stringsAndClassesWorkBeforeInit() {
        MPI.leave(false);
        assertEquals("MPI_ERR_RANK: invalid rank", MPI.getErrorString(MPI.ERR_RANK));
        MPIException e = assertThrows(MPIException.class, () -> MPI.getErrorClass(-77));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        assertTrue(e.getMessage().contains("getErrorClass: errorCode -77"), e.getMessage());
        assertThrows(MPIException.class, MPI::addErrorClass); // needs a running MPI
    }

    @Test
    void invalidCodesAreErrArg() {
        int beyond = MPI.addErrorClass() + 1000;
        for (int bad : new int[] {-1, -5, beyond, Integer.MAX_VALUE}) {
            MPIException e = assertThrows(MPIException.class, () -> MPI.getErrorString(bad));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            assertTrue(e.getMessage().contains("getErrorString: errorCode " + bad), e.getMessage());
            e = assertThrows(MPIException.class, () -> MPI.getErrorClass(bad));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> MPI.addErrorCode(bad));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            assertTrue(e.getMessage().contains("addErrorCode: errorClass " + bad), e.getMessage());
            e = assertThrows(MPIException.class, () -> MPI.addErrorString(bad, "x"));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
        }
        MPIException e = assertThrows(MPIException.class, () -> MPI.addErrorString(MPI.ERR_BUFFER, "mine"));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        assertTrue(e.getMessage().contains("addErrorString: errorCode 1 is predefined"), e.getMessage());
        assertEquals("MPI_ERR_BUFFER: invalid buffer pointer", MPI.getErrorString(MPI.ERR_BUFFER));
        int code = MPI.addErrorCode(MPI.ERR_OTHER);
        e = assertThrows(MPIException.class, () -> MPI.addErrorCode(code)); // a code is not a class
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        e = assertThrows(MPIException.class, () -> MPI.addErrorString(code, null));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        assertTrue(e.getMessage().contains("string is null"), e.getMessage());
    }

    @Test
    void addedClassesCodesAndStringsRoundTrip() {
        int cls = MPI.addErrorClass();
        assertTrue(cls > MPI.ERR_LASTCODE);
        assertEquals(cls, MPI.COMM_WORLD.getAttr(MPI.LASTUSEDCODE));
        assertEquals(cls, MPI.getErrorClass(cls));
        assertEquals("", MPI.getErrorString(cls));
        int code1 = MPI.addErrorCode(cls);
        int code2 = MPI.addErrorCode(cls);
        int onPredefined = MPI.addErrorCode(MPI.ERR_TRUNCATE);
        assertEquals(List.of(cls + 1, cls + 2, cls + 3), List.of(code1, code2, onPredefined));
        assertEquals(onPredefined, MPI.COMM_WORLD.Attr_get(MPI.LASTUSEDCODE));
        assertEquals(cls, MPI.getErrorClass(code1));
        assertEquals(cls, MPI.getErrorClass(code2));
        assertEquals(MPI.ERR_TRUNCATE, MPI.getErrorClass(onPredefined));
        MPI.addErrorString(cls, "my class");
        MPI.addErrorString(code1, "first code");
        MPI.addErrorString(code1, "first code, renamed");
        assertEquals("my class", MPI.getErrorString(cls));
        assertEquals("first code, renamed", MPI.getErrorString(code1));
        assertEquals("", MPI.getErrorString(code2));
        assertEquals(MPI.ERR_LASTCODE, 92);
    }

    @Test
    void exceptionsOfUserCodesCarryCodeAndClass() {
        int cls = MPI.addErrorClass();
        int code = MPI.addErrorCode(cls);
        MPI.addErrorString(code, "the widget broke");
        MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.callErrhandler(code));
        assertEquals(code, e.getErrorCode());
        assertEquals(cls, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("callErrhandler: error " + code + " (user error code of class " + cls + ": the widget broke)"),
            e.getMessage());
        MPIException wrapped = new MPIException(e);
        assertEquals(code, wrapped.getErrorCode());
        assertEquals(cls, wrapped.getErrorClass());
        e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.callErrhandler(MPI.ERR_COUNT));
        assertEquals(MPI.ERR_COUNT, e.getErrorCode());
        assertEquals(MPI.ERR_COUNT, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("callErrhandler: error 2 (MPI_ERR_COUNT)"), e.getMessage());
        // The library's own errors: code == class, as before.
        e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.setName(null));
        assertEquals(MPI.ERR_ARG, e.getErrorCode());
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
    }

    @Test
    void userHandlerIsCalledWithTheCodeThenTheCallerGetsTheException() {
        List<String> calls = new ArrayList<>();
        Errhandler h = Comm.createErrhandler((comm, code) -> calls.add(comm.getName() + ":" + code));
        assertNotEquals(MPI.ERRORS_RETURN, h);
        assertNotEquals(h, Comm.createErrhandler((comm, code) -> { }));
        MPI.COMM_WORLD.setErrhandler(h);
        assertSame(h, MPI.COMM_WORLD.getErrhandler());
        MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.setName(null));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        int cls = MPI.addErrorClass();
        int code = MPI.addErrorCode(cls);
        e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.callErrhandler(code));
        assertEquals(code, e.getErrorCode());
        assertEquals(List.of("MPI_COMM_WORLD:" + MPI.ERR_ARG, "MPI_COMM_WORLD:" + code), calls);
        // A handler that throws: its exception reaches the caller instead.
        MPI.COMM_WORLD.setErrhandler(Comm.createErrhandler((comm, c) -> {
            throw new IllegalStateException("handler says " + c);
        }));
        IllegalStateException ise = assertThrows(IllegalStateException.class,
            () -> MPI.COMM_WORLD.callErrhandler(MPI.ERR_OTHER));
        assertEquals("handler says " + MPI.ERR_OTHER, ise.getMessage());
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        e = assertThrows(MPIException.class, () -> Comm.createErrhandler(null));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
    }
}
