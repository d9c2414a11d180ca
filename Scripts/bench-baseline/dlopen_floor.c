/*
 * dlopen_floor FILE...: the physical floor of loading tab modules.
 *
 * dlopens every FILE (RTLD_NOW | RTLD_LOCAL), dlsyms `tab_module_entry`, calls
 * it and reads the descriptor's name, then prints the elapsed wall time of the
 * whole set (CLOCK_MONOTONIC) and how many distinct names it saw (a reused load
 * path would silently return an earlier image and show up as a duplicate).
 *
 * With `--copy-to DIR` first, each file is read whole and written to DIR/BASE.N.so before
 * being opened from there: the floor of TabHost's safe design (never open from the drop
 * directory), the same work the host does, in C.
 *
 * With `--ltdl` (before `--copy-to`), every file is opened and looked up through libltdl as the
 * host's shim does (lt_dlopenadvise with a local advise, lt_dlsym) instead of dlopen/dlsym: what
 * the rule "open modules through libltdl" costs by itself (libltdl compares each new file name
 * with every handle it holds, so its share grows with the square of the count).
 *
 * With `--pipeline` as well (before `--copy-to`), a worker thread reads and copies the files ahead
 * while the main thread opens each copy as soon as it is written: the pipeline issue 13 asks of the
 * host, with none of the host's checks (no permissions, no ELF checks, no validation, no
 * registry). Its time is the floor of the design's cold load: what no host that copies on a
 * worker thread can beat on this machine.
 *
 * With `--fork N` alone, each file is opened in a process of its own, forked for it, N at a time:
 * the child dlopens it, calls its entry, writes the descriptor's name to a pipe and exits. The
 * floor of a design that opens every file in a process of its own (issue 36's confined scanner),
 * with nothing of the host's (no copy, no checks, no sandbox, no report beyond the name).
 *
 * Output (one line, key=value): elapsed_ms=12.345 modules=1000 distinct_names=1000
 *   rss_before_kib=1200 rss_kib=9000   (VmRSS of /proc/self/status before and after loading)
 * Exit status: 0 if every file loaded and named itself, 1 otherwise, 2 on usage.
 *
 * Usage: dlopen_floor [--fork N | [--ltdl] [--pipeline --copy-to DIR | --copy-to DIR]] FILE...
 *
 * Build: cc -O2 -Wall -Wextra -Werror -I Sources/CTabModule/include \
 *            -o dlopen_floor Scripts/bench-baseline/dlopen_floor.c -pthread -lltdl -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <libgen.h>
#include <ltdl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tab_module.h"

typedef const tab_module_descriptor *(*entry_fn)(void);

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* VmRSS of this process in KiB, or -1. */
static long resident_kib(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, status) != NULL) {
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kib = strtol(line + 6, NULL, 10);
            break;
        }
    }
    fclose(status);
    return kib;
}

/* Reads `path` whole and writes it to DIR/BASE.N.so; returns the copy's path (malloc'd) or NULL. */
static char *copy_file(const char *path, const char *directory, int n) {
    int in = open(path, O_RDONLY | O_CLOEXEC);
    if (in < 0) return NULL;
    struct stat info;
    if (fstat(in, &info) != 0) { close(in); return NULL; }
    char *bytes = malloc((size_t)info.st_size);
    ssize_t got = bytes != NULL ? read(in, bytes, (size_t)info.st_size) : -1;
    close(in);
    if (got != info.st_size) { free(bytes); return NULL; }
    char base[256];
    snprintf(base, sizeof base, "%s", path);
    char *name = basename(base);
    size_t length = strlen(name);
    if (length > 3 && strcmp(name + length - 3, ".so") == 0) name[length - 3] = '\0';
    char *copy = malloc(4096);
    if (copy == NULL) { free(bytes); return NULL; }
    snprintf(copy, 4096, "%s/%s.%d.so", directory, name, n);
    int out = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
    ssize_t put = out >= 0 ? write(out, bytes, (size_t)got) : -1;
    if (out >= 0) close(out);
    free(bytes);
    if (put != got) { free(copy); return NULL; }
    return copy;
}

/* The copies a worker thread makes ahead of the opening thread (`--pipeline`). The opener sleeps on
 * `ready` through a futex only when it has caught up, and the worker makes the wake-up call only
 * while the opener sleeps: the cheapest hand-over, so the floor is not raised by it. */
typedef struct {
    char *const *files;
    int count;
    const char *directory;
    char **copies;                /* copies[i]: the copy of files[i] (malloc'd), or NULL if it failed */
    _Atomic uint32_t ready;       /* copies[0 ..< ready] are final */
    _Atomic uint32_t opener_asleep;
    /* Both flags are stored and loaded sequentially consistent: the worker's store of `ready` must not
     * pass its load of `opener_asleep`, or a wake-up could be lost (the opener asleep for ever). */
} pipeline;

static void futex(_Atomic uint32_t *word, int operation, uint32_t value) {
    syscall(SYS_futex, word, operation, value, NULL, NULL, 0);
}

static void *copy_ahead(void *context) {
    pipeline *line = context;
    for (int i = 0; i < line->count; i++) {
        line->copies[i] = copy_file(line->files[i], line->directory, i + 1);
        atomic_store(&line->ready, (uint32_t)i + 1);
        if (atomic_load(&line->opener_asleep)) futex(&line->ready, FUTEX_WAKE_PRIVATE, 1);
    }
    return NULL;
}

/* The copy of files[i] once the worker has made it (NULL if it could not). */
static char *wait_for_copy(pipeline *line, int i) {
    uint32_t ready;
    while ((ready = atomic_load(&line->ready)) <= (uint32_t)i) {
        atomic_store(&line->opener_asleep, 1);
        /* Sleeps only if `ready` is still what was read: a copy published in between is not missed. */
        futex(&line->ready, FUTEX_WAIT_PRIVATE, ready);
        atomic_store(&line->opener_asleep, 0);
    }
    return line->copies[i];
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* `--fork in_flight`: each of `count` files opened in a forked process, `in_flight` at a time; the names
   the processes wrote, one a line, come back in `names` (read after the clock stops). Returns how many
   processes exited 0. */
static int load_forked(char **files, int count, int in_flight, const char **names, int *named, double *elapsed) {
    int answers[2];
    if (pipe2(answers, O_CLOEXEC) != 0) return 0;
    int running = 0, succeeded = 0, status;
    double start = now_ms();
    for (int i = 0; i < count; i++) {
        if (running == in_flight && wait(&status) > 0) {
            running--;
            succeeded += WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
        pid_t child = fork();
        if (child == 0) {
            void *handle = dlopen(files[i], RTLD_NOW | RTLD_LOCAL);
            void *symbol = handle ? dlsym(handle, "tab_module_entry") : NULL;
            if (symbol == NULL) _exit(1);
            entry_fn entry;
            memcpy(&entry, &symbol, sizeof entry);
            const tab_module_descriptor *descriptor = entry();
            if (descriptor == NULL || descriptor->magic != TAB_MODULE_MAGIC || descriptor->name == NULL) _exit(1);
            char line[80];
            int length = snprintf(line, sizeof line, "%.64s\n", descriptor->name);
            _exit(write(answers[1], line, (size_t)length) == length ? 0 : 1);
        }
        if (child > 0) running++;
    }
    while (wait(&status) > 0) succeeded += WIFEXITED(status) && WEXITSTATUS(status) == 0;
    *elapsed = now_ms() - start;
    close(answers[1]);
    /* The names, a line each (the pipe holds them all: at most 66 bytes a file, read as they come would
       only add the parent's reads to the measured time). */
    static char text[1 << 20];
    size_t used = 0;
    ssize_t got;
    while (used < sizeof text - 1 && (got = read(answers[0], text + used, sizeof text - 1 - used)) > 0) used += (size_t)got;
    close(answers[0]);
    text[used] = 0;
    *named = 0;
    for (char *line = strtok(text, "\n"); line != NULL && *named < count; line = strtok(NULL, "\n")) names[(*named)++] = line;
    return succeeded;
}

int main(int argc, char **argv) {
    const char *copy_to = NULL;
    int first = 1, through_ltdl = 0, pipelined = 0, in_flight = 0;
    if (argc - first >= 2 && strcmp(argv[first], "--fork") == 0) {
        in_flight = atoi(argv[first + 1]);
        first += 2;
        if (in_flight < 1) {
            fprintf(stderr, "usage: dlopen_floor --fork N FILE... (N at least 1)\n");
            return 2;
        }
    }
    if (argc - first >= 1 && strcmp(argv[first], "--ltdl") == 0) {
        through_ltdl = 1;
        first++;
    }
    if (argc - first >= 1 && strcmp(argv[first], "--pipeline") == 0) {
        pipelined = 1;
        first++;
    }
    if (argc - first >= 2 && strcmp(argv[first], "--copy-to") == 0) {
        copy_to = argv[first + 1];
        first += 2;
    }
    if (argc - first < 1 || (pipelined && copy_to == NULL) || (in_flight && (through_ltdl || copy_to))) {
        fprintf(stderr, "usage: dlopen_floor [--fork N | [--ltdl] [--pipeline --copy-to DIR | --copy-to DIR]] FILE...\n");
        return 2;
    }
    if (through_ltdl && lt_dlinit() != 0) {
        fprintf(stderr, "dlopen_floor: lt_dlinit failed: %s\n", lt_dlerror());
        return 1;
    }
    int count = argc - first;
    const char **names = calloc((size_t)count, sizeof *names);
    if (names == NULL) {
        fprintf(stderr, "dlopen_floor: out of memory\n");
        return 1;
    }
    int loaded = 0, failures = 0;
    if (in_flight) {
        double elapsed = 0;
        long rss_before = resident_kib();
        int succeeded = load_forked(argv + first, count, in_flight, names, &loaded, &elapsed);
        failures = count - succeeded;
        qsort(names, (size_t)loaded, sizeof *names, compare_names);
        int distinct = 0;
        for (int i = 0; i < loaded; i++) distinct += i == 0 || strcmp(names[i], names[i - 1]) != 0;
        printf("elapsed_ms=%.3f modules=%d distinct_names=%d rss_before_kib=%ld rss_kib=%ld\n", elapsed, succeeded, distinct,
               rss_before, resident_kib());
        free(names);
        return failures == 0 ? 0 : 1;
    }

    pipeline line = {.files = argv + first, .count = count, .directory = copy_to};
    pthread_t worker;
    if (pipelined && (line.copies = calloc((size_t)count, sizeof *line.copies)) == NULL) {
        fprintf(stderr, "dlopen_floor: cannot set up the pipeline\n");
        return 1;
    }

    long rss_before = resident_kib();
    double start = now_ms();
    if (pipelined && pthread_create(&worker, NULL, copy_ahead, &line) != 0) {
        fprintf(stderr, "dlopen_floor: cannot start the copying thread\n");
        return 1;
    }
    for (int i = first; i < argc; i++) {
        char *copy = NULL;
        if (pipelined) {
            copy = wait_for_copy(&line, i - first);
        } else if (copy_to != NULL) {
            copy = copy_file(argv[i], copy_to, i - first + 1);
        }
        if (copy_to != NULL && copy == NULL) {
            fprintf(stderr, "%s: cannot copy it to %s\n", argv[i], copy_to);
            failures++;
            continue;
        }
        const char *path = copy != NULL ? copy : argv[i];
        void *handle = NULL, *symbol = NULL;
        if (through_ltdl) {
            lt_dladvise advise;
            if (lt_dladvise_init(&advise) == 0) {
                if (lt_dladvise_local(&advise) == 0) handle = lt_dlopenadvise(path, advise);
                lt_dladvise_destroy(&advise);
            }
        } else {
            handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        }
        /* A pipelined copy's path came from the worker's malloc arena: freeing it here would take that
         * arena's lock while the worker allocates, so those are freed after the clock stops. */
        if (!pipelined) free(copy);
        if (handle == NULL) {
            fprintf(stderr, "%s: cannot load: %s\n", argv[i], through_ltdl ? lt_dlerror() : dlerror());
            failures++;
            continue;
        }
        symbol = through_ltdl ? lt_dlsym((lt_dlhandle)handle, "tab_module_entry") : dlsym(handle, "tab_module_entry");
        if (symbol == NULL) {
            fprintf(stderr, "%s: no tab_module_entry symbol; export it with TAB_MODULE_DECLARE\n", argv[i]);
            failures++;
            continue;
        }
        entry_fn entry;
        memcpy(&entry, &symbol, sizeof entry); /* object pointer to function pointer, portably */
        const tab_module_descriptor *descriptor = entry();
        if (descriptor == NULL || descriptor->magic != TAB_MODULE_MAGIC || descriptor->name == NULL) {
            fprintf(stderr, "%s: tab_module_entry returned no valid descriptor\n", argv[i]);
            failures++;
            continue;
        }
        names[loaded++] = descriptor->name; /* images stay loaded, so the string stays valid */
    }
    double elapsed = now_ms() - start;
    long rss_after = resident_kib();
    if (pipelined) {
        pthread_join(worker, NULL);
        for (int i = 0; i < count; i++) free(line.copies[i]);
        free(line.copies);
    }

    qsort(names, (size_t)loaded, sizeof *names, compare_names);
    int distinct = 0;
    for (int i = 0; i < loaded; i++) {
        if (i == 0 || strcmp(names[i], names[i - 1]) != 0) distinct++;
    }
    printf("elapsed_ms=%.3f modules=%d distinct_names=%d rss_before_kib=%ld rss_kib=%ld\n", elapsed, loaded, distinct,
           rss_before, rss_after);
    free(names);
    return failures == 0 ? 0 : 1;
}
