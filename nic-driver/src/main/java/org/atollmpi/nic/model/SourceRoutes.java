package org.atollmpi.nic.model;

/**
 * The modelled network's topology and its source-path routes (seed 004 l.1763, l.1789; 000
 * l.591, l.606): one node per rank on a 2-D torus (or mesh) of {@code columns x rows}, near
 * square, rank r at column {@code r % columns}, row {@code r / columns}. A route is a string of
 * routing bytes, one per crossbar on the way: each names the output port there, link ports 4 to 7
 * (+x, -x, +y, -y) along the path in x-then-y order (dimension order, which keeps a mesh free of
 * deadlock, 004 l.649), then the destination's host port 0; the crossbar strips the first byte
 * and the host port drops the rest. The byte's top bit is a parity bit over the other seven (even
 * parity: the seed does not say which).
 */
public final class SourceRoutes {
    static final int PLUS_X = 4;
    static final int MINUS_X = 5;
    static final int PLUS_Y = 6;
    static final int MINUS_Y = 7;
    static final int HOST_PORT = 0;

    private final int columns;
    private final int rows;
    private final boolean torus;

    public SourceRoutes(int columns, int rows, boolean torus) {
        if (columns < 1 || rows < 1) {
            throw new IllegalArgumentException("a grid of " + columns + " x " + rows);
        }
        this.columns = columns;
        this.rows = rows;
        this.torus = torus;
    }

    /** The near-square torus for {@code ranks} nodes: as many columns as the square root rounded up. */
    public static SourceRoutes torusFor(int ranks) {
        int columns = (int) Math.ceil(Math.sqrt(Math.max(1, ranks)));
        return new SourceRoutes(columns, (Math.max(1, ranks) + columns - 1) / columns, true);
    }

    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    /** Links a message from {@code from} to {@code to} crosses: 0 to itself. */
    public int hops(int from, int to) {
        return Math.abs(steps(from % columns, to % columns, columns)) + Math.abs(steps(from / columns, to / columns, rows));
    }

    /** The routing string from {@code from} to {@code to}: hops + 1 bytes, each with its parity bit. */
    public byte[] route(int from, int to) {
        int dx = steps(from % columns, to % columns, columns);
        int dy = steps(from / columns, to / columns, rows);
        byte[] route = new byte[Math.abs(dx) + Math.abs(dy) + 1];
        int i = 0;
        for (int k = 0; k < Math.abs(dx); k++) {
            route[i++] = withParity(dx > 0 ? PLUS_X : MINUS_X);
        }
        for (int k = 0; k < Math.abs(dy); k++) {
            route[i++] = withParity(dy > 0 ? PLUS_Y : MINUS_Y);
        }
        route[i] = withParity(HOST_PORT);
        return route;
    }

    /** Signed steps along one dimension of {@code size} nodes: the shorter way round on a torus. */
    private int steps(int from, int to, int size) {
        int d = to - from;
        if (torus && Math.abs(d) * 2 > size) {
            d -= Integer.signum(d) * size;
        }
        return d;
    }

    /** The port in the low seven bits, the top bit making the count of ones even. */
    static byte withParity(int port) {
        int p = Integer.bitCount(port & 0x7F) & 1;
        return (byte) ((p << 7) | (port & 0x7F));
    }

    @Override
    public String toString() {
        return columns + " x " + rows + (torus ? " torus" : " mesh");
    }
}
