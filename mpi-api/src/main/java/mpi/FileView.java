package mpi;

import java.nio.*;

public final class FileView {
    public FileView(long disp, Datatype etype, Datatype filetype, String datarep) {
        throw Unsupported.notYet("FileView.FileView");
    }

    public long getDisp() {
        throw Unsupported.notYet("FileView.getDisp");
    }

    public Datatype getEType() {
        throw Unsupported.notYet("FileView.getEType");
    }

    public Datatype getFileType() {
        throw Unsupported.notYet("FileView.getFileType");
    }

    public String getDataRep() {
        throw Unsupported.notYet("FileView.getDataRep");
    }
}
