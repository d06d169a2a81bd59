package mpi;

import java.nio.*;

public final class DistGraphNeighbors {
    public int getInDegree() {
        throw Unsupported.notYet("DistGraphNeighbors.getInDegree");
    }

    public int getOutDegree() {
        throw Unsupported.notYet("DistGraphNeighbors.getOutDegree");
    }

    public boolean isWeighted() {
        throw Unsupported.notYet("DistGraphNeighbors.isWeighted");
    }

    public int getSource(int i) {
        throw Unsupported.notYet("DistGraphNeighbors.getSource");
    }

    public int getSourceWeight(int i) {
        throw Unsupported.notYet("DistGraphNeighbors.getSourceWeight");
    }

    public int getDestination(int i) {
        throw Unsupported.notYet("DistGraphNeighbors.getDestination");
    }

    public int getDestinationWeight(int i) {
        throw Unsupported.notYet("DistGraphNeighbors.getDestinationWeight");
    }
}
