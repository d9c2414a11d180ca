/*
 * tabhost_host.h: process and descriptor plumbing for the host core that Swift's Glibc module
 * does not expose (eventfd, pipe2). Every descriptor made here is close-on-exec.
 */
#ifndef TABHOST_HOST_H
#define TABHOST_HOST_H

#pragma clang assume_nonnull begin

/** A non-blocking, close-on-exec eventfd starting at 0; -1 with errno set on failure. */
int tabhost_wakeup_open(void);

/** Adds 1 to the eventfd `fd` (wakes a poll on it); never blocks. */
void tabhost_wakeup_signal(int fd);

/** Resets the eventfd `fd` to 0; never blocks. */
void tabhost_wakeup_drain(int fd);

/**
 * A blocking pipe whose two ends are close-on-exec from the start (no other thread's spawn can
 * inherit them): `fds[0]` reads, `fds[1]` writes. 0, or -1 with errno set.
 */
int tabhost_host_pipe(int fds[_Nonnull 2]);

#pragma clang assume_nonnull end

#endif /* TABHOST_HOST_H */
