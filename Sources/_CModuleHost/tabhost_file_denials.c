/* tabhost_file_denials.c: see tabhost_file_denials.h. */
#define _GNU_SOURCE
#include "tabhost_file_denials.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int tabhost_file_denials_fd = -1;

void tabhost_file_denials_start(int fd) { tabhost_file_denials_fd = fd; }

#if !__has_feature(address_sanitizer) && !__has_feature(thread_sanitizer)

/* Writes one record for `path` (relative to `dirfd`) refused for reading ('r') or writing ('w'); keeps errno. */
static void tabhost_file_denials_tell(int dirfd, const char *_Nullable path, char kind) {
    if (tabhost_file_denials_fd < 0 || path == NULL) return;
    int saved = errno;
    char absolute[TABHOST_FILE_DENIAL_MAX_PATH];
    size_t used = 0;
    if (path[0] != '/') {
        char link[64];
        ssize_t got;
        if (dirfd == AT_FDCWD) {
            got = getcwd(absolute, sizeof absolute - 1) ? (ssize_t)strlen(absolute) : -1;
        } else {
            snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
            got = readlink(link, absolute, sizeof absolute - 1);
        }
        if (got > 0) {
            used = (size_t)got;
            if (absolute[used - 1] != '/' && used < sizeof absolute - 1) absolute[used++] = '/';
        }
    }
    size_t length = strnlen(path, sizeof absolute - used);
    memcpy(absolute + used, path, length);
    used += length;
    unsigned char record[4 + TABHOST_FILE_DENIAL_MAX_PATH];
    record[0] = TABHOST_SANDBOX_DENIED_FILE;
    record[1] = (unsigned char)kind;
    record[2] = (unsigned char)(used & 0xff);
    record[3] = (unsigned char)(used >> 8);
    memcpy(record + 4, absolute, used);
    /* One write under PIPE_BUF: atomic, so it never interleaves with the SIGSYS handler's bytes; a full pipe drops it. */
    ssize_t ignored = write(tabhost_file_denials_fd, record, 4 + used);
    (void)ignored;
    errno = saved;
}

static char tabhost_file_denials_kind(int flags) {
    return ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC))) ? 'w' : 'r';
}

static int tabhost_file_denials_openat(int dirfd, const char *path, int flags, mode_t mode) {
    int fd = (int)syscall(SYS_openat, dirfd, path, flags, mode);
    if (fd < 0 && errno == EACCES) tabhost_file_denials_tell(dirfd, path, tabhost_file_denials_kind(flags));
    return fd;
}

static mode_t tabhost_file_denials_mode(int flags, va_list arguments) {
    /* O_TMPFILE holds O_DIRECTORY's bit: only all of it means a mode was passed. */
    return ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) ? (mode_t)va_arg(arguments, unsigned) : 0;
}

#define TABHOST_EXPORTED __attribute__((visibility("default")))

TABHOST_EXPORTED int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = tabhost_file_denials_mode(flags, arguments);
    va_end(arguments);
    return tabhost_file_denials_openat(AT_FDCWD, path, flags, mode);
}

/* On a 64-bit system the 64-bit names are the same calls. */
TABHOST_EXPORTED int open64(const char *path, int flags, ...) __attribute__((alias("open")));

TABHOST_EXPORTED int openat(int dirfd, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = tabhost_file_denials_mode(flags, arguments);
    va_end(arguments);
    return tabhost_file_denials_openat(dirfd, path, flags, mode);
}

TABHOST_EXPORTED int openat64(int dirfd, const char *path, int flags, ...) __attribute__((alias("openat")));

/* libc's own, found past this executable (its fopen and opendir open through internal calls, unseen here). */
static void *_Nullable tabhost_file_denials_next(const char *name) { return dlsym(RTLD_NEXT, name); }

static FILE *_Nullable tabhost_file_denials_fopen(const char *name, const char *path, const char *mode) {
    FILE *(*next)(const char *, const char *) = (FILE * (*)(const char *, const char *)) tabhost_file_denials_next(name);
    if (next == NULL) {
        errno = ENOSYS;
        return NULL;
    }
    FILE *file = next(path, mode);
    if (file == NULL && errno == EACCES) tabhost_file_denials_tell(AT_FDCWD, path, (mode[0] == 'r' && !strchr(mode, '+')) ? 'r' : 'w');
    return file;
}

TABHOST_EXPORTED FILE *fopen(const char *path, const char *mode) { return tabhost_file_denials_fopen("fopen", path, mode); }

TABHOST_EXPORTED FILE *fopen64(const char *path, const char *mode) { return tabhost_file_denials_fopen("fopen64", path, mode); }

TABHOST_EXPORTED DIR *opendir(const char *path) {
    DIR *(*next)(const char *) = (DIR * (*)(const char *)) tabhost_file_denials_next("opendir");
    if (next == NULL) {
        errno = ENOSYS;
        return NULL;
    }
    DIR *directory = next(path);
    if (directory == NULL && errno == EACCES) tabhost_file_denials_tell(AT_FDCWD, path, 'r');
    return directory;
}

TABHOST_EXPORTED int mkdir(const char *path, mode_t mode) {
    int result = (int)syscall(SYS_mkdirat, AT_FDCWD, path, mode);
    if (result < 0 && errno == EACCES) tabhost_file_denials_tell(AT_FDCWD, path, 'w');
    return result;
}

TABHOST_EXPORTED int unlink(const char *path) {
    int result = (int)syscall(SYS_unlinkat, AT_FDCWD, path, 0);
    if (result < 0 && errno == EACCES) tabhost_file_denials_tell(AT_FDCWD, path, 'w');
    return result;
}

#endif
