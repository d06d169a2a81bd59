package org.atollmpi.rma;

import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.RemoteKey;

/**
 * What one rank has attached to a dynamic window (MPI_Win_attach), published in its
 * {@link AttachmentTable} for the origins to read.
 *
 * <p><b>Addressing.</b> The Java bindings have no MPI_Get_address, so a region's displacement is
 * given by the order of attachment: the first region attached is at displacement 0, each next one
 * at the previous one's displacement plus that one's size, in bytes (displacement unit 1). A
 * displacement is never given twice: memory detached leaves a hole, and memory attached again
 * gets the next displacement.
 *
 * <p>A region in board memory gets a window descriptor of its own (one copy by the origin); one
 * that is not (a heap array, an ordinary direct buffer) is served by this rank's engine
 * ({@link WindowServer}, through {@link ServedMemory}). The regions change under the engine's
 * lock, which the server's hook holds while it resolves an address.
 */
final class AttachedRegions implements ServedMemory {
    private final Engine engine;
    private final BoardBlock table;
    private final AttachmentTable.Entry[] entries;
    /** The memory of each entry: its base (null for native memory) and address. */
    private final Object[] bases;
    private final long[] addresses;
    private int count;
    private long nextDisplacement;

    AttachedRegions(Engine engine, BoardBlock table) {
        this.engine = engine;
        this.table = table;
        int capacity = AttachmentTable.capacity(table.length());
        this.entries = new AttachmentTable.Entry[capacity];
        this.bases = new Object[capacity];
        this.addresses = new long[capacity];
        AttachmentTable.write(table.base(), table.address(), entries, 0);
    }

    /**
     * Attaches {@code size} bytes at {@code (base, address)}: a local call. Raises ERR_RMA_ATTACH
     * when the table is full or the memory overlaps a region already attached.
     *
     * @return the region's displacement
     */
    long attach(String call, Object base, long address, long size) {
        if (count == entries.length) {
            throw new EngineException(ErrorClass.RMA_ATTACH, call + ": " + count
                + " regions are attached already, the most one rank may attach to a window (info key "
                + "atoll_max_attached at the window's creation)");
        }
        for (int i = 0; i < count; i++) {
            if (bases[i] == base && address < addresses[i] + entries[i].length()
                && addresses[i] < address + size) {
                throw new EngineException(ErrorClass.RMA_ATTACH, call + ": the " + size
                    + " bytes overlap a region attached already (at displacement " + entries[i].displacement() + ")");
            }
        }
        boolean board = size > 0 && engine.isBoardMemory(base, address, size);
        RemoteKey key = board ? engine.expose(base, address, size) : null;
        long displacement = nextDisplacement;
        engine.execute(() -> {
            entries[count] = new AttachmentTable.Entry(displacement, size, key, !board);
            bases[count] = base;
            addresses[count] = address;
            count++;
            publish();
        });
        nextDisplacement += size;
        return displacement;
    }

    /**
     * Detaches the region attached at {@code (base, address)}: a local call, raising
     * ERR_RMA_ATTACH when no region starts there. The origins' later accesses to it are refused.
     */
    void detach(String call, Object base, long address) {
        int found = -1;
        for (int i = 0; i < count && found < 0; i++) {
            if (bases[i] == base && addresses[i] == address) {
                found = i;
            }
        }
        if (found < 0) {
            throw new EngineException(ErrorClass.RMA_ATTACH, call + ": base is not memory attached to this window");
        }
        int gone = found;
        RemoteKey key = entries[gone].key();
        engine.execute(() -> {
            System.arraycopy(entries, gone + 1, entries, gone, count - gone - 1);
            System.arraycopy(bases, gone + 1, bases, gone, count - gone - 1);
            System.arraycopy(addresses, gone + 1, addresses, gone, count - gone - 1);
            count--;
            entries[count] = null;
            bases[count] = null;
            publish();
        });
        if (key != null) {
            engine.withdraw(key);
        }
    }

    /** Withdraws every region's descriptor (the window is freed: its regions are detached). */
    void release() {
        for (int i = 0; i < count; i++) {
            if (entries[i].key() != null) {
                engine.withdraw(entries[i].key());
            }
        }
        count = 0;
    }

    private void publish() {
        AttachmentTable.write(table.base(), table.address(), entries, count);
    }

    private int find(long at, long length) {
        for (int i = 0; i < count; i++) {
            long disp = entries[i].displacement();
            long size = entries[i].length();
            if (at >= disp && length <= size && at - disp <= size - length) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean covers(long at, long length) {
        int i = length > 0 ? find(at, length) : -1; // served requests are never empty
        return i >= 0 && entries[i].served();
    }

    @Override
    public Object base(long at) {
        return bases[find(at, 1)];
    }

    @Override
    public long address(long at) {
        int i = find(at, 1);
        return addresses[i] + at - entries[i].displacement();
    }
}
