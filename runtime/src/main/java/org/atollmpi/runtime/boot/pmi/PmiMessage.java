package org.atollmpi.runtime.boot.pmi;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One PMI command or answer: its {@code cmd} and its attributes, in order, with the two wire
 * formats a PMI server speaks.
 *
 * <ul>
 * <li><b>PMI-1</b> (MPICH's "simple PMI", Hydra): one line, {@code cmd=NAME key=value key=value\n};
 *     tokens are separated by one space, so neither keys nor values may hold a space, a newline
 *     or (keys) an {@code =}.</li>
 * <li><b>PMI-2</b> (Hydra, Slurm's {@code --mpi=pmi2}): a 6-character decimal length, padded with
 *     spaces, then {@code cmd=NAME;key=value;key=value;}; a {@code ;} inside a value is doubled.</li>
 * </ul>
 * Parsing is strict: anything that is not exactly this (no {@code cmd} first, a token without
 * {@code =}, an empty or repeated key, a message longer than {@link #MAX_MESSAGE_BYTES}) is a
 * {@link PmiException} that quotes what was read. Nothing larger than that limit is ever
 * allocated, whatever a length field claims.
 *
 * @param command    the value of {@code cmd}
 * @param attributes the other attributes, in wire order
 */
public record PmiMessage(String command, Map<String, String> attributes) {
    /** Longest message read or written: a value is at most ~1 KiB with both Hydra and Slurm. */
    public static final int MAX_MESSAGE_BYTES = 64 * 1024;
    /** Width of PMI-2's length field. */
    static final int PMI2_LENGTH_DIGITS = 6;

    public PmiMessage {
        if (command == null || command.isEmpty()) {
            throw new IllegalArgumentException("a PMI message needs a command");
        }
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /** A message built from {@code command} and alternating keys and values. */
    public static PmiMessage of(String command, String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must come in pairs");
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            attributes.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return new PmiMessage(command, attributes);
    }

    /** The attribute {@code key}; a message without it is a protocol error naming the key. */
    public String get(String key) throws PmiException {
        String value = attributes.get(key);
        if (value == null) {
            throw new PmiException("PMI answer '" + this + "' has no " + key);
        }
        return value;
    }

    /** The attribute {@code key} as a number; a missing or non-numeric one is a protocol error. */
    public int getInt(String key) throws PmiException {
        String value = get(key);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new PmiException("PMI answer '" + this + "': " + key + "=" + value + " is not a number");
        }
    }

    /** The attribute {@code key}, or {@code fallback} when absent. */
    public String get(String key, String fallback) {
        return attributes.getOrDefault(key, fallback);
    }

    // ---------------------------------------------------------------------------------------- PMI-1

    /** This message as one PMI-1 line, newline included. */
    public byte[] encodePmi1() {
        StringBuilder line = new StringBuilder("cmd=").append(checkPmi1(command, "command"));
        attributes.forEach((k, v) -> line.append(' ').append(checkPmi1Key(k)).append('=').append(checkPmi1(v, k)));
        line.append('\n');
        return checkLength(line.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads one PMI-1 line from {@code in}.
     *
     * @throws EOFException when the stream ends before a line starts
     * @throws PmiException when the line is cut short, too long, or not a PMI-1 message
     */
    public static PmiMessage readPmi1(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (line.size() == 0) {
                    throw new EOFException("the PMI server closed the connection");
                }
                throw new PmiException("the PMI server closed the connection within a line: '"
                        + line.toString(StandardCharsets.UTF_8) + "'");
            }
            if (b == '\n') {
                return parsePmi1(line.toString(StandardCharsets.UTF_8));
            }
            if (line.size() >= MAX_MESSAGE_BYTES) {
                throw new PmiException("PMI-1 line longer than " + MAX_MESSAGE_BYTES + " bytes");
            }
            line.write(b);
        }
    }

    /** Parses one PMI-1 line (without its newline). */
    public static PmiMessage parsePmi1(String line) throws PmiException {
        if (line.isEmpty()) {
            throw new PmiException("empty PMI-1 line");
        }
        String[] tokens = line.split(" ", -1);
        String command = null;
        Map<String, String> attributes = new LinkedHashMap<>();
        for (String token : tokens) {
            int eq = token.indexOf('=');
            if (eq <= 0) {
                throw new PmiException("PMI-1 line '" + line + "': token '" + token + "' is not key=value");
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (command == null) {
                if (!key.equals("cmd") || value.isEmpty()) {
                    throw new PmiException("PMI-1 line '" + line + "' does not start with cmd=NAME");
                }
                command = value;
            } else if (attributes.putIfAbsent(key, value) != null || key.equals("cmd")) {
                throw new PmiException("PMI-1 line '" + line + "' repeats " + key);
            }
        }
        return new PmiMessage(command, attributes);
    }

    private static String checkPmi1Key(String key) {
        if (key.isEmpty() || key.indexOf('=') >= 0) {
            throw new IllegalArgumentException("PMI-1 key '" + key + "' is empty or holds '='");
        }
        return checkPmi1(key, "key");
    }

    private static String checkPmi1(String word, String what) {
        if (word.isEmpty() && what.equals("command")) {
            throw new IllegalArgumentException("empty PMI-1 command");
        }
        if (word.indexOf(' ') >= 0 || word.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("PMI-1 " + what + " '" + word + "' holds a space or a newline");
        }
        return word;
    }

    // ---------------------------------------------------------------------------------------- PMI-2

    /** This message as one PMI-2 frame: length field and body. */
    public byte[] encodePmi2() {
        StringBuilder body = new StringBuilder("cmd=").append(checkPmi2Key(command)).append(';');
        attributes.forEach((k, v) -> body.append(checkPmi2Key(k)).append('=').append(v.replace(";", ";;")).append(';'));
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_MESSAGE_BYTES) {
            throw new IllegalArgumentException("PMI-2 message of " + bytes.length + " bytes; at most " + MAX_MESSAGE_BYTES);
        }
        byte[] header = String.format("%-6d", bytes.length).getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[header.length + bytes.length];
        System.arraycopy(header, 0, frame, 0, header.length);
        System.arraycopy(bytes, 0, frame, header.length, bytes.length);
        return frame;
    }

    /**
     * Reads one PMI-2 frame from {@code in}.
     *
     * @throws EOFException when the stream ends before a frame starts
     * @throws PmiException when the frame is cut short, its length field is not a length within
     *                      {@link #MAX_MESSAGE_BYTES}, or its body is not a PMI-2 message
     */
    public static PmiMessage readPmi2(InputStream in) throws IOException {
        byte[] header = new byte[PMI2_LENGTH_DIGITS];
        int got = readFully(in, header);
        if (got == 0) {
            throw new EOFException("the PMI server closed the connection");
        }
        String field = new String(header, 0, got, StandardCharsets.US_ASCII);
        if (got < header.length) {
            throw new PmiException("the PMI server closed the connection within a length field: '" + field + "'");
        }
        int length;
        try {
            length = Integer.parseInt(field.trim());
        } catch (NumberFormatException e) {
            throw new PmiException("PMI-2 length field '" + field + "' is not a number");
        }
        if (length < 1 || length > MAX_MESSAGE_BYTES) {
            throw new PmiException("PMI-2 length " + length + " outside 1.." + MAX_MESSAGE_BYTES);
        }
        byte[] body = new byte[length];
        if (readFully(in, body) < length) {
            throw new PmiException("the PMI server closed the connection within a " + length + "-byte message");
        }
        return parsePmi2(new String(body, StandardCharsets.UTF_8));
    }

    /** Parses one PMI-2 body ({@code cmd=NAME;key=value;...}). */
    public static PmiMessage parsePmi2(String body) throws PmiException {
        String command = null;
        Map<String, String> attributes = new LinkedHashMap<>();
        int i = 0;
        int n = body.length();
        while (i < n) {
            int eq = body.indexOf('=', i);
            int semi = body.indexOf(';', i);
            if (eq <= i || (semi >= 0 && semi < eq)) {
                throw new PmiException("PMI-2 message '" + body + "': no key=value at offset " + i);
            }
            String key = body.substring(i, eq);
            StringBuilder value = new StringBuilder();
            int j = eq + 1;
            boolean ended = false;
            while (j < n) {
                char c = body.charAt(j);
                if (c == ';') {
                    if (j + 1 < n && body.charAt(j + 1) == ';') {
                        value.append(';');
                        j += 2;
                        continue;
                    }
                    ended = true;
                    j++;
                    break;
                }
                value.append(c);
                j++;
            }
            if (!ended) {
                throw new PmiException("PMI-2 message '" + body + "': " + key + " is not ended by ';'");
            }
            if (command == null) {
                if (!key.equals("cmd") || value.length() == 0) {
                    throw new PmiException("PMI-2 message '" + body + "' does not start with cmd=NAME;");
                }
                command = value.toString();
            } else if (key.equals("cmd") || attributes.putIfAbsent(key, value.toString()) != null) {
                throw new PmiException("PMI-2 message '" + body + "' repeats " + key);
            }
            i = j;
        }
        if (command == null) {
            throw new PmiException("empty PMI-2 message");
        }
        return new PmiMessage(command, attributes);
    }

    private static String checkPmi2Key(String key) {
        if (key.isEmpty() || key.indexOf('=') >= 0 || key.indexOf(';') >= 0) {
            throw new IllegalArgumentException("PMI-2 key '" + key + "' is empty or holds '=' or ';'");
        }
        return key;
    }

    private static byte[] checkLength(byte[] bytes) {
        if (bytes.length > MAX_MESSAGE_BYTES) {
            throw new IllegalArgumentException("PMI message of " + bytes.length + " bytes; at most " + MAX_MESSAGE_BYTES);
        }
        return bytes;
    }

    /** Reads until {@code buffer} is full or the stream ends; returns how much was read. */
    private static int readFully(InputStream in, byte[] buffer) throws IOException {
        int got = 0;
        while (got < buffer.length) {
            int r = in.read(buffer, got, buffer.length - got);
            if (r < 0) {
                break;
            }
            got += r;
        }
        return got;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("cmd=").append(command);
        attributes.forEach((k, v) -> s.append(' ').append(k).append('=').append(v));
        return s.toString();
    }
}
