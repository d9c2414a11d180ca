#define _GNU_SOURCE
#include "tabhost_build_info.h"

#include <dlfcn.h>
#include <stddef.h>

const char *tabhost_isolation_swift_runtime_directory(void) {
#ifdef TABHOST_SWIFT_RUNTIME_DIR
    return TABHOST_SWIFT_RUNTIME_DIR;
#else
    return NULL;
#endif
}

/* Weak: a process without the Swift runtime (a C test program) links this file too. */
extern void *swift_retain(void *object) __attribute__((weak));

const char *tabhost_isolation_mapped_swift_runtime(void) {
    Dl_info info;
    if (swift_retain == NULL || dladdr((void *)swift_retain, &info) == 0) return NULL;
    return info.dli_fname;
}
