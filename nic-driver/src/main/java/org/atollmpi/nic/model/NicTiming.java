package org.atollmpi.nic.model;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What an operation costs on the modelled hardware, in nanoseconds: the formulas of
 * docs/NIC-MODEL.md over the parameters of {@code nic-models.properties} (each with the seed and
 * line it came from). Two models: ATOLL (004: PIO up to the PIO/DMA threshold, DMA above, over
 * byte-wide 250 MB/s links in 64-byte link packets) and ULTRA (000: a message of one cache line
 * injected by one write-combined burst, stored into a queue in main memory; larger ones as ATOLL's
 * DMA). {@code hops} is the number of links a message crosses (1 between neighbours).
 */
public final class NicTiming {
    private static final String RESOURCE = "nic-models.properties";

    private final String name;
    // ATOLL
    private final double cycle;
    private final double doorbell;
    private final double busRead;
    private final int dmaReads;
    private final int pioWrites;
    private final double writeCycles;
    private final double writeCyclesPerWord;
    private final double nicSend;
    private final double nicReceive;
    private final double link;
    private final int linkPacket;
    private final int packetOverhead;
    private final int routingOverhead;
    private final int sof;
    private final int headerWords;
    private final double packetGap;
    private final double ackStall;
    private final double hop;
    private final double dmaReceive;
    private final double replicate;
    private final double pollWait;
    private final int pioThreshold;
    private final int pioTailBytes;
    // ULTRA (0 payload: not modelled)
    private final int singleWrite;
    private final double inject;
    private final double units;
    private final double network;
    private final double store;
    private final double hostLink;
    private final double networkLink;

    private NicTiming(String name, Properties p) {
        this.name = name;
        cycle = number(p, "atoll.pcixCycle");
        doorbell = number(p, "atoll.doorbell");
        busRead = number(p, "atoll.busRead");
        dmaReads = (int) number(p, "atoll.dmaReads");
        pioWrites = (int) number(p, "atoll.pioWrites");
        writeCycles = number(p, "atoll.writeCycles");
        writeCyclesPerWord = number(p, "atoll.writeCyclesPerWord");
        nicSend = number(p, "atoll.nicSend");
        nicReceive = number(p, "atoll.nicReceive");
        link = number(p, "atoll.linkBandwidth");
        linkPacket = (int) number(p, "atoll.linkPacket");
        packetOverhead = (int) number(p, "atoll.linkPacketOverhead");
        routingOverhead = (int) number(p, "atoll.routingPacketOverhead");
        sof = (int) number(p, "atoll.startOfFrame");
        headerWords = (int) number(p, "atoll.headerWords");
        packetGap = number(p, "atoll.linkPacketGap");
        ackStall = number(p, "atoll.ackStall");
        hop = number(p, "atoll.hop");
        dmaReceive = number(p, "atoll.dmaReceive");
        replicate = number(p, "atoll.replicate");
        pollWait = number(p, "atoll.pollWait");
        pioThreshold = (int) number(p, "atoll.pioThreshold");
        pioTailBytes = (int) number(p, "atoll.pioTailBytes");
        boolean ultra = name.equals("ultra");
        singleWrite = ultra ? (int) number(p, "ultra.singleWritePayload") : 0;
        inject = ultra ? number(p, "ultra.inject") : 0;
        units = ultra ? number(p, "ultra.units") : 0;
        network = ultra ? number(p, "ultra.network") : 0;
        store = ultra ? number(p, "ultra.store") : 0;
        hostLink = ultra ? number(p, "ultra.hostLinkBandwidth") : 1;
        networkLink = ultra ? number(p, "ultra.networkLinkBandwidth") : 1;
    }

    /**
     * The model called {@code name}: atoll or ultra.
     *
     * @throws IllegalArgumentException for any other name
     */
    public static NicTiming named(String name) {
        if (!name.equals("atoll") && !name.equals("ultra")) {
            throw new IllegalArgumentException("NIC model '" + name + "': expected atoll or ultra");
        }
        Properties p = new Properties();
        try (InputStream in = NicTiming.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        return new NicTiming(name, p);
    }

    private static double number(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalStateException(RESOURCE + " has no " + key);
        }
        return Double.parseDouble(v.trim());
    }

    public String name() {
        return name;
    }

    /** Whether {@code bytes} travel by one write (ULTRA's single-write message; never on ATOLL). */
    public boolean singleWrite(int bytes) {
        return singleWrite > 0 && bytes <= singleWrite;
    }

    /**
     * Whether {@code bytes} go by ATOLL's PIO (else DMA): up to the PIO threshold on ATOLL; never
     * on ULTRA, whose messages larger than one write take ATOLL's DMA.
     */
    public boolean pio(int bytes) {
        return singleWrite == 0 && bytes <= pioThreshold;
    }

    // ------------------------------------------------------------------ what a message costs

    /** From the sender's first bus access to the receiver seeing the message: one-way latency. */
    public double latency(int bytes, int hops) {
        if (hops <= 0) {
            return 0; // to itself: no network
        }
        if (singleWrite(bytes)) {
            return inject + units + network + store + (words(bytes) - 1) * (8 / hostLink + 8 / hostLink + 8 / networkLink)
                + (hops - 1) * hop;
        }
        return pio(bytes) ? pioLatency(bytes, hops) : dmaLatency(bytes, hops);
    }

    /**
     * How long the sender's NIC is busy with it: the next message from the same port starts no
     * sooner (what bounds a stream of messages, as latency bounds a ping-pong).
     */
    public double occupancy(int bytes, int hops) {
        if (hops <= 0) {
            return 0;
        }
        if (singleWrite(bytes)) {
            return hostInject(bytes, hops);
        }
        if (pio(bytes)) {
            return Math.max(pioWriteTime(bytes, hops), doorbell + wireBytes(bytes, hops) / link) + ackStall;
        }
        int full = padded(bytes) / linkPacket;
        int rest = padded(bytes) % linkPacket;
        double data = full * ((linkPacket + packetOverhead) / link + packetGap)
            + (rest > 0 ? (rest + packetOverhead) / link : 0);
        double heads = (frame(8 * routeWords(hops), false) + frame(8 * headerWords, true) + sof) / link;
        return dmaReads * busRead + ackStall + heads + data;
    }

    /** The sender's CPU time: the PIO writes (or ULTRA's burst), or one doorbell for DMA. */
    public double hostInject(int bytes, int hops) {
        if (hops <= 0) {
            return 0;
        }
        if (singleWrite(bytes)) {
            return inject + (words(bytes) - 1) * 8 / hostLink;
        }
        return pio(bytes) ? pioWriteTime(bytes, hops) : doorbell;
    }

    /** A remote read: the request (a small message) and the data back. */
    public double get(int bytes, int hops) {
        return hops <= 0 ? 0 : latency(8, hops) + latency(bytes, hops);
    }

    /** A remote write, complete once it has landed. */
    public double put(int bytes, int hops) {
        return latency(bytes, hops);
    }

    /** A remote atomic: its request and the old value back. */
    public double atomic(int hops) {
        return hops <= 0 ? 0 : 2 * latency(8, hops);
    }

    // ------------------------------------------------------------------ the parts (docs/NIC-MODEL.md)

    double dmaLatency(int bytes, int hops) {
        return doorbell + dmaReads * busRead + nicSend + wireBytes(bytes, hops) / link + ackStall + (hops - 1) * hop
            + dmaReceive;
    }

    double pioLatency(int bytes, int hops) {
        // the send FIFO forwards as the words come: the link is done after the last word's write and
        // its own bytes on the wire, or after the whole message's wire time, whichever is later
        double send = nicSend + Math.max(pioWriteTime(bytes, hops) + pioTailBytes / link,
            doorbell + wireBytes(bytes, hops) / link);
        double receive = nicReceive + replicate + pollWait + busRead
            + busRead + 2 * (headerWords + words(bytes)) * cycle + doorbell;
        return send + ackStall + (hops - 1) * hop + receive;
    }

    /** The PIO send: the message in {@code pioWrites} write transactions of 8 + 2 cycles a word. */
    private double pioWriteTime(int bytes, int hops) {
        int w = routeWords(hops) + headerWords + words(bytes);
        return (pioWrites * writeCycles + writeCyclesPerWord * w) * cycle;
    }

    /** Bytes on the link: routing, header and data frames, each a start byte and its link packets' overhead. */
    public int wireBytes(int bytes, int hops) {
        return frame(8 * routeWords(hops), false) + frame(8 * headerWords, true) + frame(padded(bytes), true);
    }

    private int frame(int bytes, boolean crc) {
        int packets = Math.max(1, (bytes + linkPacket - 1) / linkPacket);
        return sof + bytes + packets * (crc ? packetOverhead : routingOverhead);
    }

    /** One routing byte per crossbar on the way (hops + 1 with the destination's), in 8-byte words. */
    private static int routeWords(int hops) {
        return Math.max(1, (hops + 1 + 7) / 8);
    }

    private static int words(int bytes) {
        return Math.max(1, (bytes + 7) / 8);
    }

    private static int padded(int bytes) {
        return 8 * words(bytes);
    }
}
