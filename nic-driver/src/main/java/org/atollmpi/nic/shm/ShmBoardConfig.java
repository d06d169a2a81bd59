package org.atollmpi.nic.shm;

import java.util.Locale;
import java.util.Properties;

import org.agrona.BitUtil;
import org.atollmpi.nic.SettingNames;

/**
 * Sizes and policies of a shm board. Immutable; the {@code with*} methods return a changed copy.
 * Only the creating rank's configuration shapes the board: attaching ranks read the layout from
 * the board header, so they need only agree on the attach timeout, the job key and the mapping.
 *
 * <p>Every setting has a system property and, for programs started by {@code mpirun} (which passes
 * its environment, and {@code -x}, to every rank), an environment variable: the property's last
 * part in upper snake case after {@code ATOLL_SHM_} ({@code atoll.shm.heapBytes} is
 * {@code ATOLL_SHM_HEAP_BYTES}); the property wins ({@link #fromSettings()}). Byte sizes accept
 * the suffixes {@code k}, {@code m} and {@code g} (powers of 1024):
 *
 * <table>
 * <caption>settings</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code atoll.shm.slots}</td><td>32</td><td>fast-send slots per (source, target) ring, a power of two</td></tr>
 * <tr><td>{@code atoll.shm.ringBytes}</td><td>1m</td><td>receive ring capacity per port, a power of two</td></tr>
 * <tr><td>{@code atoll.shm.notifications}</td><td>1024</td><td>notification queue entries per port, a power of two</td></tr>
 * <tr><td>{@code atoll.shm.windows}</td><td>1024</td><td>window descriptors per port</td></tr>
 * <tr><td>{@code atoll.shm.heapBytes}</td><td>256m</td><td>board heap partition per rank (sparse: untouched pages cost nothing)</td></tr>
 * <tr><td>{@code atoll.shm.attachTimeoutMs}</td><td>30000</td><td>how long an attaching rank waits for the creator</td></tr>
 * <tr><td>{@code atoll.shm.jobKey}</td><td>0</td><td>a number unique to the job, checked against the header (needed when the board outlives jobs, as a device does)</td></tr>
 * <tr><td>{@code atoll.shm.nativeMapping}</td><td>true</td><td>use the JNI mapping library when it loads; {@code false} forces {@code FileChannel.map}</td></tr>
 * </table>
 */
public final class ShmBoardConfig {
    public static final int DEFAULT_SLOTS_PER_RING = 32;
    public static final int DEFAULT_RECEIVE_RING_BYTES = 1 << 20;
    public static final int DEFAULT_NOTIFICATION_ENTRIES = 1024;
    public static final int DEFAULT_WINDOW_ENTRIES = 1024;
    public static final long DEFAULT_HEAP_BYTES_PER_RANK = 256L << 20;
    public static final long DEFAULT_ATTACH_TIMEOUT_MILLIS = 30_000;

    public static final String SLOTS_PROPERTY = "atoll.shm.slots";
    public static final String RING_BYTES_PROPERTY = "atoll.shm.ringBytes";
    public static final String NOTIFICATIONS_PROPERTY = "atoll.shm.notifications";
    public static final String WINDOWS_PROPERTY = "atoll.shm.windows";
    public static final String HEAP_BYTES_PROPERTY = "atoll.shm.heapBytes";
    public static final String ATTACH_TIMEOUT_PROPERTY = "atoll.shm.attachTimeoutMs";
    public static final String JOB_KEY_PROPERTY = "atoll.shm.jobKey";
    public static final String NATIVE_MAPPING_PROPERTY = "atoll.shm.nativeMapping";

    private static final int MAX_SLOTS_PER_RING = 1 << 16;

    private final int slotsPerRing;
    private final int receiveRingBytes;
    private final int notificationEntries;
    private final int windowEntries;
    private final long heapBytesPerRank;
    private final long attachTimeoutMillis;
    private final long jobKey;
    private final boolean nativeMapping;

    /**
     * The bounds every structure's code relies on (a slot index is masked with {@code slots - 1}):
     * checked for a configuration and again for the sizes a joining rank reads from a board header.
     */
    static void checkSizes(int slotsPerRing, long receiveRingBytes, int notificationEntries, int windowEntries,
                           long heapBytesPerRank) {
        if (slotsPerRing < 1 || slotsPerRing > MAX_SLOTS_PER_RING || !BitUtil.isPowerOfTwo(slotsPerRing)) {
            throw new IllegalArgumentException(
                "slots per ring must be a power of two between 1 and " + MAX_SLOTS_PER_RING + ": " + slotsPerRing);
        }
        ReceiveRingDescriptor.checkCapacity(receiveRingBytes);
        NotificationQueueDescriptor.checkEntries(notificationEntries);
        WindowDescriptor.checkEntries(windowEntries);
        if (heapBytesPerRank < 0) {
            throw new IllegalArgumentException("heap bytes per rank must not be negative: " + heapBytesPerRank);
        }
    }

    private ShmBoardConfig(int slotsPerRing, int receiveRingBytes, int notificationEntries, int windowEntries,
                           long heapBytesPerRank, long attachTimeoutMillis, long jobKey, boolean nativeMapping) {
        checkSizes(slotsPerRing, receiveRingBytes, notificationEntries, windowEntries, heapBytesPerRank);
        if (attachTimeoutMillis < 0) {
            throw new IllegalArgumentException("attach timeout must not be negative: " + attachTimeoutMillis);
        }
        this.slotsPerRing = slotsPerRing;
        this.receiveRingBytes = receiveRingBytes;
        this.notificationEntries = notificationEntries;
        this.windowEntries = windowEntries;
        this.heapBytesPerRank = heapBytesPerRank;
        this.attachTimeoutMillis = attachTimeoutMillis;
        this.jobKey = jobKey;
        this.nativeMapping = nativeMapping;
    }

    /** The defaults, ignoring system properties. */
    public static ShmBoardConfig defaults() {
        return new ShmBoardConfig(DEFAULT_SLOTS_PER_RING, DEFAULT_RECEIVE_RING_BYTES, DEFAULT_NOTIFICATION_ENTRIES,
            DEFAULT_WINDOW_ENTRIES, DEFAULT_HEAP_BYTES_PER_RANK, DEFAULT_ATTACH_TIMEOUT_MILLIS, 0, true);
    }

    /**
     * The defaults overridden by the {@code ATOLL_SHM_*} environment variables and then by the
     * {@code atoll.shm.*} system properties that are set.
     */
    public static ShmBoardConfig fromSettings() {
        return fromProperties(settings(System.getenv(), System.getProperties()));
    }

    /** The properties that {@code env} and {@code properties} set, a property winning over its variable. */
    static Properties settings(java.util.Map<String, String> env, Properties properties) {
        Properties merged = new Properties();
        for (String name : new String[] {SLOTS_PROPERTY, RING_BYTES_PROPERTY, NOTIFICATIONS_PROPERTY, WINDOWS_PROPERTY,
            HEAP_BYTES_PROPERTY, ATTACH_TIMEOUT_PROPERTY, NATIVE_MAPPING_PROPERTY}) {
            String value = properties.getProperty(name);
            if (value == null) {
                value = env.get(environmentName(name));
            }
            if (value != null) {
                merged.setProperty(name, value);
            }
        }
        String jobKey = properties.getProperty(JOB_KEY_PROPERTY);
        if (jobKey != null) {
            merged.setProperty(JOB_KEY_PROPERTY, jobKey);
        }
        return merged;
    }

    /** {@code atoll.shm.heapBytes} is {@code ATOLL_SHM_HEAP_BYTES}. */
    static String environmentName(String property) {
        String last = property.substring("atoll.shm.".length());
        return SettingNames.environmentName("ATOLL_SHM_", last);
    }

    /** @throws IllegalArgumentException naming the property whose value is malformed or out of range */
    public static ShmBoardConfig fromProperties(Properties properties) {
        ShmBoardConfig d = defaults();
        return new ShmBoardConfig(
            (int) intProperty(properties, SLOTS_PROPERTY, d.slotsPerRing),
            (int) sizeProperty(properties, RING_BYTES_PROPERTY, d.receiveRingBytes, Integer.MAX_VALUE),
            (int) intProperty(properties, NOTIFICATIONS_PROPERTY, d.notificationEntries),
            (int) intProperty(properties, WINDOWS_PROPERTY, d.windowEntries),
            sizeProperty(properties, HEAP_BYTES_PROPERTY, d.heapBytesPerRank, Long.MAX_VALUE),
            sizeProperty(properties, ATTACH_TIMEOUT_PROPERTY, d.attachTimeoutMillis, Long.MAX_VALUE),
            sizeProperty(properties, JOB_KEY_PROPERTY, d.jobKey, Long.MAX_VALUE),
            Boolean.parseBoolean(properties.getProperty(NATIVE_MAPPING_PROPERTY, Boolean.toString(d.nativeMapping)).trim()));
    }

    private static long intProperty(Properties properties, String name, int defaultValue) {
        return sizeProperty(properties, name, defaultValue, Integer.MAX_VALUE);
    }

    private static long sizeProperty(Properties properties, String name, long defaultValue, long max) {
        String text = properties.getProperty(name);
        if (text == null || text.isBlank()) {
            return defaultValue;
        }
        try {
            long value = parseSize(text);
            if (value > max) {
                throw new IllegalArgumentException("larger than " + max);
            }
            return value;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("system property " + name + "=" + text + " is not valid: "
                + e.getMessage(), e);
        }
    }

    /** Parses {@code 1234}, {@code 64k}, {@code 256m} or {@code 2g} (powers of 1024). */
    /** A byte size with an optional k, m or g suffix (powers of 1024). */
    public static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int shift = 0;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k': shift = 10; break;
                case 'm': shift = 20; break;
                case 'g': shift = 30; break;
                default: break;
            }
        }
        long value = Long.parseLong(shift == 0 ? t : t.substring(0, t.length() - 1).trim());
        if (shift != 0 && (value < 0 || value > (Long.MAX_VALUE >>> shift))) {
            throw new IllegalArgumentException("size out of range");
        }
        return value << shift;
    }

    public int slotsPerRing() {
        return slotsPerRing;
    }

    public int receiveRingBytes() {
        return receiveRingBytes;
    }

    public int notificationEntries() {
        return notificationEntries;
    }

    public int windowEntries() {
        return windowEntries;
    }

    public long heapBytesPerRank() {
        return heapBytesPerRank;
    }

    public long attachTimeoutMillis() {
        return attachTimeoutMillis;
    }

    public long jobKey() {
        return jobKey;
    }

    public boolean nativeMapping() {
        return nativeMapping;
    }

    public ShmBoardConfig withSlotsPerRing(int slots) {
        return new ShmBoardConfig(slots, receiveRingBytes, notificationEntries, windowEntries, heapBytesPerRank,
            attachTimeoutMillis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withReceiveRingBytes(int bytes) {
        return new ShmBoardConfig(slotsPerRing, bytes, notificationEntries, windowEntries, heapBytesPerRank,
            attachTimeoutMillis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withNotificationEntries(int entries) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, entries, windowEntries, heapBytesPerRank,
            attachTimeoutMillis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withWindowEntries(int entries) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, notificationEntries, entries, heapBytesPerRank,
            attachTimeoutMillis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withHeapBytesPerRank(long bytes) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, notificationEntries, windowEntries, bytes,
            attachTimeoutMillis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withAttachTimeoutMillis(long millis) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, notificationEntries, windowEntries, heapBytesPerRank,
            millis, jobKey, nativeMapping);
    }

    public ShmBoardConfig withJobKey(long key) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, notificationEntries, windowEntries, heapBytesPerRank,
            attachTimeoutMillis, key, nativeMapping);
    }

    public ShmBoardConfig withNativeMapping(boolean useNative) {
        return new ShmBoardConfig(slotsPerRing, receiveRingBytes, notificationEntries, windowEntries, heapBytesPerRank,
            attachTimeoutMillis, jobKey, useNative);
    }

    @Override
    public String toString() {
        return "ShmBoardConfig{slots=" + slotsPerRing + ", ringBytes=" + receiveRingBytes
            + ", notifications=" + notificationEntries + ", windows=" + windowEntries
            + ", heapBytes=" + heapBytesPerRank + ", attachTimeoutMs=" + attachTimeoutMillis
            + ", jobKey=" + jobKey + ", nativeMapping=" + nativeMapping + '}';
    }
}
