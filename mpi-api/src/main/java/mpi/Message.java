package mpi;

import java.nio.*;

public final class Message {
    public Message() {
        throw Unsupported.notYet("Message.Message");
    }

    public boolean isNull() {
        throw Unsupported.notYet("Message.isNull");
    }

    public boolean isNoProc() {
        throw Unsupported.notYet("Message.isNoProc");
    }

    public Status mProbe(int source, int tag, Comm comm) {
        throw Unsupported.notYet("Message.mProbe");
    }

    public Status imProbe(int source, int tag, Comm comm) {
        throw Unsupported.notYet("Message.imProbe");
    }

    public Status mRecv(Object buf, int count, Datatype type) {
        throw Unsupported.notYet("Message.mRecv");
    }

    public Request imRecv(Buffer buf, int count, Datatype type) {
        throw Unsupported.notYet("Message.imRecv");
    }

    public Request imRecv(Object buf, int count, Datatype type) {
        throw Unsupported.notYet("Message.imRecv");
    }
}
