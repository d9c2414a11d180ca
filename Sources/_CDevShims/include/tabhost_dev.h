/*
 * tabhost_dev.h: descriptor plumbing for `tabhost dev`'s build process that Swift's Glibc module does
 * not expose (pipe2). Every descriptor made here is close-on-exec.
 */
#ifndef TABHOST_DEV_H
#define TABHOST_DEV_H

#pragma clang assume_nonnull begin

/** A close-on-exec pipe: fds[0] the read end (non-blocking), fds[1] the write end (blocking, as a
 *  child's stdout expects). 0, or -1 with errno set. */
int tabhost_dev_pipe(int fds[_Nonnull 2]);

#pragma clang assume_nonnull end

#endif /* TABHOST_DEV_H */
