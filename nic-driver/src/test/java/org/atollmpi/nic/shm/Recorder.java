package org.atollmpi.nic.shm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/** Records arrivals, copying payloads out while they are readable. */
final class Recorder implements ArrivalHandler {
    record Message(int source, long header0, long header1, byte[] payload) {
        @Override
        public String toString() {
            return "Message{" + source + ", " + header0 + ", " + header1 + ", " + Arrays.toString(payload) + '}';
        }
    }

    record Notification(int source, int type, long arg0, long arg1, long arg2) {
    }

    record Completion(long token, int status, long value) {
    }

    record Fault(int peer, String field) {
    }

    final List<Message> messages = new ArrayList<>();
    final List<Notification> notifications = new ArrayList<>();
    final List<Completion> completions = new ArrayList<>();
    final List<Fault> faults = new ArrayList<>();

    @Override
    public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
        byte[] payload = new byte[length];
        Memory.copy(base, offset, payload, Memory.BYTE_ARRAY_BASE, length);
        messages.add(new Message(source, header0, header1, payload));
    }

    @Override
    public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        notifications.add(new Notification(source, type, arg0, arg1, arg2));
    }

    @Override
    public void onCompletion(long token, int status, long value) {
        completions.add(new Completion(token, status, value));
    }

    @Override
    public void onBoardFault(int peer, String field) {
        faults.add(new Fault(peer, field));
    }

    void clear() {
        faults.clear();
        messages.clear();
        notifications.clear();
        completions.clear();
    }

    static byte[] pattern(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed * 31 + i * 7 + 1);
        }
        return b;
    }

    /** A board small enough for unit tests. */
    static ShmBoardConfig smallConfig() {
        return ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20).withReceiveRingBytes(1 << 16)
            .withAttachTimeoutMillis(5_000);
    }
}
