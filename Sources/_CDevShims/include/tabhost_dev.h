/*
 * tabhost_dev.h: descriptor and process plumbing for `tabhost dev`'s and `tabhost test`'s build process
 * that Swift's Glibc module does not expose (pipe2, PR_SET_PDEATHSIG after fork). Every descriptor made
 * here is close-on-exec.
 */
#ifndef TABHOST_DEV_H
#define TABHOST_DEV_H

#pragma clang assume_nonnull begin

/** A close-on-exec pipe: fds[0] the read end (non-blocking), fds[1] the write end (blocking, as a
 *  child's stdout expects). 0, or -1 with errno set. */
int tabhost_dev_pipe(int fds[_Nonnull 2]);

/** Starts `argv` (NULL-terminated; its program looked up in PATH, the environment inherited) in a
 *  process group of its own, stdin on /dev/null, stdout and stderr on `output`, every signal at its
 *  default and none blocked; it gets SIGTERM when the calling thread ends (PR_SET_PDEATHSIG), so a
 *  build is asked to stop when tabhost is killed, as when it cancels one (make and swift build pass it
 *  on to what they started). The child's pid, which is its group; or -1 with `*error` set (the exec's
 *  own failure included). */
int tabhost_dev_spawn_build(char *_Nullable const argv[_Nonnull], int output, int *_Nonnull error);

#pragma clang assume_nonnull end

#endif /* TABHOST_DEV_H */
