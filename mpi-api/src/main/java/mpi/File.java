package mpi;

import java.nio.Buffer;

/**
 * MPI-IO. Outside atoll-mpi's scope: the class and every member exist so that programs compile,
 * and every call raises {@link MPI#ERR_UNSUPPORTED_OPERATION} naming itself.
 */
public final class File {
    public File(Comm comm, String filename, int amode) {
        throw Unsupported.io("File.File");
    }

    public File(Comm comm, String filename, int amode, Info info) {
        throw Unsupported.io("File.File");
    }

    public void close() {
        throw Unsupported.io("File.close");
    }

    public static void delete(String filename) {
        throw Unsupported.io("File.delete");
    }

    public static void delete(String filename, Info info) {
        throw Unsupported.io("File.delete");
    }

    public void setSize(long size) {
        throw Unsupported.io("File.setSize");
    }

    public void preallocate(long size) {
        throw Unsupported.io("File.preallocate");
    }

    public long getSize() {
        throw Unsupported.io("File.getSize");
    }

    public Group getGroup() {
        throw Unsupported.io("File.getGroup");
    }

    public int getAMode() {
        throw Unsupported.io("File.getAMode");
    }

    public void setInfo(Info info) {
        throw Unsupported.io("File.setInfo");
    }

    public Info getInfo() {
        throw Unsupported.io("File.getInfo");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) {
        throw Unsupported.io("File.setView");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) {
        throw Unsupported.io("File.setView");
    }

    public FileView getView() {
        throw Unsupported.io("File.getView");
    }

    public Status readAt(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readAt");
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readAtAll");
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeAt");
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeAtAll");
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAt");
    }

    public Request iReadAt(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAt");
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAtAll");
    }

    public Request iReadAtAll(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAtAll");
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAt");
    }

    public Request iWriteAt(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAt");
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAtAll");
    }

    public Request iWriteAtAll(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAtAll");
    }

    public Status read(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.read");
    }

    public Status readAll(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readAll");
    }

    public Status write(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.write");
    }

    public Status writeAll(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeAll");
    }

    public Request iRead(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iRead");
    }

    public Request iRead(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iRead");
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAll");
    }

    public Request iReadAll(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadAll");
    }

    public Request iWrite(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iWrite");
    }

    public Request iWrite(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iWrite");
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAll");
    }

    public Request iWriteAll(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteAll");
    }

    public void seek(long offset, int whence) {
        throw Unsupported.io("File.seek");
    }

    public long getPosition() {
        throw Unsupported.io("File.getPosition");
    }

    public long getByteOffset(long offset) {
        throw Unsupported.io("File.getByteOffset");
    }

    public Status readShared(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readShared");
    }

    public Status writeShared(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeShared");
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadShared");
    }

    public Request iReadShared(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iReadShared");
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteShared");
    }

    public Request iWriteShared(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.iWriteShared");
    }

    public Status readOrdered(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readOrdered");
    }

    public Status writeOrdered(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeOrdered");
    }

    public void seekShared(long offset, int whence) {
        throw Unsupported.io("File.seekShared");
    }

    public long getPositionShared() {
        throw Unsupported.io("File.getPositionShared");
    }

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readAtAllBegin");
    }

    public Status readAtAllEnd(Object buf) {
        throw Unsupported.io("File.readAtAllEnd");
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeAtAllBegin");
    }

    public Status writeAtAllEnd(Object buf) {
        throw Unsupported.io("File.writeAtAllEnd");
    }

    public void readAllBegin(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readAllBegin");
    }

    public Status readAllEnd(Object buf) {
        throw Unsupported.io("File.readAllEnd");
    }

    public void writeAllBegin(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeAllBegin");
    }

    public Status writeAllEnd(Object buf) {
        throw Unsupported.io("File.writeAllEnd");
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.readOrderedBegin");
    }

    public Status readOrderedEnd(Object buf) {
        throw Unsupported.io("File.readOrderedEnd");
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) {
        throw Unsupported.io("File.writeOrderedBegin");
    }

    public Status writeOrderedEnd(Object buf) {
        throw Unsupported.io("File.writeOrderedEnd");
    }

    public int getTypeExtent(Datatype type) {
        throw Unsupported.io("File.getTypeExtent");
    }

    public void setAtomicity(boolean atomicity) {
        throw Unsupported.io("File.setAtomicity");
    }

    public boolean getAtomicity() {
        throw Unsupported.io("File.getAtomicity");
    }

    public void sync() {
        throw Unsupported.io("File.sync");
    }

    public void setErrhandler(Errhandler errhandler) {
        throw Unsupported.io("File.setErrhandler");
    }

    public Errhandler getErrhandler() {
        throw Unsupported.io("File.getErrhandler");
    }

    public void callErrhandler(int errorCode) {
        throw Unsupported.io("File.callErrhandler");
    }
}
