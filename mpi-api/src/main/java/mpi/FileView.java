package mpi;

/**
 * A file view as {@link File#getView} would describe it: displacement, elementary type, file
 * type and data representation. MPI-IO itself is not supported (every {@link File} call raises
 * ERR_UNSUPPORTED_OPERATION), but a view is only a value, so it is a real one.
 */
public final class FileView {
    private final long disp;
    private final Datatype etype;
    private final Datatype filetype;
    private final String datarep;

    public FileView(long disp, Datatype etype, Datatype filetype, String datarep) {
        this.disp = disp;
        this.etype = etype;
        this.filetype = filetype;
        this.datarep = datarep;
    }

    public long getDisp() {
        return disp;
    }

    public Datatype getEType() {
        return etype;
    }

    public Datatype getFileType() {
        return filetype;
    }

    public String getDataRep() {
        return datarep;
    }
}
