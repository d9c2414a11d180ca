#define _GNU_SOURCE
#include "tabhost_isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Copies of the child's descriptors numbered above the targets 0..3, so no dup2 below is a
   no-op that would leave close-on-exec set. */
#define TABHOST_HIGH_FD 10

static void tabhost_close_all(int *fds, int count) {
    for (int i = 0; i < count; i++) {
        if (fds[i] >= 0) close(fds[i]);
        fds[i] = -1;
    }
}

/* The child's environment: a short list taken from the host's, never the whole of it (tokens and
   keys users keep there would reach every module). The locale and time zone, the search path a granted
   `exec` uses, HOME (where a granted `read:~/…` lies: the password file is not readable in the sandbox),
   the loader's library path, TMPDIR until LOAD sets the private one, and the sanitizers' options (a
   sanitized child reads them before main). */
static const char *const tabhost_isolation_kept_names[] = {
    "PATH",         "HOME",         "LANG",          "LANGUAGE",      "TZ",           "TMPDIR",          "LD_LIBRARY_PATH",
    "LTDL_LIBRARY_PATH",
    "ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS",  "UBSAN_OPTIONS", "MSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH",
    "LLVM_SYMBOLIZER_PATH",
};

/* Most entries the child's environment holds; the rest are left out. */
#define TABHOST_ENVIRONMENT_CAPACITY 64

static int tabhost_isolation_kept(const char *entry) {
    if (strncmp(entry, "LC_", 3) == 0) return strchr(entry, '=') != NULL;
    for (size_t i = 0; i < sizeof tabhost_isolation_kept_names / sizeof *tabhost_isolation_kept_names; i++) {
        size_t length = strlen(tabhost_isolation_kept_names[i]);
        if (strncmp(entry, tabhost_isolation_kept_names[i], length) == 0 && entry[length] == '=') return 1;
    }
    return 0;
}

/* Fills `kept` (TABHOST_ENVIRONMENT_CAPACITY + 1 slots) with the host's entries the child gets, pointers
   into `environ` (valid while the host does not change its environment; posix_spawn copies them). */
static void tabhost_isolation_environment(char **kept) {
    size_t count = 0;
    for (char **entry = environ; entry != NULL && *entry != NULL && count < TABHOST_ENVIRONMENT_CAPACITY; entry++) {
        if (tabhost_isolation_kept(*entry)) kept[count++] = *entry;
    }
    kept[count] = NULL;
}

static int tabhost_fail(char *error, size_t cap, const char *what, int code) {
    if (error != NULL && cap > 0) snprintf(error, cap, "%s: %s", what, strerror(code));
    return -1;
}

int tabhost_isolation_spawn(const char *helper, const char *label, tabhost_isolation_child *child,
                            char *error, size_t error_cap) {
    int sockets[2] = {-1, -1};
    int log_pipe[2] = {-1, -1};
    /* The child's ends, above the targets: socket, log pipe write end, /dev/null. */
    int high[3] = {-1, -1, -1};
    child->pid = -1;
    child->socket_fd = child->log_fd = child->pid_fd = -1;

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
        return tabhost_fail(error, error_cap, "socketpair", errno);
    if (pipe2(log_pipe, O_CLOEXEC) != 0) {
        int code = errno;
        tabhost_close_all(sockets, 2);
        return tabhost_fail(error, error_cap, "pipe2", code);
    }
    int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    high[0] = fcntl(sockets[1], F_DUPFD_CLOEXEC, TABHOST_HIGH_FD);
    high[1] = fcntl(log_pipe[1], F_DUPFD_CLOEXEC, TABHOST_HIGH_FD);
    high[2] = null_fd >= 0 ? fcntl(null_fd, F_DUPFD_CLOEXEC, TABHOST_HIGH_FD) : -1;
    int setup_error = errno;
    if (null_fd >= 0) close(null_fd);
    close(sockets[1]);
    close(log_pipe[1]);
    if (high[0] < 0 || high[1] < 0 || high[2] < 0) {
        tabhost_close_all(high, 3);
        close(sockets[0]);
        close(log_pipe[0]);
        return tabhost_fail(error, error_cap, "preparing the child's descriptors", setup_error);
    }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* dup2 clears close-on-exec on the copy: exactly these four descriptors reach the child. */
    posix_spawn_file_actions_adddup2(&actions, high[2], 0);
    posix_spawn_file_actions_adddup2(&actions, high[1], 1);
    posix_spawn_file_actions_adddup2(&actions, high[1], 2);
    posix_spawn_file_actions_adddup2(&actions, high[0], TABHOST_WIRE_SOCKET_FD);
    /* And nothing else, even a descriptor some library of the host opened without O_CLOEXEC. */
    posix_spawn_file_actions_addclosefrom_np(&actions, TABHOST_WIRE_SOCKET_FD + 1);
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setsigdefault(&attributes, &all);
    /* A session of its own: no controlling terminal, so a module cannot touch the host's tty. */
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);

    char parent[32];
    snprintf(parent, sizeof parent, "%d", (int)getpid());
    char *argv[] = {(char *)helper, "--parent", parent, "--module", (char *)label, NULL};
    pid_t pid = -1;
    char *environment[TABHOST_ENVIRONMENT_CAPACITY + 1];
    tabhost_isolation_environment(environment);
    int spawned = posix_spawn(&pid, helper, &actions, &attributes, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    tabhost_close_all(high, 3);
    if (spawned != 0) {
        close(sockets[0]);
        close(log_pipe[0]);
        return tabhost_fail(error, error_cap, helper, spawned);
    }

    fcntl(sockets[0], F_SETFL, fcntl(sockets[0], F_GETFL) | O_NONBLOCK);
    fcntl(log_pipe[0], F_SETFL, fcntl(log_pipe[0], F_GETFL) | O_NONBLOCK);
    child->pid = pid;
    child->socket_fd = sockets[0];
    child->log_fd = log_pipe[0];
#ifdef SYS_pidfd_open
    child->pid_fd = (int)syscall(SYS_pidfd_open, pid, 0); /* close-on-exec by definition */
#endif
    return 0;
}

int tabhost_isolation_reap(pid_t pid, int block, int *status) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int options = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
    int waited;
    do {
        waited = waitid(P_PID, (id_t)pid, &info, options);
    } while (waited < 0 && errno == EINTR);
    if (waited < 0) return -1;
    if (info.si_pid != pid) return 0; /* still running */
    /* Exited but not reaped: the group id is still ours alone. */
    kill(-pid, SIGKILL);
    pid_t reaped;
    do {
        reaped = waitpid(pid, status, 0);
    } while (reaped < 0 && errno == EINTR);
    return reaped == pid ? 1 : -1;
}

const char *tabhost_isolation_signal_name(int signal_number) {
    return sigabbrev_np(signal_number);
}

int tabhost_isolation_scan_pipe(int *pair) {
    if (pipe2(pair, O_CLOEXEC) != 0) return -1;
    /* A fresh pipe's end has no status flag set: O_NONBLOCK is all it gets (one call, no F_GETFL). */
    if (fcntl(pair[0], F_SETFL, O_NONBLOCK) != 0) {
        int saved = errno;
        close(pair[0]);
        close(pair[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

ssize_t tabhost_isolation_send_passing(int socket_fd, const void *bytes, size_t count, int passed) {
    union {
        struct cmsghdr align;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct iovec part = {(void *)bytes, count};
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &passed, sizeof passed);
    ssize_t sent;
    do {
        sent = sendmsg(socket_fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (sent < 0 && errno == EINTR);
    return sent;
}
