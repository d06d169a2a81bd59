package mpi;

import java.nio.Buffer;

/**
 * One-sided communication (MPI windows). Not available in this version: the class and every member
 * exist so that programs compile, and every call raises {@link MPI#ERR_UNSUPPORTED_OPERATION}
 * naming itself. The RMA layer (window descriptors on the NIC) will implement it.
 */
public final class Win implements Freeable {
    public static final int WIN_NULL = 0;
    public static final int FLAVOR_PRIVATE = 0;
    public static final int FLAVOR_SHARED = 1;

    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) {
        throw Unsupported.oneSided("Win.Win");
    }

    public Win(Object base, int size, int dispUnit, Info info, Comm comm) {
        throw Unsupported.oneSided("Win.Win");
    }

    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) {
        throw Unsupported.oneSided("Win.Win");
    }

    public Win(int size, int dispUnit, Info info, Comm comm, Object base, int flavor) {
        throw Unsupported.oneSided("Win.Win");
    }

    public Win(Info info, Comm comm) {
        throw Unsupported.oneSided("Win.Win");
    }

    public void attach(Buffer base, int size) {
        throw Unsupported.oneSided("Win.attach");
    }

    public void attach(Object base, int size) {
        throw Unsupported.oneSided("Win.attach");
    }

    public void detach(Buffer base) {
        throw Unsupported.oneSided("Win.detach");
    }

    public void detach(Object base) {
        throw Unsupported.oneSided("Win.detach");
    }

    public Group getGroup() {
        throw Unsupported.oneSided("Win.getGroup");
    }

    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.put");
    }

    public void put(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.put");
    }

    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.get");
    }

    public void get(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.get");
    }

    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.accumulate");
    }

    public void accumulate(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.accumulate");
    }

    public void fence(int assertion) {
        throw Unsupported.oneSided("Win.fence");
    }

    public void start(Group group, int assertion) {
        throw Unsupported.oneSided("Win.start");
    }

    public void complete() {
        throw Unsupported.oneSided("Win.complete");
    }

    public void post(Group group, int assertion) {
        throw Unsupported.oneSided("Win.post");
    }

    public void waitFor() {
        throw Unsupported.oneSided("Win.waitFor");
    }

    public boolean test() {
        throw Unsupported.oneSided("Win.test");
    }

    public void lock(int lockType, int rank, int assertion) {
        throw Unsupported.oneSided("Win.lock");
    }

    public void unlock(int rank) {
        throw Unsupported.oneSided("Win.unlock");
    }

    public void setErrhandler(Errhandler errhandler) {
        throw Unsupported.oneSided("Win.setErrhandler");
    }

    public Errhandler getErrhandler() {
        throw Unsupported.oneSided("Win.getErrhandler");
    }

    public void callErrhandler(int errorCode) {
        throw Unsupported.oneSided("Win.callErrhandler");
    }

    public static int createKeyval() {
        throw Unsupported.oneSided("Win.createKeyval");
    }

    public static void freeKeyval(int keyval) {
        throw Unsupported.oneSided("Win.freeKeyval");
    }

    public void setAttr(int keyval, Object value) {
        throw Unsupported.oneSided("Win.setAttr");
    }

    public Object getAttr(int keyval) {
        throw Unsupported.oneSided("Win.getAttr");
    }

    public void deleteAttr(int keyval) {
        throw Unsupported.oneSided("Win.deleteAttr");
    }

    public void free() {
        throw Unsupported.oneSided("Win.free");
    }

    public Info getInfo() {
        throw Unsupported.oneSided("Win.getInfo");
    }

    public void setInfo(Info info) {
        throw Unsupported.oneSided("Win.setInfo");
    }

    public final Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank, int target_disp, int target_count, Datatype target_datatype) {
        throw Unsupported.oneSided("Win.rPut");
    }

    public final Request rPut(Object origin_addr, int origin_count, Datatype origin_datatype, int target_rank, int target_disp, int target_count, Datatype target_datatype) {
        throw Unsupported.oneSided("Win.rPut");
    }

    public final Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.rGet");
    }

    public final Request rGet(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        throw Unsupported.oneSided("Win.rGet");
    }

    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.rAccumulate");
    }

    public Request rAccumulate(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.rAccumulate");
    }

    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.getAccumulate");
    }

    public void getAccumulate(Object origin, int orgCount, Datatype orgType, Object resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.getAccumulate");
    }

    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.rGetAccumulate");
    }

    public Request rGetAccumulate(Object origin, int orgCount, Datatype orgType, Object resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        throw Unsupported.oneSided("Win.rGetAccumulate");
    }

    public void lockAll(int assertion) {
        throw Unsupported.oneSided("Win.lockAll");
    }

    public void unlockAll() {
        throw Unsupported.oneSided("Win.unlockAll");
    }

    public void sync() {
        throw Unsupported.oneSided("Win.sync");
    }

    public void flush(int targetRank) {
        throw Unsupported.oneSided("Win.flush");
    }

    public void flushAll() {
        throw Unsupported.oneSided("Win.flushAll");
    }

    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank, int targetDisp) {
        throw Unsupported.oneSided("Win.compareAndSwap");
    }

    public void compareAndSwap(Object origin, Object compareAddr, Object resultAddr, Datatype targetType, int targetRank, int targetDisp) {
        throw Unsupported.oneSided("Win.compareAndSwap");
    }

    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) {
        throw Unsupported.oneSided("Win.fetchAndOp");
    }

    public void fetchAndOp(Object origin, Object resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) {
        throw Unsupported.oneSided("Win.fetchAndOp");
    }

    public void flushLocal(int targetRank) {
        throw Unsupported.oneSided("Win.flushLocal");
    }

    public void flushLocalAll() {
        throw Unsupported.oneSided("Win.flushLocalAll");
    }

    public String getName() {
        throw Unsupported.oneSided("Win.getName");
    }

    public void setName(String name) {
        throw Unsupported.oneSided("Win.setName");
    }
}
