#define _GNU_SOURCE
#include "tabhost_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int tabhost_term_enter_raw(int fd, struct termios *saved) {
    if (tcgetattr(fd, saved) != 0) return -1;
    struct termios raw = *saved;
    cfmakeraw(&raw);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSANOW, &raw);
}

int tabhost_term_set_attributes(int fd, const struct termios *settings) {
    return tcsetattr(fd, TCSANOW, settings);
}

int tabhost_term_get_size(int fd, int *columns, int *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}

int tabhost_term_set_size(int fd, int columns, int rows) {
    struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
    return ioctl(fd, TIOCSWINSZ, &size);
}

/* ---- Restoration: everything a signal handler touches is set up before the handlers exist. */

static const int term_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define SIGNAL_SLOTS 65

static volatile sig_atomic_t armed = 0;
static volatile sig_atomic_t restored = 1;
static int restore_fd = -1;
static struct termios restore_settings;
static char restore_bytes[512];
static size_t restore_length = 0;
static struct sigaction previous[SIGNAL_SLOTS];
static char alternate_stack[64 * 1024];
static int atexit_registered = 0;

/* Async-signal-safe: write(2) and tcsetattr(3) only. */
static void restore_terminal(void) {
    if (restored) return;
    restored = 1;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(restore_fd, restore_bytes + done, restore_length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    tcsetattr(restore_fd, TCSANOW, &restore_settings);
}

static void on_fatal_signal(int sig) {
    int saved_errno = errno;
    restore_terminal();
    /* SA_RESETHAND already put back the default action; re-raising it makes the process end
     * by this signal (the exit status a shell sees). It is delivered when this handler returns. */
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved_errno;
}

static void at_exit(void) {
    tabhost_term_restore();
}

static int install(int sig, int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(sig, &action, &previous[sig]);
}

int tabhost_term_arm_restore(int fd, const struct termios *saved, const char *bytes, size_t length) {
    if (length > sizeof restore_bytes) {
        errno = EINVAL;
        return -1;
    }
    if (armed) tabhost_term_restore();
    restore_fd = fd;
    restore_settings = *saved;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    restored = 0;

    /* A crash handler needs an alternate stack (a stack overflow leaves none), but a thread that has
       one keeps it: its owner (a sanitizer's runtime, say) frees it when the thread ends, and would
       free this static buffer instead (ASan aborts there). The handler is small; any stack fits. */
    stack_t current;
    if (sigaltstack(NULL, &current) != 0) return -1;
    if (current.ss_flags & SS_DISABLE) {
        stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
        if (sigaltstack(&stack, NULL) != 0) return -1;
    }
    for (size_t i = 0; i < sizeof term_signals / sizeof term_signals[0]; i++) {
        if (install(term_signals[i], SA_RESETHAND) != 0) return -1;
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        if (install(crash_signals[i], SA_RESETHAND | SA_ONSTACK) != 0) return -1;
    }
    /* Handle them on this (the loop's) thread even when the process started with them blocked. */
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof term_signals / sizeof term_signals[0]; i++) sigaddset(&unblock, term_signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    armed = 1;
    if (!atexit_registered) {
        atexit_registered = 1;
        atexit(at_exit);
    }
    return 0;
}

void tabhost_term_restore(void) {
    restore_terminal();
    if (!armed) return;
    armed = 0;
    for (size_t i = 0; i < sizeof term_signals / sizeof term_signals[0]; i++) {
        sigaction(term_signals[i], &previous[term_signals[i]], NULL);
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaction(crash_signals[i], &previous[crash_signals[i]], NULL);
    }
}

/* ---- SIGWINCH self-pipe. */

static int winch_pipe[2] = {-1, -1};
static struct sigaction previous_winch;

static void on_winch(int sig) {
    (void)sig;
    int saved_errno = errno;
    char byte = 1;
    ssize_t ignored = write(winch_pipe[1], &byte, 1); /* EAGAIN: a wake-up is already pending */
    (void)ignored;
    errno = saved_errno;
}

int tabhost_term_winch_open(void) {
    if (winch_pipe[0] >= 0) return winch_pipe[0];
    if (pipe2(winch_pipe, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_winch;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, &action, &previous_winch) != 0) {
        int saved_errno = errno;
        tabhost_term_winch_close();
        errno = saved_errno;
        return -1;
    }
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGWINCH);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    return winch_pipe[0];
}

void tabhost_term_winch_close(void) {
    if (winch_pipe[0] < 0) return;
    sigaction(SIGWINCH, &previous_winch, NULL);
    close(winch_pipe[0]);
    close(winch_pipe[1]);
    winch_pipe[0] = winch_pipe[1] = -1;
}

void tabhost_term_drain(int fd) {
    char buffer[256];
    while (read(fd, buffer, sizeof buffer) > 0) {
    }
}

int tabhost_term_open_pty(int *controller, int *device, int columns, int rows) {
    struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
    return openpty(controller, device, NULL, NULL, &size);
}
