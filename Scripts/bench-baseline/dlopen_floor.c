/*
 * dlopen_floor FILE...: the physical floor of loading tab modules.
 *
 * dlopens every FILE (RTLD_NOW | RTLD_LOCAL), dlsyms `tab_module_entry`, calls
 * it and reads the descriptor's name, then prints the elapsed wall time of the
 * whole set (CLOCK_MONOTONIC) and how many distinct names it saw (a reused load
 * path would silently return an earlier image and show up as a duplicate).
 *
 * Output (one line, key=value): elapsed_ms=12.345 modules=1000 distinct_names=1000
 *   rss_before_kib=1200 rss_kib=9000   (VmRSS of /proc/self/status before and after loading)
 * Exit status: 0 if every file loaded and named itself, 1 otherwise, 2 on usage.
 *
 * Build: cc -O2 -Wall -Wextra -Werror -I Sources/CTabModule/include \
 *            -o dlopen_floor Scripts/bench-baseline/dlopen_floor.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: dlopen_floor FILE...\n");
        return 2;
    }
    int count = argc - 1;
    const char **names = calloc((size_t)count, sizeof *names);
    if (names == NULL) {
        fprintf(stderr, "dlopen_floor: out of memory\n");
        return 1;
    }
    int loaded = 0, failures = 0;

    long rss_before = resident_kib();
    double start = now_ms();
    for (int i = 1; i < argc; i++) {
        void *handle = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            fprintf(stderr, "%s: cannot load: %s\n", argv[i], dlerror());
            failures++;
            continue;
        }
        void *symbol = dlsym(handle, "tab_module_entry");
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
