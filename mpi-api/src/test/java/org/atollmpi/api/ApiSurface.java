package org.atollmpi.api;

import java.nio.*;
import mpi.*;

/**
 * Generated from ../shared/api/openmpi-java.txt and mpijava-1.2.txt (and the array forms of
 * mvapich2-j.md) by tools/api-surface/gen_test.py: references every public member a program may use, from
 * outside the package, so the build fails if one is missing or its signature drifts. Never run:
 * compiling it is the test. Members that exist only inside MPJ Express (mpjdev/mpjbuf types)
 * and the protected members of final classes are left out (see docs/PORTING.md).
 */
@SuppressWarnings({"unused", "deprecation", "removal", "rawtypes"})
final class ApiSurface {
    static final int MEMBERS = 962;

    private ApiSurface() {
    }

    private static void use(Object o) {
    }

    static void everyMember() throws Throwable {
        CartComm v_CartComm = null;
        CartParms v_CartParms = null;
        Cartcomm v_Cartcomm = null;
        Comm v_Comm = null;
        Count v_Count = null;
        Datatype v_Datatype = null;
        DistGraphNeighbors v_DistGraphNeighbors = null;
        DoubleComplex v_DoubleComplex = null;
        DoubleInt.Data v_DoubleInt_Data = null;
        Errhandler v_Errhandler = null;
        File v_File = null;
        FileView v_FileView = null;
        FloatComplex v_FloatComplex = null;
        FloatInt.Data v_FloatInt_Data = null;
        Freeable v_Freeable = null;
        GraphComm v_GraphComm = null;
        GraphParms v_GraphParms = null;
        Graphcomm v_Graphcomm = null;
        Group v_Group = null;
        Info v_Info = null;
        Int2.Data v_Int2_Data = null;
        Intercomm v_Intercomm = null;
        Intracomm v_Intracomm = null;
        LongInt.Data v_LongInt_Data = null;
        MPI v_MPI = null;
        MPIException v_MPIException = null;
        Message v_Message = null;
        Op v_Op = null;
        Prequest v_Prequest = null;
        Request v_Request = null;
        ShiftParms v_ShiftParms = null;
        ShortInt.Data v_ShortInt_Data = null;
        Status v_Status = null;
        Struct v_Struct = null;
        Struct.Data v_Struct_Data = null;
        UserFunction v_UserFunction = null;
        User_function v_User_function = null;
        Version v_Version = null;
        Win v_Win = null;
        use(v_CartComm.clone()); // [ompi]
        use(v_CartComm.dup()); // [ompi]
        use(v_CartComm.iDup()); // [ompi]
        use(v_CartComm.dupWithInfo((Info) null)); // [ompi]
        use(v_CartComm.getTopo()); // [ompi]
        int r6 = v_CartComm.getRank((int[]) null); // [ompi]
        use(v_CartComm.getCoords(0)); // [ompi]
        use(v_CartComm.shift(0, 0)); // [ompi]
        use(v_CartComm.sub((boolean[]) null)); // [ompi]
        int r10 = v_CartComm.map((int[]) null, (boolean[]) null); // [ompi]
        CartComm.createDims(0, (int[]) null); // [ompi]
        int r12 = v_CartParms.getDimCount(); // [ompi]
        int r13 = v_CartParms.getDim(0); // [ompi]
        boolean r14 = v_CartParms.getPeriod(0); // [ompi]
        int r15 = v_CartParms.getCoord(0); // [ompi]
        use(Comm.TYPE_SHARED); // [ompi] public final static int TYPE_SHARED
        use(v_Comm.clone()); // [ompi]
        use(v_Comm.dup()); // [ompi]
        use(v_Comm.iDup()); // [ompi]
        use(v_Comm.dupWithInfo((Info) null)); // [ompi]
        use(v_Comm.getRequest()); // [ompi]
        int r22 = v_Comm.getSize(); // [ompi]
        int r23 = v_Comm.getRank(); // [ompi]
        int r24 = Comm.compare((Comm) null, (Comm) null); // [ompi]
        v_Comm.free(); // [ompi]
        boolean r26 = v_Comm.isNull(); // [ompi]
        v_Comm.setInfo((Info) null); // [ompi]
        use(v_Comm.getInfo()); // [ompi]
        v_Comm.disconnect(); // [ompi]
        use(v_Comm.getGroup()); // [ompi]
        boolean r31 = v_Comm.isInter(); // [ompi]
        use(v_Comm.createIntercomm((Comm) null, 0, 0, 0)); // [ompi]
        v_Comm.send((Object) null, 0, (Datatype) null, 0, 0); // [ompi]
        use(v_Comm.recv((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sendRecv((Object) null, 0, (Datatype) null, 0, 0, (Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sendRecvReplace((Object) null, 0, (Datatype) null, 0, 0, 0, 0)); // [ompi]
        v_Comm.bSend((Object) null, 0, (Datatype) null, 0, 0); // [ompi]
        v_Comm.sSend((Object) null, 0, (Datatype) null, 0, 0); // [ompi]
        v_Comm.rSend((Object) null, 0, (Datatype) null, 0, 0); // [ompi]
        use(v_Comm.iSend((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.iSend((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.ibSend((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.ibSend((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.isSend((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.isSend((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.irSend((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.irSend((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.iRecv((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.iRecv((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sendInit((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sendInit((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.bSendInit((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.bSendInit((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sSendInit((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.sSendInit((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.rSendInit((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.rSendInit((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.recvInit((Buffer) null, 0, (Datatype) null, 0, 0)); // [ompi]
        use(v_Comm.recvInit((Object) null, 0, (Datatype) null, 0, 0)); // [ompi]
        int r60 = v_Comm.pack((Object) null, 0, (Datatype) null, (byte[]) null, 0); // [ompi]
        int r61 = v_Comm.unpack((byte[]) null, 0, (Object) null, 0, (Datatype) null); // [ompi]
        int r62 = v_Comm.packSize(0, (Datatype) null); // [ompi]
        use(v_Comm.iProbe(0, 0)); // [ompi]
        use(v_Comm.probe(0, 0)); // [ompi]
        int r65 = Comm.createKeyval(); // [ompi]
        Comm.freeKeyval(0); // [ompi]
        v_Comm.setAttr(0, (Object) null); // [ompi]
        use(v_Comm.getAttr(0)); // [ompi]
        v_Comm.deleteAttr(0); // [ompi]
        int r70 = v_Comm.getTopology(); // [ompi]
        v_Comm.abort(0); // [ompi]
        v_Comm.setErrhandler((Errhandler) null); // [ompi]
        use(v_Comm.getErrhandler()); // [ompi]
        v_Comm.callErrhandler(0); // [ompi]
        v_Comm.barrier(); // [ompi]
        use(v_Comm.iBarrier()); // [ompi]
        v_Comm.bcast((Object) null, 0, (Datatype) null, 0); // [ompi]
        use(v_Comm.iBcast((Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iBcast((Object) null, 0, (Datatype) null, 0)); // [ompi]
        v_Comm.gather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0); // [ompi]
        v_Comm.gather((Object) null, 0, (Datatype) null, 0); // [ompi]
        use(v_Comm.iGather((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGather((Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGather((Object) null, 0, (Datatype) null, 0)); // [ompi]
        v_Comm.gatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null, 0); // [ompi]
        v_Comm.gatherv((Object) null, (int[]) null, (int[]) null, (Datatype) null, 0); // [ompi]
        v_Comm.gatherv((Object) null, 0, (Datatype) null, 0); // [ompi]
        use(v_Comm.iGatherv((Buffer) null, 0, (Datatype) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGatherv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGatherv((Object) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGatherv((Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iGatherv((Object) null, 0, (Datatype) null, 0)); // [ompi]
        v_Comm.scatter((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0); // [ompi]
        v_Comm.scatter((Object) null, 0, (Datatype) null, 0); // [ompi]
        use(v_Comm.iScatter((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatter((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatter((Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatter((Object) null, 0, (Datatype) null, 0)); // [ompi]
        v_Comm.scatterv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, 0, (Datatype) null, 0); // [ompi]
        v_Comm.scatterv((Object) null, (int[]) null, (int[]) null, (Datatype) null, 0); // [ompi]
        v_Comm.scatterv((Object) null, 0, (Datatype) null, 0); // [ompi]
        use(v_Comm.iScatterv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null, (Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatterv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatterv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatterv((Object) null, (int[]) null, (int[]) null, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatterv((Buffer) null, 0, (Datatype) null, 0)); // [ompi]
        use(v_Comm.iScatterv((Object) null, 0, (Datatype) null, 0)); // [ompi]
        v_Comm.allGather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null); // [ompi]
        v_Comm.allGather((Object) null, 0, (Datatype) null); // [ompi]
        use(v_Comm.iAllGather((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGather((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGather((Object) null, 0, (Datatype) null)); // [ompi]
        v_Comm.allGatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null); // [ompi]
        v_Comm.allGatherv((Object) null, (int[]) null, (int[]) null, (Datatype) null); // [ompi]
        use(v_Comm.iAllGatherv((Buffer) null, 0, (Datatype) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGatherv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iAllGatherv((Object) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        v_Comm.allToAll((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null); // [ompi]
        use(v_Comm.iAllToAll((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iAllToAll((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null)); // [ompi]
        v_Comm.allToAllv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null); // [ompi]
        use(v_Comm.iAllToAllv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iAllToAllv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        v_Comm.allToAllw((Object) null, (int[]) null, (int[]) null, (Datatype[]) null, (Object) null, (int[]) null, (int[]) null, (Datatype[]) null); // [ompi]
        use(v_Comm.iAllToAllw((Buffer) null, (int[]) null, (int[]) null, (Datatype[]) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype[]) null)); // [ompi]
        use(v_Comm.iAllToAllw((Object) null, (int[]) null, (int[]) null, (Datatype[]) null, (Object) null, (int[]) null, (int[]) null, (Datatype[]) null)); // [ompi]
        v_Comm.neighborAllGather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null); // [ompi]
        use(v_Comm.iNeighborAllGather((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iNeighborAllGather((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null)); // [ompi]
        v_Comm.neighborAllGatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null); // [ompi]
        use(v_Comm.iNeighborAllGatherv((Buffer) null, 0, (Datatype) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iNeighborAllGatherv((Object) null, 0, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        v_Comm.neighborAllToAll((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null); // [ompi]
        use(v_Comm.iNeighborAllToAll((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Comm.iNeighborAllToAll((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null)); // [ompi]
        v_Comm.neighborAllToAllv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null); // [ompi]
        use(v_Comm.iNeighborAllToAllv((Buffer) null, (int[]) null, (int[]) null, (Datatype) null, (Buffer) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(v_Comm.iNeighborAllToAllv((Object) null, (int[]) null, (int[]) null, (Datatype) null, (Object) null, (int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        v_Comm.reduce((Object) null, (Object) null, 0, (Datatype) null, (Op) null, 0); // [ompi]
        v_Comm.reduce((Object) null, 0, (Datatype) null, (Op) null, 0); // [ompi]
        use(v_Comm.iReduce((Buffer) null, (Buffer) null, 0, (Datatype) null, (Op) null, 0)); // [ompi]
        use(v_Comm.iReduce((Object) null, (Object) null, 0, (Datatype) null, (Op) null, 0)); // [ompi]
        use(v_Comm.iReduce((Buffer) null, 0, (Datatype) null, (Op) null, 0)); // [ompi]
        use(v_Comm.iReduce((Object) null, 0, (Datatype) null, (Op) null, 0)); // [ompi]
        v_Comm.allReduce((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        v_Comm.allReduce((Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        use(v_Comm.iAllReduce((Buffer) null, (Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iAllReduce((Object) null, (Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iAllReduce((Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iAllReduce((Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        v_Comm.reduceScatter((Object) null, (Object) null, (int[]) null, (Datatype) null, (Op) null); // [ompi]
        v_Comm.reduceScatter((Object) null, (int[]) null, (Datatype) null, (Op) null); // [ompi]
        use(v_Comm.iReduceScatter((Buffer) null, (Buffer) null, (int[]) null, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatter((Object) null, (Object) null, (int[]) null, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatter((Buffer) null, (int[]) null, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatter((Object) null, (int[]) null, (Datatype) null, (Op) null)); // [ompi]
        v_Comm.reduceScatterBlock((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        v_Comm.reduceScatterBlock((Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        use(v_Comm.iReduceScatterBlock((Buffer) null, (Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatterBlock((Object) null, (Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatterBlock((Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Comm.iReduceScatterBlock((Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        Comm.reduceLocal((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        v_Comm.setName((String) null); // [ompi]
        use(v_Comm.getName()); // [ompi]
        use(new Count(0L)); // [ompi]
        long r171 = v_Count.getCount(); // [ompi]
        v_Count.setCount(0L); // [ompi]
        boolean r173 = v_Count.equals((Object) null); // [ompi]
        int r174 = v_Count.compareTo((Object) null); // [ompi]
        int r175 = v_Datatype.getLb(); // [ompi]
        int r176 = v_Datatype.getExtent(); // [ompi]
        int r177 = v_Datatype.getTrueLb(); // [ompi]
        int r178 = v_Datatype.getTrueExtent(); // [ompi]
        int r179 = v_Datatype.getSize(); // [ompi]
        v_Datatype.commit(); // [ompi]
        v_Datatype.free(); // [ompi]
        boolean r182 = v_Datatype.isNull(); // [ompi]
        use(v_Datatype.clone()); // [ompi]
        use(v_Datatype.dup()); // [ompi]
        use(Datatype.createContiguous(0, (Datatype) null)); // [ompi]
        use(Datatype.createVector(0, 0, 0, (Datatype) null)); // [ompi]
        use(Datatype.createHVector(0, 0, 0, (Datatype) null)); // [ompi]
        use(Datatype.createIndexed((int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(Datatype.createHIndexed((int[]) null, (int[]) null, (Datatype) null)); // [ompi]
        use(Datatype.createStruct((int[]) null, (int[]) null, (Datatype[]) null)); // [ompi]
        use(Datatype.createResized((Datatype) null, 0, 0)); // [ompi]
        v_Datatype.setName((String) null); // [ompi]
        use(v_Datatype.getName()); // [ompi]
        int r194 = Datatype.createKeyval(); // [ompi]
        Datatype.freeKeyval(0); // [ompi]
        v_Datatype.setAttr(0, (Object) null); // [ompi]
        use(v_Datatype.getAttr(0)); // [ompi]
        v_Datatype.deleteAttr(0); // [ompi]
        int r199 = v_DistGraphNeighbors.getInDegree(); // [ompi]
        int r200 = v_DistGraphNeighbors.getOutDegree(); // [ompi]
        boolean r201 = v_DistGraphNeighbors.isWeighted(); // [ompi]
        int r202 = v_DistGraphNeighbors.getSource(0); // [ompi]
        int r203 = v_DistGraphNeighbors.getSourceWeight(0); // [ompi]
        int r204 = v_DistGraphNeighbors.getDestination(0); // [ompi]
        int r205 = v_DistGraphNeighbors.getDestinationWeight(0); // [ompi]
        use(DoubleComplex.get((DoubleBuffer) null)); // [ompi]
        use(DoubleComplex.get((DoubleBuffer) null, 0)); // [ompi]
        use(DoubleComplex.get((double[]) null)); // [ompi]
        use(DoubleComplex.get((double[]) null, 0)); // [ompi]
        use(DoubleComplex.get((ByteBuffer) null)); // [ompi]
        use(DoubleComplex.get((ByteBuffer) null, 0)); // [ompi]
        double r212 = v_DoubleComplex.getReal(); // [ompi]
        double r213 = v_DoubleComplex.getImag(); // [ompi]
        v_DoubleComplex.putReal(0.0); // [ompi]
        v_DoubleComplex.putImag(0.0); // [ompi]
        use(v_DoubleComplex.getBuffer()); // [ompi]
        double r217 = v_DoubleInt_Data.getValue(); // [ompi]
        int r218 = v_DoubleInt_Data.getIndex(); // [ompi]
        v_DoubleInt_Data.putValue(0.0); // [ompi]
        v_DoubleInt_Data.putIndex(0); // [ompi]
        use(new File((Comm) null, (String) null, 0)); // [ompi]
        use(new File((Comm) null, (String) null, 0, (Info) null)); // [ompi]
        v_File.close(); // [ompi]
        File.delete((String) null); // [ompi]
        File.delete((String) null, (Info) null); // [ompi]
        v_File.setSize(0L); // [ompi]
        v_File.preallocate(0L); // [ompi]
        long r228 = v_File.getSize(); // [ompi]
        use(v_File.getGroup()); // [ompi]
        int r230 = v_File.getAMode(); // [ompi]
        v_File.setInfo((Info) null); // [ompi]
        use(v_File.getInfo()); // [ompi]
        v_File.setView(0L, (Datatype) null, (Datatype) null, (String) null); // [ompi]
        v_File.setView(0L, (Datatype) null, (Datatype) null, (String) null, (Info) null); // [ompi]
        use(v_File.getView()); // [ompi]
        use(v_File.readAt(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.readAtAll(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.writeAt(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.writeAtAll(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAt(0L, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAt(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAtAll(0L, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAtAll(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAt(0L, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAt(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAtAll(0L, (Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAtAll(0L, (Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.read((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.readAll((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.write((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.writeAll((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iRead((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iRead((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAll((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadAll((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWrite((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWrite((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAll((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteAll((Object) null, 0, (Datatype) null)); // [ompi]
        v_File.seek(0L, 0); // [ompi]
        long r261 = v_File.getPosition(); // [ompi]
        long r262 = v_File.getByteOffset(0L); // [ompi]
        use(v_File.readShared((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.writeShared((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadShared((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iReadShared((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteShared((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_File.iWriteShared((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.readOrdered((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_File.writeOrdered((Object) null, 0, (Datatype) null)); // [ompi]
        v_File.seekShared(0L, 0); // [ompi]
        long r272 = v_File.getPositionShared(); // [ompi]
        v_File.readAtAllBegin(0L, (Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.readAtAllEnd((Object) null)); // [ompi]
        v_File.writeAtAllBegin(0L, (Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.writeAtAllEnd((Object) null)); // [ompi]
        v_File.readAllBegin((Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.readAllEnd((Object) null)); // [ompi]
        v_File.writeAllBegin((Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.writeAllEnd((Object) null)); // [ompi]
        v_File.readOrderedBegin((Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.readOrderedEnd((Object) null)); // [ompi]
        v_File.writeOrderedBegin((Object) null, 0, (Datatype) null); // [ompi]
        use(v_File.writeOrderedEnd((Object) null)); // [ompi]
        int r285 = v_File.getTypeExtent((Datatype) null); // [ompi]
        v_File.setAtomicity(false); // [ompi]
        boolean r287 = v_File.getAtomicity(); // [ompi]
        v_File.sync(); // [ompi]
        v_File.setErrhandler((Errhandler) null); // [ompi]
        use(v_File.getErrhandler()); // [ompi]
        v_File.callErrhandler(0); // [ompi]
        use(new FileView(0L, (Datatype) null, (Datatype) null, (String) null)); // [ompi]
        long r293 = v_FileView.getDisp(); // [ompi]
        use(v_FileView.getEType()); // [ompi]
        use(v_FileView.getFileType()); // [ompi]
        use(v_FileView.getDataRep()); // [ompi]
        use(FloatComplex.get((FloatBuffer) null)); // [ompi]
        use(FloatComplex.get((FloatBuffer) null, 0)); // [ompi]
        use(FloatComplex.get((float[]) null)); // [ompi]
        use(FloatComplex.get((float[]) null, 0)); // [ompi]
        use(FloatComplex.get((ByteBuffer) null)); // [ompi]
        use(FloatComplex.get((ByteBuffer) null, 0)); // [ompi]
        float r303 = v_FloatComplex.getReal(); // [ompi]
        float r304 = v_FloatComplex.getImag(); // [ompi]
        v_FloatComplex.putReal(0f); // [ompi]
        v_FloatComplex.putImag(0f); // [ompi]
        use(v_FloatComplex.getBuffer()); // [ompi]
        float r308 = v_FloatInt_Data.getValue(); // [ompi]
        int r309 = v_FloatInt_Data.getIndex(); // [ompi]
        v_FloatInt_Data.putValue(0f); // [ompi]
        v_FloatInt_Data.putIndex(0); // [ompi]
        v_Freeable.free(); // [ompi]
        use(v_GraphComm.clone()); // [ompi]
        use(v_GraphComm.dup()); // [ompi]
        use(v_GraphComm.iDup()); // [ompi]
        use(v_GraphComm.dupWithInfo((Info) null)); // [ompi]
        use(v_GraphComm.getDims()); // [ompi]
        use(v_GraphComm.getNeighbors(0)); // [ompi]
        use(v_GraphComm.getDistGraphNeighbors()); // [ompi]
        int r320 = v_GraphComm.map((int[]) null, (int[]) null); // [ompi]
        int r321 = v_GraphParms.getIndexCount(); // [ompi]
        int r322 = v_GraphParms.getIndex(0); // [ompi]
        int r323 = v_GraphParms.getEdgeCount(); // [ompi]
        int r324 = v_GraphParms.getEdge(0); // [ompi]
        int r325 = v_Group.getSize(); // [ompi]
        int r326 = v_Group.getRank(); // [ompi]
        v_Group.free(); // [ompi]
        boolean r328 = v_Group.isNull(); // [ompi]
        use(Group.translateRanks((Group) null, (int[]) null, (Group) null)); // [ompi]
        int r330 = Group.compare((Group) null, (Group) null); // [ompi]
        use(Group.union((Group) null, (Group) null)); // [ompi]
        use(Group.intersection((Group) null, (Group) null)); // [ompi]
        use(Group.difference((Group) null, (Group) null)); // [ompi]
        use(v_Group.incl((int[]) null)); // [ompi]
        use(v_Group.excl((int[]) null)); // [ompi]
        use(v_Group.rangeIncl((int[][]) null)); // [ompi]
        use(v_Group.rangeExcl((int[][]) null)); // [ompi]
        use(new Info()); // [ompi]
        v_Info.set((String) null, (String) null); // [ompi]
        use(v_Info.get((String) null)); // [ompi]
        v_Info.delete((String) null); // [ompi]
        int r342 = v_Info.size(); // [ompi]
        use(v_Info.getKey(0)); // [ompi]
        use(v_Info.clone()); // [ompi]
        use(v_Info.dup()); // [ompi]
        v_Info.free(); // [ompi]
        boolean r347 = v_Info.isNull(); // [ompi]
        int r348 = v_Int2_Data.getValue(); // [ompi]
        int r349 = v_Int2_Data.getIndex(); // [ompi]
        v_Int2_Data.putValue(0); // [ompi]
        v_Int2_Data.putIndex(0); // [ompi]
        use(v_Intercomm.clone()); // [ompi]
        use(v_Intercomm.dup()); // [ompi]
        use(v_Intercomm.iDup()); // [ompi]
        use(v_Intercomm.dupWithInfo((Info) null)); // [ompi]
        int r356 = v_Intercomm.getRemoteSize(); // [ompi]
        use(v_Intercomm.getRemoteGroup()); // [ompi]
        use(v_Intercomm.merge(false)); // [ompi]
        use(Intercomm.getParent()); // [ompi]
        use(v_Intracomm.clone()); // [ompi]
        use(v_Intracomm.dup()); // [ompi]
        use(v_Intracomm.iDup()); // [ompi]
        use(v_Intracomm.dupWithInfo((Info) null)); // [ompi]
        use(v_Intracomm.split(0, 0)); // [ompi]
        use(v_Intracomm.splitType(0, 0, (Info) null)); // [ompi]
        use(v_Intracomm.create((Group) null)); // [ompi]
        use(v_Intracomm.createGroup((Group) null, 0)); // [ompi]
        use(v_Intracomm.createCart((int[]) null, (boolean[]) null, false)); // [ompi]
        use(v_Intracomm.createGraph((int[]) null, (int[]) null, false)); // [ompi]
        use(v_Intracomm.createDistGraph((int[]) null, (int[]) null, (int[]) null, (int[]) null, (Info) null, false)); // [ompi]
        use(v_Intracomm.createDistGraph((int[]) null, (int[]) null, (int[]) null, (Info) null, false)); // [ompi]
        use(v_Intracomm.createDistGraphAdjacent((int[]) null, (int[]) null, (int[]) null, (int[]) null, (Info) null, false)); // [ompi]
        use(v_Intracomm.createDistGraphAdjacent((int[]) null, (int[]) null, (Info) null, false)); // [ompi]
        v_Intracomm.scan((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        v_Intracomm.scan((Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        use(v_Intracomm.iScan((Buffer) null, (Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iScan((Object) null, (Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iScan((Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iScan((Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        v_Intracomm.exScan((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        v_Intracomm.exScan((Object) null, 0, (Datatype) null, (Op) null); // [ompi]
        use(v_Intracomm.iExScan((Buffer) null, (Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iExScan((Object) null, (Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iExScan((Buffer) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Intracomm.iExScan((Object) null, 0, (Datatype) null, (Op) null)); // [ompi]
        use(Intracomm.openPort()); // [ompi]
        use(Intracomm.openPort((Info) null)); // [ompi]
        Intracomm.closePort((String) null); // [ompi]
        use(v_Intracomm.accept((String) null, 0)); // [ompi]
        use(v_Intracomm.accept((String) null, (Info) null, 0)); // [ompi]
        use(v_Intracomm.connect((String) null, 0)); // [ompi]
        use(v_Intracomm.connect((String) null, (Info) null, 0)); // [ompi]
        Intracomm.publishName((String) null, (String) null); // [ompi]
        Intracomm.publishName((String) null, (Info) null, (String) null); // [ompi]
        Intracomm.unpublishName((String) null, (String) null); // [ompi]
        Intracomm.unpublishName((String) null, (Info) null, (String) null); // [ompi]
        use(Intracomm.lookupName((String) null)); // [ompi]
        use(Intracomm.lookupName((String) null, (Info) null)); // [ompi]
        use(v_Intracomm.spawn((String) null, (String[]) null, 0, (Info) null, 0, (int[]) null)); // [ompi]
        use(v_Intracomm.spawnMultiple((String[]) null, (String[][]) null, (int[]) null, (Info[]) null, 0, (int[]) null)); // [ompi]
        long r401 = v_LongInt_Data.getValue(); // [ompi]
        int r402 = v_LongInt_Data.getIndex(); // [ompi]
        v_LongInt_Data.putValue(0L); // [ompi]
        v_LongInt_Data.putIndex(0); // [ompi]
        use(MPI.COMM_WORLD); // [ompi] public static final Intracomm COMM_WORLD
        use(MPI.COMM_SELF); // [ompi] public static final Intracomm COMM_SELF
        use(MPI.THREAD_SINGLE); // [ompi] public static final int THREAD_SINGLE
        use(MPI.THREAD_FUNNELED); // [ompi] public static final int THREAD_FUNNELED
        use(MPI.THREAD_SERIALIZED); // [ompi] public static final int THREAD_SERIALIZED
        use(MPI.THREAD_MULTIPLE); // [ompi] public static final int THREAD_MULTIPLE
        use(MPI.GRAPH); // [ompi] public static final int GRAPH
        use(MPI.DIST_GRAPH); // [ompi] public static final int DIST_GRAPH
        use(MPI.CART); // [ompi] public static final int CART
        use(MPI.ANY_SOURCE); // [ompi] public static final int ANY_SOURCE
        use(MPI.ANY_TAG); // [ompi] public static final int ANY_TAG
        use(MPI.MAX); // [ompi] public static final Op MAX
        use(MPI.MIN); // [ompi] public static final Op MIN
        use(MPI.SUM); // [ompi] public static final Op SUM
        use(MPI.PROD); // [ompi] public static final Op PROD
        use(MPI.LAND); // [ompi] public static final Op LAND
        use(MPI.BAND); // [ompi] public static final Op BAND
        use(MPI.LOR); // [ompi] public static final Op LOR
        use(MPI.BOR); // [ompi] public static final Op BOR
        use(MPI.LXOR); // [ompi] public static final Op LXOR
        use(MPI.BXOR); // [ompi] public static final Op BXOR
        use(MPI.REPLACE); // [ompi] public static final Op REPLACE
        use(MPI.NO_OP); // [ompi] public static final Op NO_OP
        use(MPI.MINLOC); // [ompi] public static final Op MINLOC
        use(MPI.MAXLOC); // [ompi] public static final Op MAXLOC
        use(MPI.DATATYPE_NULL); // [ompi] public static final Datatype DATATYPE_NULL
        use(MPI.BYTE); // [ompi] public static final Datatype BYTE
        use(MPI.CHAR); // [ompi] public static final Datatype CHAR
        use(MPI.SHORT); // [ompi] public static final Datatype SHORT
        use(MPI.BOOLEAN); // [ompi] public static final Datatype BOOLEAN
        use(MPI.INT); // [ompi] public static final Datatype INT
        use(MPI.LONG); // [ompi] public static final Datatype LONG
        use(MPI.FLOAT); // [ompi] public static final Datatype FLOAT
        use(MPI.DOUBLE); // [ompi] public static final Datatype DOUBLE
        use(MPI.PACKED); // [ompi] public static final Datatype PACKED
        use(MPI.FLOAT_COMPLEX); // [ompi] public static final Datatype FLOAT_COMPLEX
        use(MPI.DOUBLE_COMPLEX); // [ompi] public static final Datatype DOUBLE_COMPLEX
        use(MPI.INT2); // [ompi] public static final Datatype INT2
        use(MPI.SHORT_INT); // [ompi] public static final Datatype SHORT_INT
        use(MPI.LONG_INT); // [ompi] public static final Datatype LONG_INT
        use(MPI.FLOAT_INT); // [ompi] public static final Datatype FLOAT_INT
        use(MPI.DOUBLE_INT); // [ompi] public static final Datatype DOUBLE_INT
        use(MPI.int2); // [ompi] public static final Int2 int2
        use(MPI.shortInt); // [ompi] public static final ShortInt shortInt
        use(MPI.longInt); // [ompi] public static final LongInt longInt
        use(MPI.floatInt); // [ompi] public static final FloatInt floatInt
        use(MPI.doubleInt); // [ompi] public static final DoubleInt doubleInt
        use(MPI.REQUEST_NULL); // [ompi] public static final Request REQUEST_NULL
        use(MPI.GROUP_EMPTY); // [ompi] public static final Group GROUP_EMPTY
        use(MPI.INFO_ENV); // [ompi] public static final Info INFO_ENV
        use(MPI.INFO_NULL); // [ompi] public static final Info INFO_NULL
        use(MPI.PROC_NULL); // [ompi] public static final int PROC_NULL
        use(MPI.UNDEFINED); // [ompi] public static final int UNDEFINED
        use(MPI.IDENT); // [ompi] public static final int IDENT
        use(MPI.CONGRUENT); // [ompi] public static final int CONGRUENT
        use(MPI.SIMILAR); // [ompi] public static final int SIMILAR
        use(MPI.UNEQUAL); // [ompi] public static final int UNEQUAL
        use(MPI.TAG_UB); // [ompi] public static final int TAG_UB
        use(MPI.HOST); // [ompi] public static final int HOST
        use(MPI.IO); // [ompi] public static final int IO
        use(MPI.WTIME_IS_GLOBAL); // [ompi] public static final int WTIME_IS_GLOBAL
        use(MPI.APPNUM); // [ompi] public static final int APPNUM
        use(MPI.LASTUSEDCODE); // [ompi] public static final int LASTUSEDCODE
        use(MPI.UNIVERSE_SIZE); // [ompi] public static final int UNIVERSE_SIZE
        use(MPI.WIN_BASE); // [ompi] public static final int WIN_BASE
        use(MPI.WIN_SIZE); // [ompi] public static final int WIN_SIZE
        use(MPI.WIN_DISP_UNIT); // [ompi] public static final int WIN_DISP_UNIT
        use(MPI.VERSION); // [ompi] public static final int VERSION
        use(MPI.SUBVERSION); // [ompi] public static final int SUBVERSION
        use(MPI.ROOT); // [ompi] public static final int ROOT
        use(MPI.KEYVAL_INVALID); // [ompi] public static final int KEYVAL_INVALID
        use(MPI.BSEND_OVERHEAD); // [ompi] public static final int BSEND_OVERHEAD
        use(MPI.MAX_OBJECT_NAME); // [ompi] public static final int MAX_OBJECT_NAME
        use(MPI.MAX_PORT_NAME); // [ompi] public static final int MAX_PORT_NAME
        use(MPI.MAX_DATAREP_STRING); // [ompi] public static final int MAX_DATAREP_STRING
        use(MPI.MAX_INFO_KEY); // [ompi] public static final int MAX_INFO_KEY
        use(MPI.MAX_INFO_VAL); // [ompi] public static final int MAX_INFO_VAL
        use(MPI.ORDER_C); // [ompi] public static final int ORDER_C
        use(MPI.ORDER_FORTRAN); // [ompi] public static final int ORDER_FORTRAN
        use(MPI.DISTRIBUTE_BLOCK); // [ompi] public static final int DISTRIBUTE_BLOCK
        use(MPI.DISTRIBUTE_CYCLIC); // [ompi] public static final int DISTRIBUTE_CYCLIC
        use(MPI.DISTRIBUTE_NONE); // [ompi] public static final int DISTRIBUTE_NONE
        use(MPI.DISTRIBUTE_DFLT_DARG); // [ompi] public static final int DISTRIBUTE_DFLT_DARG
        use(MPI.MODE_CREATE); // [ompi] public static final int MODE_CREATE
        use(MPI.MODE_RDONLY); // [ompi] public static final int MODE_RDONLY
        use(MPI.MODE_WRONLY); // [ompi] public static final int MODE_WRONLY
        use(MPI.MODE_RDWR); // [ompi] public static final int MODE_RDWR
        use(MPI.MODE_DELETE_ON_CLOSE); // [ompi] public static final int MODE_DELETE_ON_CLOSE
        use(MPI.MODE_UNIQUE_OPEN); // [ompi] public static final int MODE_UNIQUE_OPEN
        use(MPI.MODE_EXCL); // [ompi] public static final int MODE_EXCL
        use(MPI.MODE_APPEND); // [ompi] public static final int MODE_APPEND
        use(MPI.MODE_SEQUENTIAL); // [ompi] public static final int MODE_SEQUENTIAL
        use(MPI.DISPLACEMENT_CURRENT); // [ompi] public static final int DISPLACEMENT_CURRENT
        use(MPI.SEEK_SET); // [ompi] public static final int SEEK_SET
        use(MPI.SEEK_CUR); // [ompi] public static final int SEEK_CUR
        use(MPI.SEEK_END); // [ompi] public static final int SEEK_END
        use(MPI.MODE_NOCHECK); // [ompi] public static final int MODE_NOCHECK
        use(MPI.MODE_NOPRECEDE); // [ompi] public static final int MODE_NOPRECEDE
        use(MPI.MODE_NOPUT); // [ompi] public static final int MODE_NOPUT
        use(MPI.MODE_NOSTORE); // [ompi] public static final int MODE_NOSTORE
        use(MPI.MODE_NOSUCCEED); // [ompi] public static final int MODE_NOSUCCEED
        use(MPI.LOCK_EXCLUSIVE); // [ompi] public static final int LOCK_EXCLUSIVE
        use(MPI.LOCK_SHARED); // [ompi] public static final int LOCK_SHARED
        use(MPI.ERRORS_ARE_FATAL); // [ompi] public static final Errhandler ERRORS_ARE_FATAL
        use(MPI.ERRORS_ABORT); // [ompi] public static final Errhandler ERRORS_ABORT
        use(MPI.ERRORS_RETURN); // [ompi] public static final Errhandler ERRORS_RETURN
        use(MPI.SUCCESS); // [ompi] public static final int SUCCESS
        use(MPI.ERR_BUFFER); // [ompi] public static final int ERR_BUFFER
        use(MPI.ERR_COUNT); // [ompi] public static final int ERR_COUNT
        use(MPI.ERR_TYPE); // [ompi] public static final int ERR_TYPE
        use(MPI.ERR_TAG); // [ompi] public static final int ERR_TAG
        use(MPI.ERR_COMM); // [ompi] public static final int ERR_COMM
        use(MPI.ERR_RANK); // [ompi] public static final int ERR_RANK
        use(MPI.ERR_REQUEST); // [ompi] public static final int ERR_REQUEST
        use(MPI.ERR_ROOT); // [ompi] public static final int ERR_ROOT
        use(MPI.ERR_GROUP); // [ompi] public static final int ERR_GROUP
        use(MPI.ERR_OP); // [ompi] public static final int ERR_OP
        use(MPI.ERR_TOPOLOGY); // [ompi] public static final int ERR_TOPOLOGY
        use(MPI.ERR_DIMS); // [ompi] public static final int ERR_DIMS
        use(MPI.ERR_ARG); // [ompi] public static final int ERR_ARG
        use(MPI.ERR_UNKNOWN); // [ompi] public static final int ERR_UNKNOWN
        use(MPI.ERR_TRUNCATE); // [ompi] public static final int ERR_TRUNCATE
        use(MPI.ERR_OTHER); // [ompi] public static final int ERR_OTHER
        use(MPI.ERR_INTERN); // [ompi] public static final int ERR_INTERN
        use(MPI.ERR_IN_STATUS); // [ompi] public static final int ERR_IN_STATUS
        use(MPI.ERR_PENDING); // [ompi] public static final int ERR_PENDING
        use(MPI.ERR_ACCESS); // [ompi] public static final int ERR_ACCESS
        use(MPI.ERR_AMODE); // [ompi] public static final int ERR_AMODE
        use(MPI.ERR_ASSERT); // [ompi] public static final int ERR_ASSERT
        use(MPI.ERR_BAD_FILE); // [ompi] public static final int ERR_BAD_FILE
        use(MPI.ERR_BASE); // [ompi] public static final int ERR_BASE
        use(MPI.ERR_CONVERSION); // [ompi] public static final int ERR_CONVERSION
        use(MPI.ERR_DISP); // [ompi] public static final int ERR_DISP
        use(MPI.ERR_DUP_DATAREP); // [ompi] public static final int ERR_DUP_DATAREP
        use(MPI.ERR_FILE_EXISTS); // [ompi] public static final int ERR_FILE_EXISTS
        use(MPI.ERR_FILE_IN_USE); // [ompi] public static final int ERR_FILE_IN_USE
        use(MPI.ERR_FILE); // [ompi] public static final int ERR_FILE
        use(MPI.ERR_INFO_KEY); // [ompi] public static final int ERR_INFO_KEY
        use(MPI.ERR_INFO_NOKEY); // [ompi] public static final int ERR_INFO_NOKEY
        use(MPI.ERR_INFO_VALUE); // [ompi] public static final int ERR_INFO_VALUE
        use(MPI.ERR_INFO); // [ompi] public static final int ERR_INFO
        use(MPI.ERR_IO); // [ompi] public static final int ERR_IO
        use(MPI.ERR_KEYVAL); // [ompi] public static final int ERR_KEYVAL
        use(MPI.ERR_LOCKTYPE); // [ompi] public static final int ERR_LOCKTYPE
        use(MPI.ERR_NAME); // [ompi] public static final int ERR_NAME
        use(MPI.ERR_NO_MEM); // [ompi] public static final int ERR_NO_MEM
        use(MPI.ERR_NOT_SAME); // [ompi] public static final int ERR_NOT_SAME
        use(MPI.ERR_NO_SPACE); // [ompi] public static final int ERR_NO_SPACE
        use(MPI.ERR_NO_SUCH_FILE); // [ompi] public static final int ERR_NO_SUCH_FILE
        use(MPI.ERR_PORT); // [ompi] public static final int ERR_PORT
        use(MPI.ERR_PROC_ABORTED); // [ompi] public static final int ERR_PROC_ABORTED
        use(MPI.ERR_QUOTA); // [ompi] public static final int ERR_QUOTA
        use(MPI.ERR_READ_ONLY); // [ompi] public static final int ERR_READ_ONLY
        use(MPI.ERR_RMA_CONFLICT); // [ompi] public static final int ERR_RMA_CONFLICT
        use(MPI.ERR_RMA_SYNC); // [ompi] public static final int ERR_RMA_SYNC
        use(MPI.ERR_SERVICE); // [ompi] public static final int ERR_SERVICE
        use(MPI.ERR_SIZE); // [ompi] public static final int ERR_SIZE
        use(MPI.ERR_SPAWN); // [ompi] public static final int ERR_SPAWN
        use(MPI.ERR_UNSUPPORTED_DATAREP); // [ompi] public static final int ERR_UNSUPPORTED_DATAREP
        use(MPI.ERR_UNSUPPORTED_OPERATION); // [ompi] public static final int ERR_UNSUPPORTED_OPERATION
        use(MPI.ERR_WIN); // [ompi] public static final int ERR_WIN
        use(MPI.ERR_LASTCODE); // [ompi] public static final int ERR_LASTCODE
        use(MPI.ERR_SYSRESOURCE); // [ompi] public static final int ERR_SYSRESOURCE
        use(MPI.Init((String[]) null)); // [ompi]
        int r569 = MPI.InitThread((String[]) null, 0); // [ompi]
        int r570 = MPI.queryThread(); // [ompi]
        boolean r571 = MPI.isThreadMain(); // [ompi]
        MPI.Finalize(); // [ompi]
        double r573 = MPI.wtime(); // [ompi]
        double r574 = MPI.wtick(); // [ompi]
        use(MPI.getVersion()); // [ompi]
        use(MPI.getLibVersion()); // [ompi]
        use(MPI.getProcessorName()); // [ompi]
        boolean r578 = MPI.isInitialized(); // [ompi]
        boolean r579 = MPI.isFinalized(); // [ompi]
        MPI.attachBuffer((byte[]) null); // [ompi]
        use(MPI.detachBuffer()); // [ompi]
        MPI.pControl(0, (Object) null); // [ompi]
        use(MPI.newByteBuffer(0)); // [ompi]
        use(MPI.newCharBuffer(0)); // [ompi]
        use(MPI.newShortBuffer(0)); // [ompi]
        use(MPI.newIntBuffer(0)); // [ompi]
        use(MPI.newLongBuffer(0)); // [ompi]
        use(MPI.newFloatBuffer(0)); // [ompi]
        use(MPI.newDoubleBuffer(0)); // [ompi]
        use(MPI.slice((ByteBuffer) null, 0)); // [ompi]
        use(MPI.slice((CharBuffer) null, 0)); // [ompi]
        use(MPI.slice((ShortBuffer) null, 0)); // [ompi]
        use(MPI.slice((IntBuffer) null, 0)); // [ompi]
        use(MPI.slice((LongBuffer) null, 0)); // [ompi]
        use(MPI.slice((FloatBuffer) null, 0)); // [ompi]
        use(MPI.slice((DoubleBuffer) null, 0)); // [ompi]
        use(MPI.slice((byte[]) null, 0)); // [ompi]
        use(MPI.slice((char[]) null, 0)); // [ompi]
        use(MPI.slice((short[]) null, 0)); // [ompi]
        use(MPI.slice((int[]) null, 0)); // [ompi]
        use(MPI.slice((long[]) null, 0)); // [ompi]
        use(MPI.slice((float[]) null, 0)); // [ompi]
        use(MPI.slice((double[]) null, 0)); // [ompi]
        use(new MPIException((String) null)); // [ompi]
        use(new MPIException((Throwable) null)); // [ompi]
        int r606 = v_MPIException.getErrorCode(); // [ompi]
        int r607 = v_MPIException.getErrorClass(); // [ompi]
        use(new Message()); // [ompi]
        boolean r609 = v_Message.isNull(); // [ompi]
        boolean r610 = v_Message.isNoProc(); // [ompi]
        use(v_Message.mProbe(0, 0, (Comm) null)); // [ompi]
        use(v_Message.imProbe(0, 0, (Comm) null)); // [ompi]
        use(v_Message.mRecv((Object) null, 0, (Datatype) null)); // [ompi]
        use(v_Message.imRecv((Buffer) null, 0, (Datatype) null)); // [ompi]
        use(v_Message.imRecv((Object) null, 0, (Datatype) null)); // [ompi]
        use(new Op((UserFunction) null, false)); // [ompi]
        boolean r617 = v_Op.isCommutative(); // [ompi]
        v_Op.free(); // [ompi]
        boolean r619 = v_Op.isNull(); // [ompi]
        v_Prequest.start(); // [ompi]
        Prequest.startAll((Prequest[]) null); // [ompi]
        v_Request.free(); // [ompi]
        v_Request.cancel(); // [ompi]
        boolean r624 = v_Request.isNull(); // [ompi]
        use(v_Request.waitStatus()); // [ompi]
        v_Request.waitFor(); // [ompi]
        use(v_Request.testStatus()); // [ompi]
        use(v_Request.getStatus()); // [ompi]
        boolean r629 = v_Request.test(); // [ompi]
        use(Request.waitAnyStatus((Request[]) null)); // [ompi]
        int r631 = Request.waitAny((Request[]) null); // [ompi]
        use(Request.testAnyStatus((Request[]) null)); // [ompi]
        int r633 = Request.testAny((Request[]) null); // [ompi]
        use(Request.waitAllStatus((Request[]) null)); // [ompi]
        Request.waitAll((Request[]) null); // [ompi]
        use(Request.testAllStatus((Request[]) null)); // [ompi]
        boolean r637 = Request.testAll((Request[]) null); // [ompi]
        use(Request.waitSomeStatus((Request[]) null)); // [ompi]
        use(Request.waitSome((Request[]) null)); // [ompi]
        use(Request.testSomeStatus((Request[]) null)); // [ompi]
        use(Request.testSome((Request[]) null)); // [ompi]
        int r642 = v_ShiftParms.getRankSource(); // [ompi]
        int r643 = v_ShiftParms.getRankDest(); // [ompi]
        short r644 = v_ShortInt_Data.getValue(); // [ompi]
        int r645 = v_ShortInt_Data.getIndex(); // [ompi]
        v_ShortInt_Data.putValue((short) 0); // [ompi]
        v_ShortInt_Data.putIndex(0); // [ompi]
        int r648 = v_Status.getCount((Datatype) null); // [ompi]
        boolean r649 = v_Status.isCancelled(); // [ompi]
        int r650 = v_Status.getElements((Datatype) null); // [ompi]
        use(v_Status.getElementsX((Datatype) null)); // [ompi]
        v_Status.setElements((Datatype) null, 0); // [ompi]
        v_Status.setElementsX((Datatype) null, (Count) null); // [ompi]
        v_Status.setCancelled(false); // [ompi]
        int r655 = v_Status.getSource(); // [ompi]
        int r656 = v_Status.getTag(); // [ompi]
        int r657 = v_Status.getError(); // [ompi]
        int r658 = v_Status.getIndex(); // [ompi]
        int r659 = v_Struct.getExtent(); // [ompi]
        use(v_Struct.getType()); // [ompi]
        use(v_Struct.getData((ByteBuffer) null)); // [ompi]
        use(v_Struct.getData((ByteBuffer) null, 0)); // [ompi]
        use(v_Struct.getData((byte[]) null)); // [ompi]
        use(v_Struct.getData((byte[]) null, 0)); // [ompi]
        use(v_Struct.setOffset(0)); // [ompi]
        int r667 = v_Struct.addByte(); // [ompi]
        int r668 = v_Struct.addByte(0); // [ompi]
        int r669 = v_Struct.addChar(); // [ompi]
        int r670 = v_Struct.addChar(0); // [ompi]
        int r671 = v_Struct.addShort(); // [ompi]
        int r672 = v_Struct.addShort(0); // [ompi]
        int r673 = v_Struct.addInt(); // [ompi]
        int r674 = v_Struct.addInt(0); // [ompi]
        int r675 = v_Struct.addLong(); // [ompi]
        int r676 = v_Struct.addLong(0); // [ompi]
        int r677 = v_Struct.addFloat(); // [ompi]
        int r678 = v_Struct.addFloat(0); // [ompi]
        int r679 = v_Struct.addDouble(); // [ompi]
        int r680 = v_Struct.addDouble(0); // [ompi]
        int r681 = v_Struct.addStruct((Struct) null); // [ompi]
        int r682 = v_Struct.addStruct((Struct) null, 0); // [ompi]
        int r683 = v_Struct.addData((Datatype) null); // [ompi]
        int r684 = v_Struct.addData((Datatype) null, 0); // [ompi]
        use(v_Struct_Data.getBuffer()); // [ompi]
        v_UserFunction.call((Object) null, (Object) null, 0, (Datatype) null); // [ompi]
        v_UserFunction.call((ByteBuffer) null, (ByteBuffer) null, 0, (Datatype) null); // [ompi]
        int r720 = v_Version.getVersion(); // [ompi]
        int r721 = v_Version.getSubVersion(); // [ompi]
        use(Win.WIN_NULL); // [ompi] public static final int WIN_NULL
        use(Win.FLAVOR_PRIVATE); // [ompi] public static final int FLAVOR_PRIVATE
        use(Win.FLAVOR_SHARED); // [ompi] public static final int FLAVOR_SHARED
        use(new Win((Buffer) null, 0, 0, (Info) null, (Comm) null)); // [ompi]
        use(new Win((Object) null, 0, 0, (Info) null, (Comm) null)); // [ompi]
        use(new Win(0, 0, (Info) null, (Comm) null, (Buffer) null, 0)); // [ompi]
        use(new Win(0, 0, (Info) null, (Comm) null, (Object) null, 0)); // [ompi]
        use(new Win((Info) null, (Comm) null)); // [ompi]
        v_Win.attach((Buffer) null, 0); // [ompi]
        v_Win.attach((Object) null, 0); // [ompi]
        v_Win.detach((Buffer) null); // [ompi]
        v_Win.detach((Object) null); // [ompi]
        use(v_Win.getGroup()); // [ompi]
        v_Win.put((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null); // [ompi]
        v_Win.put((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null); // [ompi]
        v_Win.get((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null); // [ompi]
        v_Win.get((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null); // [ompi]
        v_Win.accumulate((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null); // [ompi]
        v_Win.accumulate((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null); // [ompi]
        v_Win.fence(0); // [ompi]
        v_Win.start((Group) null, 0); // [ompi]
        v_Win.complete(); // [ompi]
        v_Win.post((Group) null, 0); // [ompi]
        v_Win.waitFor(); // [ompi]
        boolean r746 = v_Win.test(); // [ompi]
        v_Win.lock(0, 0, 0); // [ompi]
        v_Win.unlock(0); // [ompi]
        v_Win.setErrhandler((Errhandler) null); // [ompi]
        use(v_Win.getErrhandler()); // [ompi]
        v_Win.callErrhandler(0); // [ompi]
        int r752 = Win.createKeyval(); // [ompi]
        Win.freeKeyval(0); // [ompi]
        v_Win.setAttr(0, (Object) null); // [ompi]
        use(v_Win.getAttr(0)); // [ompi]
        v_Win.deleteAttr(0); // [ompi]
        v_Win.free(); // [ompi]
        use(v_Win.getInfo()); // [ompi]
        v_Win.setInfo((Info) null); // [ompi]
        use(v_Win.rPut((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null)); // [ompi]
        use(v_Win.rPut((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null)); // [ompi]
        use(v_Win.rGet((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null)); // [ompi]
        use(v_Win.rGet((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null)); // [ompi]
        use(v_Win.rAccumulate((Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Win.rAccumulate((Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null)); // [ompi]
        v_Win.getAccumulate((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null); // [ompi]
        v_Win.getAccumulate((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null); // [ompi]
        use(v_Win.rGetAccumulate((Buffer) null, 0, (Datatype) null, (Buffer) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null)); // [ompi]
        use(v_Win.rGetAccumulate((Object) null, 0, (Datatype) null, (Object) null, 0, (Datatype) null, 0, 0, 0, (Datatype) null, (Op) null)); // [ompi]
        v_Win.lockAll(0); // [ompi]
        v_Win.unlockAll(); // [ompi]
        v_Win.sync(); // [ompi]
        v_Win.flush(0); // [ompi]
        v_Win.flushAll(); // [ompi]
        v_Win.compareAndSwap((Buffer) null, (Buffer) null, (Buffer) null, (Datatype) null, 0, 0); // [ompi]
        v_Win.compareAndSwap((Object) null, (Object) null, (Object) null, (Datatype) null, 0, 0); // [ompi]
        v_Win.fetchAndOp((Buffer) null, (Buffer) null, (Datatype) null, 0, 0, (Op) null); // [ompi]
        v_Win.fetchAndOp((Object) null, (Object) null, (Datatype) null, 0, 0, (Op) null); // [ompi]
        v_Win.flushLocal(0); // [ompi]
        v_Win.flushLocalAll(); // [ompi]
        use(v_Win.getName()); // [ompi]
        v_Win.setName((String) null); // [ompi]
        use(MPI.DEBUG); // [mpijava] public static final boolean DEBUG = true
        use(MPI.isOldSelected); // [mpijava] public static boolean isOldSelected = false
        use(MPI.NUM_OF_PROCESSORS); // [mpijava] public static final int NUM_OF_PROCESSORS = Runtime.getRuntime() .availableProce
        use(MPI.NULL); // [mpijava] public static Datatype NULL = new BasicType(0)
        use(MPI.LB); // [mpijava] public static Datatype LB = new BasicType(10)
        use(MPI.UB); // [mpijava] public static Datatype UB = new BasicType(11)
        use(MPI.OBJECT); // [mpijava] public static Datatype OBJECT = new BasicType(12)
        use(MPI.SHORT2); // [mpijava] public static Datatype SHORT2 = Datatype.Contiguous(2, MPI.SHORT)
        use(MPI.LONG2); // [mpijava] public static Datatype LONG2 = Datatype.Contiguous(2, MPI.LONG)
        use(MPI.FLOAT2); // [mpijava] public static Datatype FLOAT2 = Datatype.Contiguous(2, MPI.FLOAT)
        use(MPI.DOUBLE2); // [mpijava] public static Datatype DOUBLE2 = Datatype.Contiguous(2, MPI.DOUBLE)
        use(MPI.EMPTY_STATUS); // [mpijava] public static Status EMPTY_STATUS = new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, 0
        use(MPI.SEND_OVERHEAD); // [mpijava] public static int SEND_OVERHEAD, RECV_OVERHEAD
        use(MPI.RECV_OVERHEAD); // [mpijava] public static int SEND_OVERHEAD, RECV_OVERHEAD
        use(MPI.COMM_NULL); // [mpijava] public static Comm COMM_NULL
        use(MPI.GROUP_NULL); // [mpijava] public static Group GROUP_NULL
        MPI.Buffer_attach((ByteBuffer) null); // [mpijava]
        MPI.Buffer_detach(); // [mpijava]
        use(MPI.initThread(0, 0, (String[]) null)); // [mpijava]
        boolean r802 = MPI.isMainThread(); // [mpijava]
        use(MPI.Get_processor_name()); // [mpijava]
        MPI.Errorhandler_set((Errhandler) null); // [mpijava]
        use(MPI.Errorhandler_get()); // [mpijava]
        double r806 = MPI.Wtime(); // [mpijava]
        double r807 = MPI.Wtick(); // [mpijava]
        boolean r808 = MPI.Initialized(); // [mpijava]
        use(v_Comm.group); // [mpijava] public mpi.Group group = null
        int r810 = v_Comm.Size(); // [mpijava]
        int r811 = v_Comm.Rank(); // [mpijava]
        use(v_Comm.Group()); // [mpijava]
        int r813 = Comm.Compare((Comm) null, (Comm) null); // [mpijava]
        v_Comm.Free(); // [mpijava]
        boolean r815 = v_Comm.Test_inter(); // [mpijava]
        use(v_Comm.Create_intercomm((Comm) null, 0, 0, 0)); // [mpijava]
        use(v_Comm.Attr_get(0)); // [mpijava]
        v_Comm.Attr_delete(0); // [mpijava]
        v_Comm.Send((Object) null, 0, 0, (Datatype) null, 0, 0); // [mpijava]
        v_Comm.Ssend((Object) null, 0, 0, (Datatype) null, 0, 0); // [mpijava]
        v_Comm.Bsend((Object) null, 0, 0, (Datatype) null, 0, 0); // [mpijava]
        v_Comm.Rsend((Object) null, 0, 0, (Datatype) null, 0, 0); // [mpijava]
        use(v_Comm.Isend((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Ibsend((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Issend((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Irsend((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Recv((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Irecv((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Iprobe(0, 0)); // [mpijava]
        use(v_Comm.Probe(0, 0)); // [mpijava]
        int r831 = v_Comm.Pack_size(0, (Datatype) null); // [mpijava]
        use(v_Comm.Bsend_init((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Send_init((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Ssend_init((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Rsend_init((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Recv_init((Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Sendrecv((Object) null, 0, 0, (Datatype) null, 0, 0, (Object) null, 0, 0, (Datatype) null, 0, 0)); // [mpijava]
        use(v_Comm.Sendrecv_replace((Object) null, 0, 0, (Datatype) null, 0, 0, 0, 0)); // [mpijava]
        int r839 = v_Comm.Topo_test(); // [mpijava]
        v_Comm.Abort(0); // [mpijava]
        int r841 = Intracomm.Compare((Comm) null, (Comm) null); // [mpijava]
        use(v_Intracomm.Split(0, 0)); // [mpijava]
        use(v_Intracomm.Create((Group) null)); // [mpijava]
        v_Intracomm.Barrier(); // [mpijava]
        v_Intracomm.Bcast((Object) null, 0, 0, (Datatype) null, 0); // [mpijava]
        v_Intracomm.Gather((Object) null, 0, 0, (Datatype) null, (Object) null, 0, 0, (Datatype) null, 0); // [mpijava]
        v_Intracomm.Gatherv((Object) null, 0, 0, (Datatype) null, (Object) null, 0, (int[]) null, (int[]) null, (Datatype) null, 0); // [mpijava]
        v_Intracomm.Scatter((Object) null, 0, 0, (Datatype) null, (Object) null, 0, 0, (Datatype) null, 0); // [mpijava]
        v_Intracomm.Scatterv((Object) null, 0, (int[]) null, (int[]) null, (Datatype) null, (Object) null, 0, 0, (Datatype) null, 0); // [mpijava]
        v_Intracomm.Allgather((Object) null, 0, 0, (Datatype) null, (Object) null, 0, 0, (Datatype) null); // [mpijava]
        v_Intracomm.Allgatherv((Object) null, 0, 0, (Datatype) null, (Object) null, 0, (int[]) null, (int[]) null, (Datatype) null); // [mpijava]
        v_Intracomm.Alltoall((Object) null, 0, 0, (Datatype) null, (Object) null, 0, 0, (Datatype) null); // [mpijava]
        v_Intracomm.Alltoallv((Object) null, 0, (int[]) null, (int[]) null, (Datatype) null, (Object) null, 0, (int[]) null, (int[]) null, (Datatype) null); // [mpijava]
        v_Intracomm.Reduce((Object) null, 0, (Object) null, 0, 0, (Datatype) null, (Op) null, 0); // [mpijava]
        v_Intracomm.Allreduce((Object) null, 0, (Object) null, 0, 0, (Datatype) null, (Op) null); // [mpijava]
        v_Intracomm.Reduce_scatter((Object) null, 0, (Object) null, 0, (int[]) null, (Datatype) null, (Op) null); // [mpijava]
        v_Intracomm.Scan((Object) null, 0, (Object) null, 0, 0, (Datatype) null, (Op) null); // [mpijava]
        use(v_Intracomm.Create_cart((int[]) null, (boolean[]) null, false)); // [mpijava]
        use(v_Intracomm.Create_graph((int[]) null, (int[]) null, false)); // [mpijava]
        int r860 = v_Intercomm.Remote_size(); // [mpijava]
        use(v_Intercomm.Remote_group()); // [mpijava]
        use(v_Intercomm.Merge(false)); // [mpijava]
        use(v_Cartcomm.clone()); // [mpijava]
        int r864 = v_Cartcomm.Rank((int[]) null); // [mpijava]
        use(v_Cartcomm.Coords(0)); // [mpijava]
        use(v_Cartcomm.Shift(0, 0)); // [mpijava]
        use(v_Cartcomm.Sub((boolean[]) null)); // [mpijava]
        int r868 = v_Cartcomm.Map((int[]) null, (boolean[]) null); // [mpijava]
        use(v_Cartcomm.Get()); // [mpijava]
        int r870 = v_Cartcomm.Topo_test(); // [mpijava]
        Cartcomm.Dims_create(0, (int[]) null); // [mpijava]
        use(v_Graphcomm.clone()); // [mpijava]
        use(v_Graphcomm.Get()); // [mpijava]
        use(v_Graphcomm.Neighbours(0)); // [mpijava]
        int r875 = v_Graphcomm.Map((int[]) null, (int[]) null); // [mpijava]
        int r876 = v_Graphcomm.Topo_test(); // [mpijava]
        use(Group.EMPTY); // [mpijava] public static final int EMPTY = 3
        use(v_Group.code); // [mpijava] public int code = -1
        int r879 = v_Group.Size(); // [mpijava]
        int r880 = v_Group.Rank(); // [mpijava]
        use(Group.Translate_ranks((Group) null, (int[]) null, (Group) null)); // [mpijava]
        int r882 = Group.Compare((Group) null, (Group) null); // [mpijava]
        use(Group.Union((Group) null, (Group) null)); // [mpijava]
        use(Group.Intersection((Group) null, (Group) null)); // [mpijava]
        use(Group.Difference((Group) null, (Group) null)); // [mpijava]
        use(v_Group.Incl((int[]) null)); // [mpijava]
        use(v_Group.Excl((int[]) null)); // [mpijava]
        use(v_Group.Range_incl((int[][]) null)); // [mpijava]
        use(v_Group.Range_excl((int[][]) null)); // [mpijava]
        v_Group.finalize(); // [mpijava]
        use(v_Datatype.baseType); // [mpijava] public int baseType = UNDEFINED
        int r892 = v_Datatype.getType(); // [mpijava]
        int r893 = v_Datatype.getByteSize(); // [mpijava]
        int r894 = v_Datatype.Extent(); // [mpijava]
        int r895 = v_Datatype.Size(); // [mpijava]
        int r896 = v_Datatype.Lb(); // [mpijava]
        int r897 = v_Datatype.Ub(); // [mpijava]
        v_Datatype.Commit(); // [mpijava]
        v_Datatype.finalize(); // [mpijava]
        use(Datatype.Contiguous(0, (Datatype) null)); // [mpijava]
        use(Datatype.Vector(0, 0, 0, (Datatype) null)); // [mpijava]
        use(Datatype.Hvector(0, 0, 0, (Datatype) null)); // [mpijava]
        use(Datatype.Indexed((int[]) null, (int[]) null, (Datatype) null)); // [mpijava]
        use(Datatype.Hindexed((int[]) null, (int[]) null, (Datatype) null)); // [mpijava]
        use(Datatype.Struct((int[]) null, (int[]) null, (Datatype[]) null)); // [mpijava]
        use(v_Op.opCode); // [mpijava] public int opCode = -1
        v_Op.finalize(); // [mpijava]
        use(new Op((User_function) null, false)); // [mpijava]
        use(new Op((User_function) null, false, 0)); // [mpijava]
        v_User_function.Call((Object) null, 0, (Object) null, 0, 0, (Datatype) null); // [mpijava]
        int r911 = v_Status.Get_count((Datatype) null); // [mpijava]
        use(new Status()); // [mpijava]
        boolean r913 = v_Status.Test_cancelled(); // [mpijava]
        v_Status.free(); // [mpijava]
        int r915 = v_Status.Get_elements((Datatype) null); // [mpijava]
        use(v_Request.Wait()); // [mpijava]
        use(v_Request.Test()); // [mpijava]
        use(Request.Testany((Request[]) null)); // [mpijava]
        v_Request.finalize(); // [mpijava]
        boolean r920 = v_Request.Is_null(); // [mpijava]
        use(Request.Waitall((Request[]) null)); // [mpijava]
        use(Request.Waitany((Request[]) null)); // [mpijava]
        use(Request.Testall((Request[]) null)); // [mpijava]
        use(Request.Waitsome((Request[]) null)); // [mpijava]
        use(Request.Testsome((Request[]) null)); // [mpijava]
        v_Request.Cancel(); // [mpijava]
        v_Prequest.Start(); // [mpijava]
        Prequest.Startall((Prequest[]) null); // [mpijava]
        use(new MPIException()); // [mpijava]
        use(v_CartParms.dims); // [mpijava] public int[] dims
        use(v_CartParms.periods); // [mpijava] public boolean[] periods
        use(v_CartParms.coords); // [mpijava] public int[] coords
        use(v_GraphParms.index); // [mpijava] public int[] index
        use(v_GraphParms.edges); // [mpijava] public int[] edges
        use(v_ShiftParms.rank_source); // [mpijava] public int rank_source
        use(v_ShiftParms.rank_dest); // [mpijava] public int rank_dest
        boolean r937 = v_Comm.Is_null(); // [mpijava]
        use(v_Comm.Create_intercomm((Comm) null, 0, 0, 0)); // [mpijava]
        long r939 = v_Comm.GetIntercomm((Comm) null, 0, 0, 0); // [mpijava]
        use(v_Comm.Object_Serialize((Object) null, 0, 0, (Datatype) null)); // [mpijava]
        v_Comm.Object_Deserialize((Object) null, (byte[]) null, 0, 0, (Datatype) null); // [mpijava]
        int r942 = v_Comm.Pack((Object) null, 0, 0, (Datatype) null, (byte[]) null, 0); // [mpijava]
        int r943 = v_Comm.Unpack((byte[]) null, 0, (Object) null, 0, 0, (Datatype) null); // [mpijava]
        v_Comm.Attr_put(0, 0); // [mpijava]
        v_Comm.Errhandler_set((Errhandler) null); // [mpijava]
        use(v_Comm.Errorhandler_get()); // [mpijava]
        use(Errhandler.FATAL); // [mpijava] public final static int FATAL = 1
        use(Errhandler.RETURN); // [mpijava] public final static int RETURN = 0
        use(new Errhandler(0)); // [mpijava]
        use(new Errhandler(0L)); // [mpijava]
        use(v_Intracomm.Creat((Group) null)); // [mpijava]
        v_Intracomm.Reduce_local((Object) null, (Object) null, 0, (Datatype) null, (Op) null); // [mpijava]
        MPI.Buffer_attach((byte[]) null); // [mpijava]
        v_Op.Call((Object) null, 0, (Object) null, 0, 0, (Datatype) null); // [mpijava]
        v_Request.Free(); // [mpijava]
        use(v_Status.index); // [mpijava] public int index
        use(v_Status.source); // [mpijava] public int source
        use(v_Status.tag); // [mpijava] public int tag
        v_Status.finalize(); // [mpijava]
    }

    /** A user struct, as Open MPI programs write them, reaching the protected members. */
    static final class UserStruct extends Struct {
        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            void everyProtectedMember() {
                byte r_getByte_1 = getByte(0);
                byte r_getByte_4 = getByte(0, 0);
                putByte(0, (byte) 0);
                putByte(0, 0, (byte) 0);
                char r_getChar_1 = getChar(0);
                char r_getChar_4 = getChar(0, 0);
                putChar(0, 'c');
                putChar(0, 0, 'c');
                short r_getShort_1 = getShort(0);
                short r_getShort_4 = getShort(0, 0);
                putShort(0, (short) 0);
                putShort(0, 0, (short) 0);
                int r_getInt_1 = getInt(0);
                int r_getInt_4 = getInt(0, 0);
                putInt(0, 0);
                putInt(0, 0, 0);
                long r_getLong_1 = getLong(0);
                long r_getLong_4 = getLong(0, 0);
                putLong(0, 0L);
                putLong(0, 0, 0L);
                float r_getFloat_1 = getFloat(0);
                float r_getFloat_4 = getFloat(0, 0);
                putFloat(0, 0f);
                putFloat(0, 0, 0f);
                double r_getDouble_1 = getDouble(0);
                double r_getDouble_4 = getDouble(0, 0);
                putDouble(0, 0.0);
                putDouble(0, 0, 0.0);
                Struct.Data r1027 = getData((UserStruct) null, 0);
                Struct.Data r1028 = getData((UserStruct) null, 0, 0);
                ByteBuffer r_getBuffer_18 = getBuffer((Datatype) null, 0);
                ByteBuffer r_getBuffer_21 = getBuffer((Datatype) null, 0, 0);
            }
        }
    }
}
