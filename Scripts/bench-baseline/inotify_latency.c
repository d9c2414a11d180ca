/*
 * inotify_latency DIR N [--thread]: how long from rename() to the inotify event.
 *
 * N times: writes a hidden temp file in DIR (same file system, so rename is
 * atomic), takes the time, renames it to DIR/inotify-latency-probe.so, reads
 * the IN_MOVED_TO event for that name and records the delta. By default the
 * same thread renames and then reads (the event is queued inside rename(), so
 * this is the kernel's cost); with --thread a second thread waits in poll(2)
 * and takes the time when it wakes, which adds a real wake-up, like a host's
 * main loop.
 *
 * Output (one line, key=value, milliseconds):
 *   n=100 p50_ms=0.012 p99_ms=0.030 min_ms=0.010 max_ms=0.041 mode=same-thread
 * Exit status: 0 on success, 1 on a system error, 2 on usage.
 *
 * Build: cc -O2 -Wall -Wextra -Werror -pthread -o inotify_latency \
 *            Scripts/bench-baseline/inotify_latency.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

static const char probe_name[] = "inotify-latency-probe.so";

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Reads records until one is IN_MOVED_TO of the probe; returns the time it was seen, or -1. */
static double wait_for_probe(int fd, int use_poll) {
    _Alignas(struct inotify_event) char buffer[4096];
    for (;;) {
        if (use_poll) {
            struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
            if (poll(&p, 1, -1) < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
        }
        ssize_t n = read(fd, buffer, sizeof buffer);
        double seen = now_ms();
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        for (ssize_t off = 0; off < n;) {
            const struct inotify_event *e = (const struct inotify_event *)(buffer + off);
            if ((e->mask & IN_MOVED_TO) && e->len > 0 && strcmp(e->name, probe_name) == 0) return seen;
            off += (ssize_t)sizeof *e + e->len;
        }
    }
}

struct shared {
    int fd;
    int count;
    double *seen;        /* written by the reader, one per round */
    atomic_int rounds;   /* rounds the reader has completed */
    atomic_int failed;
};

static void *reader_main(void *arg) {
    struct shared *s = arg;
    for (int i = 0; i < s->count; i++) {
        double t = wait_for_probe(s->fd, 1);
        if (t < 0) {
            atomic_store(&s->failed, 1);
            return NULL;
        }
        s->seen[i] = t;
        atomic_store(&s->rounds, i + 1);
    }
    return NULL;
}

static int write_temp(const char *path, int round) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    char body[64];
    int len = snprintf(body, sizeof body, "probe round %d\n", round);
    ssize_t w = write(fd, body, (size_t)len);
    close(fd);
    return w == len ? 0 : -1;
}

int main(int argc, char **argv) {
    int threaded = argc == 4 && strcmp(argv[3], "--thread") == 0;
    long count = argc >= 3 ? strtol(argv[2], NULL, 10) : 0;
    if ((argc != 3 && !threaded) || count < 1 || count > 1000000) {
        fprintf(stderr, "usage: inotify_latency DIR N [--thread]   (N from 1 to 1000000)\n");
        return 2;
    }
    const char *dir = argv[1];
    char temp[PATH_MAX], probe[PATH_MAX];
    if (snprintf(temp, sizeof temp, "%s/.inotify-latency.%d.tmp", dir, (int)getpid()) >= (int)sizeof temp ||
        snprintf(probe, sizeof probe, "%s/%s", dir, probe_name) >= (int)sizeof probe) {
        fprintf(stderr, "%s: path too long\n", dir);
        return 2;
    }

    int fd = inotify_init1(IN_CLOEXEC);
    if (fd < 0 || inotify_add_watch(fd, dir, IN_MOVED_TO | IN_ONLYDIR) < 0) {
        fprintf(stderr, "%s: cannot watch: %s\n", dir, strerror(errno));
        return 1;
    }
    double *renamed = calloc((size_t)count, sizeof *renamed);
    double *seen = calloc((size_t)count, sizeof *seen);
    double *delta = calloc((size_t)count, sizeof *delta);
    if (renamed == NULL || seen == NULL || delta == NULL) {
        fprintf(stderr, "inotify_latency: out of memory\n");
        return 1;
    }

    struct shared s = {.fd = fd, .count = (int)count, .seen = seen};
    atomic_init(&s.rounds, 0);
    atomic_init(&s.failed, 0);
    pthread_t reader;
    if (threaded && pthread_create(&reader, NULL, reader_main, &s) != 0) {
        fprintf(stderr, "inotify_latency: cannot start the reader thread\n");
        return 1;
    }

    int status = 0;
    for (int i = 0; i < (int)count; i++) {
        if (write_temp(temp, i) != 0) {
            fprintf(stderr, "%s: cannot write: %s\n", temp, strerror(errno));
            status = 1;
            break;
        }
        renamed[i] = now_ms();
        if (rename(temp, probe) != 0) {
            fprintf(stderr, "%s: cannot rename to %s: %s\n", temp, probe, strerror(errno));
            status = 1;
            break;
        }
        if (threaded) {
            /* One rename in flight at a time, so each event belongs to its round. */
            while (atomic_load(&s.rounds) <= i && !atomic_load(&s.failed)) sched_yield();
            if (atomic_load(&s.failed)) {
                fprintf(stderr, "%s: reading inotify events failed\n", dir);
                status = 1;
                break;
            }
        } else {
            seen[i] = wait_for_probe(fd, 0);
            if (seen[i] < 0) {
                fprintf(stderr, "%s: reading inotify events failed: %s\n", dir, strerror(errno));
                status = 1;
                break;
            }
        }
        delta[i] = seen[i] - renamed[i];
    }
    if (threaded) {
        if (status != 0) pthread_cancel(reader);
        pthread_join(reader, NULL);
    }
    unlink(temp);
    unlink(probe);
    if (status != 0) return status;

    qsort(delta, (size_t)count, sizeof *delta, compare_doubles);
    /* Nearest-rank percentiles. */
    size_t p50 = (size_t)((count * 50 + 99) / 100) - 1, p99 = (size_t)((count * 99 + 99) / 100) - 1;
    printf("n=%ld p50_ms=%.4f p99_ms=%.4f min_ms=%.4f max_ms=%.4f mode=%s\n", count, delta[p50], delta[p99],
           delta[0], delta[count - 1], threaded ? "thread-poll" : "same-thread");
    free(renamed);
    free(seen);
    free(delta);
    close(fd);
    return 0;
}
