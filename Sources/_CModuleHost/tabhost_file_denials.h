/*
 * tabhost_file_denials.h: in test mode (`tabhost test`, `ModuleTester`), the module's file opens that the
 * sandbox refuses are named to the host, path and all, on the sandbox's denial pipe. Landlock refuses with
 * EACCES and tells no one; the child's executable exports open, openat, fopen, opendir, mkdir and unlink
 * (and their 64-bit names), which the module's calls resolve to before libc's, and a call that fails with
 * EACCES writes one record: TABHOST_SANDBOX_DENIED_FILE, 'r' or 'w', a u16 length, the absolute path.
 * libc's own opens (inside fopen, dlopen…) are not seen; without the pipe (exec granted, or not in test
 * mode) nothing is written. Not built under a sanitizer, whose runtime defines the same names.
 */
#ifndef TABHOST_FILE_DENIALS_H
#define TABHOST_FILE_DENIALS_H

#pragma clang assume_nonnull begin

/** The category of a file refusal's record on the denial pipe (after enum tabhost_sandbox_denial's). */
#define TABHOST_SANDBOX_DENIED_FILE 3

/** Longest path a record carries (longer ones are cut). */
#define TABHOST_FILE_DENIAL_MAX_PATH 1024

/** Starts naming refused opens on `fd` (the denial pipe's write end, non-blocking); -1 stops. */
void tabhost_file_denials_start(int fd);

#pragma clang assume_nonnull end

#endif /* TABHOST_FILE_DENIALS_H */
