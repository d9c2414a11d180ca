#ifndef TABHOST_TERMINAL_H
#define TABHOST_TERMINAL_H
/*
 * Terminal and signal plumbing for TerminalUI that must be C: ioctl (variadic), and signal
 * handlers that are async-signal-safe (they only write(2), tcsetattr(3) and raise(3)).
 */
#include <stddef.h>
#include <termios.h>

#if !defined(__clang__)
#define _Nonnull
#define _Nullable
#endif

#if defined(__clang__)
#pragma clang assume_nonnull begin
#endif

/** Saves `fd`'s settings into `saved`, then switches it to raw mode (no echo, no canonical
 *  input, no signals from keys, 8-bit). Returns 0, or -1 with errno set. */
int tabhost_term_enter_raw(int fd, struct termios *_Nonnull saved);

/** Applies `settings` to `fd` now. Returns 0, or -1 with errno set. */
int tabhost_term_set_attributes(int fd, const struct termios *_Nonnull settings);

/** The window size of `fd` (TIOCGWINSZ). Returns 0, or -1 with errno set. */
int tabhost_term_get_size(int fd, int *_Nonnull columns, int *_Nonnull rows);

/** Sets the window size of `fd` (TIOCSWINSZ; for pseudo-terminals in tests). Returns 0 or -1. */
int tabhost_term_set_size(int fd, int columns, int rows);

/**
 * Arms restoration: remembers `fd`, a copy of `saved` and a copy of `bytes` (at most 511 bytes:
 * the escape sequences that undo the set-up), then installs handlers for SIGINT, SIGTERM,
 * SIGHUP, SIGQUIT (restore, re-raise with the default action) and SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT, SIGTRAP (same, on an alternate signal stack, SA_RESETHAND), plus an
 * atexit hook; unblocks the first four on the calling thread. The alternate stack is the calling
 * thread's own if it has one (it is left in place), else a static one is installed. Returns 0, or -1 with errno set
 * (EINVAL: bytes too long).
 */
int tabhost_term_arm_restore(int fd, const struct termios *_Nonnull saved, const char *_Nonnull bytes, size_t length);

/** Restores now (writes the bytes, applies the saved settings) unless already done, and puts
 *  back the signal handlers that were there before arming. Safe to call more than once. */
void tabhost_term_restore(void);

/** Opens the SIGWINCH self-pipe, installs its handler (one byte per signal) and unblocks SIGWINCH
 *  on the calling thread.
 *  Returns the read end (non-blocking, close-on-exec), or -1 with errno set. */
int tabhost_term_winch_open(void);

/** Removes the SIGWINCH handler and closes the self-pipe. */
void tabhost_term_winch_close(void);

/** Reads and discards everything readable from non-blocking `fd`. */
void tabhost_term_drain(int fd);

/** Opens a pseudo-terminal pair of `columns`×`rows` (for tests). Returns 0, or -1 with errno set. */
int tabhost_term_open_pty(int *_Nonnull controller, int *_Nonnull device, int columns, int rows);

#if defined(__clang__)
#pragma clang assume_nonnull end
#endif

#endif
