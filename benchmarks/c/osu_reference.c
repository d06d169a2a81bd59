/*
 * The C side of bin/atoll-bench compare: the OSU tests the Java suite has, on the machine's own C
 * MPI, measured the way org.atollmpi.bench.osu measures them and printed in the OSU format, so
 * one parser reads both sides. The loops are those of ../shared/bench/c_reference.c (which has
 * no options, no bidirectional bandwidth and no one-sided bandwidth), with the OSU options and
 * the Java suite's defaults:
 *
 *   osu_latency       ping-pong of MPI_Send/MPI_Recv, half the round trip (us); 0 B .. 4 MiB
 *   osu_bw            windows of -W MPI_Isend + MPI_Waitall, a 4-byte acknowledgement (MB/s)
 *   osu_bibw          both ranks post -W MPI_Irecv then -W MPI_Isend and wait for both (MB/s, both ways)
 *   osu_allreduce     size/4 MPI_FLOATs summed, average over the ranks of the mean latency (us); 4 B .. 1 MiB
 *   osu_bcast         size bytes from rank 0, average over the ranks (us); 1 B .. 1 MiB
 *   osu_reduce        size/4 MPI_FLOATs summed to rank 0, as osu_allreduce; 4 B .. 1 MiB
 *   osu_allgather, osu_alltoall   size bytes a block (MPI_CHAR), as osu_bcast; 1 B .. 1 MiB
 *   osu_barrier       MPI_Barrier, as the others (a barrier between calls, each call timed alone)
 *   osu_put_latency, osu_get_latency   one MPI_Put/MPI_Get + MPI_Win_flush in one lock_all epoch (us)
 *   osu_put_bw, osu_get_bw             -W puts/gets to distinct slots + MPI_Win_flush_all (MB/s)
 *
 * Iterations without -i: latency 10000 (200 above 64 KiB), bandwidth 100 windows (20), collectives
 * 1000 (100), one-sided latency 10000 (100), one-sided bandwidth 100 (20). Skips without -x: OSU
 * 7's (latency 100, 10 above 8 KiB; windows 10, 2 above 8 KiB), the collectives a tenth of the
 * iterations. One-sided windows come from MPI_Win_allocate and hold at most 16 MiB (-W slots of
 * the largest size, fewer when they do not fit), as the Java suite's.
 *
 *   mpicc -O2 -o /tmp/osu_reference benchmarks/c/osu_reference.c
 *   mpirun -np 2 /tmp/osu_reference osu_latency -m 8:4096 -i 1000
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LARGE_MESSAGE 65536      /* iteration counts drop above this (c_reference.c's boundary) */
#define SKIP_LARGE_MESSAGE 8192  /* OSU's LARGE_MESSAGE_SIZE: skips drop above this */
#define RMA_WINDOW_BYTES (16 << 20)

enum kind { LATENCY, BANDWIDTH, BIBW, ALLREDUCE, BCAST, REDUCE, ALLGATHER, ALLTOALL, BARRIER, PUT_LATENCY, GET_LATENCY, PUT_BW, GET_BW };

static const struct test {
    const char *name, *title, *column;
    enum kind kind;
    int min, max;                    /* default sizes */
    int small_iters, large_iters, small_skip, large_skip; /* skip -1: a tenth of the iterations */
} tests[] = {
    {"osu_latency", "Latency", "Latency (us)", LATENCY, 0, 1 << 22, 10000, 200, 100, 10},
    {"osu_bw", "Bandwidth", "Bandwidth (MB/s)", BANDWIDTH, 1, 1 << 22, 100, 20, 10, 2},
    {"osu_bibw", "Bi-Directional Bandwidth", "Bandwidth (MB/s)", BIBW, 1, 1 << 22, 100, 20, 10, 2},
    {"osu_allreduce", "Allreduce Latency", "Avg Latency(us)", ALLREDUCE, 4, 1 << 20, 1000, 100, -1, -1},
    {"osu_bcast", "Broadcast Latency", "Avg Latency(us)", BCAST, 1, 1 << 20, 1000, 100, -1, -1},
    {"osu_reduce", "Reduce Latency", "Avg Latency(us)", REDUCE, 4, 1 << 20, 1000, 100, -1, -1},
    {"osu_allgather", "Allgather Latency", "Avg Latency(us)", ALLGATHER, 1, 1 << 20, 1000, 100, -1, -1},
    {"osu_alltoall", "All-to-All Personalized Exchange Latency", "Avg Latency(us)", ALLTOALL, 1, 1 << 20, 1000, 100, -1, -1},
    {"osu_barrier", "Barrier Latency", "Avg Latency(us)", BARRIER, 0, 0, 1000, 1000, -1, -1},
    {"osu_put_latency", "Put Latency", "Latency (us)", PUT_LATENCY, 1, 1 << 22, 10000, 100, 100, 10},
    {"osu_get_latency", "Get Latency", "Latency (us)", GET_LATENCY, 1, 1 << 22, 10000, 100, 100, 10},
    {"osu_put_bw", "Put Bandwidth", "Bandwidth (MB/s)", PUT_BW, 1, 1 << 22, 100, 20, 10, 2},
    {"osu_get_bw", "Get Bandwidth", "Bandwidth (MB/s)", GET_BW, 1, 1 << 22, 100, 20, 10, 2},
};

static int rank, ranks;
static int opt_iters = 0, opt_skip = -1, opt_window = 64;

static void usage_error(const char *message, const char *arg) {
    if (rank == 0) {
        fprintf(stderr, "osu_reference: %s%s\nusage: osu_reference TEST [-m [min:]max] [-i n] [-x n] [-W n] [-s lock_all]\n"
                "tests:", message, arg ? arg : "");
        for (size_t t = 0; t < sizeof tests / sizeof tests[0]; t++) fprintf(stderr, " %s", tests[t].name);
        fprintf(stderr, "\n");
    }
    MPI_Finalize();
    exit(2);
}

static int number(const char *option, const char *text) {
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 0 || v > (1L << 30)) usage_error("not a count for ", option);
    return (int) v;
}

static int iterations(const struct test *t, int size) {
    return opt_iters > 0 ? opt_iters : size > LARGE_MESSAGE ? t->large_iters : t->small_iters;
}

static int skip(const struct test *t, int size) {
    if (opt_skip >= 0) return opt_skip;
    if (t->small_skip < 0) return iterations(t, size) / 10;
    return size > SKIP_LARGE_MESSAGE ? t->large_skip : t->small_skip;
}

/* The next size: 1 after 0, then the next power of two (as the Java suite, after a min of 3: 4). */
static int next_size(int size) {
    if (size == 0) return 1;
    int pow = 1;
    while (pow <= size / 2) pow *= 2;
    return pow * 2;
}

/* Half the round trip of a blocking ping-pong, us. */
static double latency(const struct test *t, int size, char *s, char *r) {
    int n = iterations(t, size), warm = skip(t, size);
    double start = 0;
    for (int i = 0; i < n + warm; i++) {
        if (i == warm) { MPI_Barrier(MPI_COMM_WORLD); start = MPI_Wtime(); }
        if (rank == 0) {
            MPI_Send(s, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(r, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(r, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(s, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - start) * 1e6 / n / 2;
}

/* One way (osu_bw) or both ways (osu_bibw), MB/s of all the bytes sent. */
static double bandwidth(const struct test *t, int size, char *s, char *r, MPI_Request *req) {
    int n = iterations(t, size), warm = skip(t, size), w = opt_window, peer = 1 - rank;
    double start = 0;
    for (int i = 0; i < n + warm; i++) {
        if (i == warm) { MPI_Barrier(MPI_COMM_WORLD); start = MPI_Wtime(); }
        if (t->kind == BIBW) {
            for (int k = 0; k < w; k++) MPI_Irecv(r, size, MPI_CHAR, peer, 100, MPI_COMM_WORLD, &req[k]);
            for (int k = 0; k < w; k++) MPI_Isend(s, size, MPI_CHAR, peer, 100, MPI_COMM_WORLD, &req[w + k]);
            MPI_Waitall(2 * w, req, MPI_STATUSES_IGNORE);
        } else if (rank == 0) {
            for (int k = 0; k < w; k++) MPI_Isend(s, size, MPI_CHAR, 1, 100, MPI_COMM_WORLD, &req[k]);
            MPI_Waitall(w, req, MPI_STATUSES_IGNORE);
            MPI_Recv(r, 4, MPI_CHAR, 1, 101, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int k = 0; k < w; k++) MPI_Irecv(r, size, MPI_CHAR, 0, 100, MPI_COMM_WORLD, &req[k]);
            MPI_Waitall(w, req, MPI_STATUSES_IGNORE);
            MPI_Send(s, 4, MPI_CHAR, 0, 101, MPI_COMM_WORLD);
        }
    }
    double seconds = MPI_Wtime() - start;
    return (t->kind == BIBW ? 2.0 : 1.0) * size * n * w / seconds / 1e6;
}

/* Mean latency of the collective on each rank, averaged over the ranks (rank 0's value), us. */
static double collective(const struct test *t, int size, char *s, char *r) {
    int n = iterations(t, size), warm = skip(t, size);
    double total = 0, sum = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < n + warm; i++) {
        double start = MPI_Wtime();
        switch (t->kind) {
            case ALLREDUCE: MPI_Allreduce(s, r, size / 4, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD); break;
            case REDUCE: MPI_Reduce(s, r, size / 4, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD); break;
            case ALLGATHER: MPI_Allgather(s, size, MPI_CHAR, r, size, MPI_CHAR, MPI_COMM_WORLD); break;
            case ALLTOALL: MPI_Alltoall(s, size, MPI_CHAR, r, size, MPI_CHAR, MPI_COMM_WORLD); break;
            case BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
            default: MPI_Bcast(s, size, MPI_CHAR, 0, MPI_COMM_WORLD);
        }
        double elapsed = MPI_Wtime() - start;
        if (i >= warm) total += elapsed;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    double mine = total * 1e6 / n;
    MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    return sum / ranks;
}

/*
 * Rank 0 puts to or gets from rank 1's window in one lock_all epoch; latency: one operation and
 * MPI_Win_flush an iteration (us); bandwidth: -W operations to distinct slots and MPI_Win_flush_all
 * (MB/s). Rank 1 waits in the barrier after the loop.
 */
static double one_sided(const struct test *t, int size, char *s, MPI_Win win, int slots) {
    int n = iterations(t, size), warm = skip(t, size);
    int bw = t->kind == PUT_BW || t->kind == GET_BW, put = t->kind == PUT_LATENCY || t->kind == PUT_BW;
    int ops = bw ? opt_window : 1;
    double seconds = 0, start = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        for (int i = 0; i < n + warm; i++) {
            if (i == warm) start = MPI_Wtime();
            for (int k = 0; k < ops; k++) {
                int slot = k % slots;
                if (put) MPI_Put(s + (size_t) slot * size, size, MPI_CHAR, 1, (MPI_Aint) slot * size, size, MPI_CHAR, win);
                else MPI_Get(s + (size_t) slot * size, size, MPI_CHAR, 1, (MPI_Aint) slot * size, size, MPI_CHAR, win);
            }
            if (bw) MPI_Win_flush_all(win);
            else MPI_Win_flush(1, win);
        }
        seconds = MPI_Wtime() - start;
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return bw ? (double) size * n * ops / seconds / 1e6 : seconds * 1e6 / n;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (argc < 2) usage_error("no test named", NULL);
    const struct test *t = NULL;
    for (size_t k = 0; k < sizeof tests / sizeof tests[0]; k++)
        if (strcmp(argv[1], tests[k].name) == 0) t = &tests[k];
    if (t == NULL) usage_error("unknown test ", argv[1]);
    int min = t->min, max = t->max;
    for (int a = 2; a < argc; a++) {
        const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (strcmp(o, "-m") && strcmp(o, "-i") && strcmp(o, "-x") && strcmp(o, "-W") && strcmp(o, "-s"))
            usage_error("unknown option ", o);
        if (v == NULL) usage_error("no value after ", o);
        a++;
        if (strcmp(o, "-m") == 0) {
            const char *colon = strchr(v, ':');
            if (colon) {
                char low[32];
                size_t len = (size_t) (colon - v);
                if (len >= sizeof low) usage_error("not a size range: ", v);
                memcpy(low, v, len);
                low[len] = '\0';
                if (len > 0) min = number("-m", low);
                max = number("-m", colon + 1);
            } else {
                max = number("-m", v);
            }
            if (min > max) usage_error("-m: min above max in ", v);
        } else if (strcmp(o, "-i") == 0) {
            opt_iters = number(o, v);
            if (opt_iters == 0) usage_error("-i: at least one iteration, not ", v);
        } else if (strcmp(o, "-x") == 0) {
            opt_skip = number(o, v);
        } else if (strcmp(o, "-W") == 0) {
            opt_window = number(o, v);
            if (opt_window == 0) usage_error("-W: at least one message, not ", v);
        } else if (strcmp(v, "lock_all") != 0) {
            usage_error("-s: this reference has lock_all only, not ", v);
        }
    }
    if (min < t->min) min = t->min;
    int coll = t->kind >= ALLREDUCE && t->kind <= BARRIER;
    int pair = !coll;
    if (pair && ranks != 2) usage_error("this test runs on 2 ranks", NULL);

    size_t bytes = max > 4 ? (size_t) max : 4;
    if (t->kind == ALLGATHER || t->kind == ALLTOALL) bytes *= (size_t) ranks; /* a block per rank */
    int slots = 1;
    MPI_Win win = MPI_WIN_NULL;
    char *window_base = NULL;
    if (t->kind >= PUT_LATENCY) {
        int ops = t->kind == PUT_BW || t->kind == GET_BW ? opt_window : 1;
        slots = RMA_WINDOW_BYTES / (int) bytes;
        if (slots > ops) slots = ops;
        if (slots < 1) slots = 1;
        bytes *= (size_t) slots;
        MPI_Win_allocate((MPI_Aint) bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &window_base, &win);
        memset(window_base, 'b', bytes);
    }
    char *s = malloc(bytes), *r = malloc(bytes);
    MPI_Request *req = malloc(2 * (size_t) opt_window * sizeof *req);
    if (s == NULL || r == NULL || req == NULL) usage_error("out of memory for the buffers", NULL);
    memset(s, 'a', bytes);
    memset(r, 'b', bytes);

    if (rank == 0) {
        char host[256] = "";
        gethostname(host, sizeof host - 1);
        int length;
        char library[MPI_MAX_LIBRARY_VERSION_STRING];
        MPI_Get_library_version(library, &length);
        char *newline = strchr(library, '\n');
        if (newline) *newline = '\0';
        printf("# OSU MPI C-reference %s Test (atoll-mpi benchmarks/c/osu_reference.c)\n", t->title);
        printf("# Library: %s\n", library);
        if (t->kind >= PUT_LATENCY) printf("# Window creation: MPI_Win_allocate\n# Synchronization: MPI_Win_lock_all/unlock_all\n");
        printf("# %-8s%18s\n", "Size", t->column);
        fflush(stdout);
    }
    for (int size = min; size <= max; size = next_size(size)) {
        double value;
        switch (t->kind) {
            case LATENCY: value = latency(t, size, s, r); break;
            case BANDWIDTH: case BIBW: value = bandwidth(t, size, s, r, req); break;
            case ALLREDUCE: case BCAST: case REDUCE: case ALLGATHER: case ALLTOALL: case BARRIER:
                value = collective(t, size, s, r); break;
            default: value = one_sided(t, size, s, win, slots); break;
        }
        if (rank == 0 && t->kind == BARRIER) { printf("%18.2f\n", value); fflush(stdout); break; }
        if (rank == 0) { printf("%-10d%18.2f\n", size, value); fflush(stdout); }
        if (size == max) break; /* no overflow past 1 << 30 */
    }
    if (win != MPI_WIN_NULL) MPI_Win_free(&win);
    free(s); free(r); free(req);
    MPI_Finalize();
    return 0;
}
