/*
 * tabhost_sandbox_driver: the tests of _CSandbox, in the manner of Chromium's BPF_TEST_C. Each case
 * runs in a child of its own, which applies a profile (tabhost_sandbox_apply) and then tries what the
 * case is about; its exit status is the verdict, so a case that confines or kills itself cannot take
 * the driver or the other cases with it. The parent opens what the children try to reach: a TCP
 * listener and a UDP socket on loopback, an abstract Unix socket, a directory tree with a secret.
 *
 * Usage: tabhost_sandbox_driver LIBRARY.so [CASE...]
 *   LIBRARY.so exports `int tabhost_sandbox_probe(void)` returning 42; it is copied into the profile's
 *   read path and opened there after the lock.
 * Prints one line per case: "ok NAME", "skip NAME: why" (this kernel lacks the layer, or the rule does
 * not apply to this user) or "FAIL NAME: what", and the report's line of the default profile first.
 * Exit status: 0 when no case failed, 1 otherwise.
 */
#define _GNU_SOURCE
#include "tabhost_sandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/audit.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/shm.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#pragma clang assume_nonnull begin

/* GRANT_REPORT is no permission: it sets the profile's report_denials, naming refusals on `denial_pipe`. */
/* GRANT_WATCH stands for a read: or write: grant (the profile's watch_files); NO_NAMESPACES is the
   profile's without_namespaces (the subreaper's path); PRIVATE_TMP mounts the private tmpfs over `tmp_dir`. */
enum {
    GRANT_NETWORK = 1,
    GRANT_SYSTEM = 2,
    GRANT_EXEC = 4,
    GRANT_UNRESTRICTED = 8,
    GRANT_REPORT = 16,
    GRANT_WATCH = 32,
    NO_NAMESPACES = 64,
    PRIVATE_TMP = 128,
    SECRETS_BY_NAME = 256 /* the secret directory as a file_read_path: its files by name, no listing */
};
/* A case's verdicts, as its child's exit status. */
enum { PASS = 0, FAILED = 1, SKIPPED = 2 };

static char root[256], read_dir[300], write_dir[300], secret_dir[300], secret_file[320], read_file[320],
    library[320], tmp_dir[320];
static pid_t parent;
static int landlock_abi;
static uint16_t tcp_port, udp_port;
static struct sockaddr_un abstract_address, socket_file_address;
static socklen_t abstract_length;
/* The pipe a case with GRANT_REPORT reads the named refusals from (made by lock_with). */
static int denial_pipe[2] = {-1, -1};

static int fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("    ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    return FAILED;
}

static int skip(const char *why) {
    fprintf(stderr, "    %s\n", why);
    return SKIPPED;
}

/* Locks this child with the default profile plus `grants`; a failed apply fails the case. */
static tabhost_sandbox_report lock_with(int grants, uint64_t max_processes, uint64_t max_memory, int abi_limit) {
    const char *reads[] = {read_dir};
    const char *writes[] = {write_dir};
    const char *by_name[] = {secret_dir};
    tabhost_sandbox_profile profile = {
        .read_paths = reads,
        .read_path_count = 1,
        .file_read_paths = by_name,
        .file_read_path_count = (grants & SECRETS_BY_NAME) ? 1 : 0,
        .write_paths = writes,
        .write_path_count = 1,
        .network = grants & GRANT_NETWORK,
        .system = grants & GRANT_SYSTEM,
        .exec = grants & GRANT_EXEC,
        .unrestricted = grants & GRANT_UNRESTRICTED,
        .max_processes = max_processes,
        .max_memory_bytes = max_memory,
        .landlock_abi_limit = abi_limit,
        .watch_files = grants & GRANT_WATCH,
        .without_namespaces = grants & NO_NAMESPACES,
        .private_tmp = (grants & PRIVATE_TMP) ? tmp_dir : NULL,
        .private_tmp_bytes = 4u << 20,
    };
    if (grants & GRANT_REPORT) {
        if (pipe2(denial_pipe, O_NONBLOCK | O_CLOEXEC) != 0) {
            fail("pipe2: %s", strerror(errno));
            _exit(FAILED);
        }
        profile.report_denials = true;
        profile.denial_fd = denial_pipe[1];
    }
    tabhost_sandbox_report report;
    if (tabhost_sandbox_apply(&profile, &report) != 0) {
        fail("tabhost_sandbox_apply failed: %s", report.text);
        _exit(FAILED);
    }
    return report;
}

static tabhost_sandbox_report lock(int grants, uint64_t max_processes) { return lock_with(grants, max_processes, 0, 0); }

/* `result` must be -1 with errno one of the two expected values. */
static int refused(const char *what, long result, int expected, int also_expected) {
    int error = errno;
    if (result != -1) return fail("%s: allowed (returned %ld), expected %s", what, result, strerror(expected));
    if (error != expected && error != also_expected)
        return fail("%s: %s, expected %s", what, strerror(error), strerror(expected));
    return PASS;
}

static int allowed(const char *what, long result) {
    if (result < 0) return fail("%s: %s", what, strerror(errno));
    return PASS;
}

#define CHECK(expression)                       \
    do {                                        \
        int verdict_ = (expression);            \
        if (verdict_ != PASS) return verdict_; \
    } while (0)

static int connect_loopback(int fd, uint16_t port) {
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    return connect(fd, (struct sockaddr *)&address, sizeof address);
}

static long send_udp(int fd) {
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(udp_port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    return sendto(fd, "x", 1, 0, (struct sockaddr *)&address, sizeof address);
}

static void proc_path(char *path, size_t cap, const char *name) { snprintf(path, cap, "/proc/%d/%s", (int)parent, name); }

/* Runs /bin/sh -c 'exit 7' in a grandchild; returns its exit status, or -errno when execve failed. */
static int run_shell(void) {
    pid_t child = fork();
    if (child < 0) return -errno;
    if (child == 0) {
        char *const argv[] = {"sh", "-c", "exit 7", NULL};
        char *const envp[] = {NULL};
        execve("/bin/sh", argv, envp);
        _exit(100 + (errno & 0x1f));
    }
    int status;
    if (waitpid(child, &status, 0) < 0) return -errno;
    if (!WIFEXITED(status)) return -1000;
    int code = WEXITSTATUS(status);
    return code >= 100 ? -(code - 100) : code;
}

/* ---- denied with nothing granted ---- */

static int case_read_outside(void) {
    lock(0, 0);
    CHECK(refused("open a file outside", open(secret_file, O_RDONLY | O_CLOEXEC), EACCES, 0));
    CHECK(refused("open /etc/passwd", open("/etc/passwd", O_RDONLY | O_CLOEXEC), EACCES, 0));
    /* Read paths are read-only. */
    return refused("write a read path's file", open(read_file, O_WRONLY | O_CLOEXEC), EACCES, 0);
}

static int case_write_outside(void) {
    lock(0, 0);
    char path[400];
    snprintf(path, sizeof path, "%s/new.txt", secret_dir);
    CHECK(refused("create a file outside", open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600), EACCES, 0));
    CHECK(refused("write a file outside", open(secret_file, O_WRONLY | O_CLOEXEC), EACCES, 0));
    CHECK(refused("unlink outside", unlink(secret_file), EACCES, 0));
    snprintf(path, sizeof path, "%s/new-dir", secret_dir);
    return refused("mkdir outside", mkdir(path, 0700), EACCES, 0);
}

static int case_list_outside(void) {
    lock(0, 0);
    CHECK(refused("list a directory outside", open(secret_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), EACCES, 0));
    return refused("list /", open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), EACCES, 0);
}

static int case_tcp_connect_denied(void) {
    lock(0, 0);
    CHECK(refused("socket(AF_INET, SOCK_STREAM)", socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), EPERM, 0));
    return refused("socket(AF_INET6, SOCK_STREAM)", socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0), EPERM, 0);
}

/* A TCP socket made before the lock gets past the socket rule; bind and connect are refused by the
   filter first (EPERM), Landlock's TCP rules behind it (EACCES). */
static int case_tcp_bind_landlock(void) {
    if (landlock_abi < 4) return skip("Landlock ABI < 4: no TCP rules");
    int early = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (early < 0) return fail("socket before the lock: %s", strerror(errno));
    lock(0, 0);
    struct sockaddr_in any = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    CHECK(refused("bind with a socket made before the lock", bind(early, (struct sockaddr *)&any, sizeof any), EPERM, EACCES));
    return refused("connect with a socket made before the lock", connect_loopback(early, tcp_port), EPERM, EACCES);
}

static int case_udp_send_denied(void) {
    lock(0, 0);
    CHECK(refused("socket(AF_INET, SOCK_DGRAM)", socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), EPERM, 0));
    CHECK(refused("socket(AF_INET6, SOCK_DGRAM)", socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0), EPERM, 0));
    CHECK(refused("socket(AF_NETLINK)", socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, 0), EPERM, 0));
    CHECK(refused("socket(AF_PACKET)", socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0), EPERM, 0));
    int pair[2];
    return refused("socketpair(AF_INET)", socketpair(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), EPERM, 0);
}

static int case_abstract_socket_denied(void) {
    if (landlock_abi < 6) return skip("Landlock ABI < 6: no abstract socket scope");
    lock(0, 0);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_UNIX)", fd));
    return refused("connect to the parent's abstract socket",
                   connect(fd, (struct sockaddr *)&abstract_address, abstract_length), EPERM, 0);
}

/* Landlock does not check connecting to a socket file; the filter refuses connect and datagram sockets. */
static int case_unix_socket_file_denied(void) {
    lock(0, 0);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_UNIX, SOCK_STREAM)", fd));
    CHECK(refused("connect to a socket file outside", connect(fd, (struct sockaddr *)&socket_file_address, sizeof socket_file_address),
                  EPERM, 0));
    CHECK(refused("socket(AF_UNIX, SOCK_DGRAM)", socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0), EPERM, 0));
    int pair[2];
    return refused("socketpair(AF_UNIX, SOCK_DGRAM)", socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, pair), EPERM, 0);
}

static int case_exec_denied(void) {
    lock(0, 0);
    char *const argv[] = {"sh", "-c", "exit 0", NULL};
    char *const envp[] = {NULL};
    CHECK(refused("execve /bin/sh", execve("/bin/sh", argv, envp), EPERM, EACCES));
    return refused("execveat /bin/sh", syscall(__NR_execveat, AT_FDCWD, "/bin/sh", argv, envp, 0), EPERM, EACCES);
}

/* ---- refusals named (report_denials) ---- */

/* The bytes the SIGSYS handler wrote since the last call, as a string ("1", "22", "" for none). */
static const char *denials_read(void) {
    static char bytes[64];
    ssize_t count = read(denial_pipe[0], bytes, sizeof bytes - 1);
    if (count < 0) count = 0;
    for (ssize_t i = 0; i < count; i++) bytes[i] = (char)('0' + bytes[i]);
    bytes[count] = '\0';
    return bytes;
}

/* `result` refused with EPERM and exactly the bytes `named` written (one per refusal). */
static int refused_and_named(const char *what, long result, const char *named) {
    CHECK(refused(what, result, EPERM, 0));
    const char *got = denials_read();
    if (strcmp(got, named) != 0) return fail("%s: categories \"%s\" written, expected \"%s\"", what, got, named);
    return PASS;
}

static int case_exec_denied_named(void) {
    lock(GRANT_REPORT, 0);
    char *const argv[] = {"sh", "-c", "exit 0", NULL};
    char *const envp[] = {NULL};
    CHECK(refused_and_named("execve /bin/sh", execve("/bin/sh", argv, envp), "1"));
    CHECK(refused_and_named("execveat /bin/sh", syscall(__NR_execveat, AT_FDCWD, "/bin/sh", argv, envp, 0), "1"));
    /* What no permission lifts stays a plain errno, unnamed. */
    return refused_and_named("ptrace", ptrace(PTRACE_TRACEME, 0, NULL, NULL), "");
}

static int case_network_denied_named(void) {
    lock(GRANT_REPORT, 0);
    CHECK(refused_and_named("socket(AF_INET)", socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), "2"));
    CHECK(refused_and_named("socket(AF_INET6, SOCK_DGRAM)", socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0), "2"));
    int pair[2];
    CHECK(refused_and_named("socketpair(AF_UNIX, SOCK_DGRAM)", socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, pair), "2"));
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_UNIX, SOCK_STREAM)", fd));
    if (strcmp(denials_read(), "") != 0) return fail("an allowed socket was named");
    CHECK(refused_and_named("connect to a socket file",
                            connect(fd, (struct sockaddr *)&socket_file_address, sizeof socket_file_address), "2"));
    /* errno as the module left it, apart from the refused call's own EPERM. */
    errno = EINTR;
    if (getpid() <= 0 || errno != EINTR) return fail("errno changed by an allowed call");
    return PASS;
}

static void *_Nullable socket_on_a_thread(void *_Nullable argument) {
    (void)argument;
    long result = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    return (void *)(intptr_t)(result == -1 && errno == EPERM ? PASS : FAILED);
}

/* A module's thread (which inherits the handler and the filter) and a forked child are named too. */
static int case_denied_named_on_threads_and_forks(void) {
    lock(GRANT_REPORT, 0);
    pthread_t thread;
    int error = pthread_create(&thread, NULL, socket_on_a_thread, NULL);
    if (error) return fail("pthread_create: %s", strerror(error));
    void *verdict;
    pthread_join(thread, &verdict);
    if ((intptr_t)verdict != PASS) return fail("socket on a thread: not refused with EPERM");
    if (strcmp(denials_read(), "2") != 0) return fail("socket on a thread: not named");
    pid_t child = fork();
    CHECK(allowed("fork", child));
    if (child == 0) {
        char *const argv[] = {"sh", NULL};
        char *const envp[] = {NULL};
        _exit(execve("/bin/sh", argv, envp) == -1 && errno == EPERM ? 0 : 1);
    }
    int status;
    if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return fail("execve in a forked child: not refused with EPERM (status %#x)", status);
    if (strcmp(denials_read(), "1") != 0) return fail("execve in a forked child: not named");
    return PASS;
}

/* Any other SIGSYS still ends the process with SIGSYS, as it would without the handler. */
static int case_other_sigsys_kills(void) {
    lock(GRANT_REPORT, 0);
    pid_t child = fork();
    CHECK(allowed("fork", child));
    if (child == 0) {
        kill(getpid(), SIGSYS);
        _exit(0);
    }
    int status;
    if (waitpid(child, &status, 0) < 0) return fail("waitpid: %s", strerror(errno));
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSYS) return fail("kill -SYS did not end the process (status %#x)", status);
    return PASS;
}

/* With exec granted nothing traps (a program it runs has no handler): refusals stay plain errnos. */
static int case_exec_granted_not_named(void) {
    lock(GRANT_REPORT | GRANT_EXEC, 0);
    CHECK(refused_and_named("socket(AF_INET) with exec granted", socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ""));
    int status = run_shell();
    if (status != 7) return fail("/bin/sh -c 'exit 7': %s", status < 0 ? strerror(-status) : "wrong status");
    return PASS;
}

static int case_signal_parent_denied(void) {
    if (landlock_abi < 6) return skip("Landlock ABI < 6: no signal scope");
    /* Without the PID namespace, where the parent's pid names it: the signal scope. */
    lock(NO_NAMESPACES, 0);
    /* SIGURG is ignored by default, so a hole here would not hurt the driver. */
    CHECK(refused("kill(parent, SIGURG)", kill(parent, SIGURG), EPERM, 0));
    return refused("kill(parent, 0)", kill(parent, 0), EPERM, 0);
}

static int case_proc_parent_denied(void) {
    lock(0, 0);
    char path[64];
    proc_path(path, sizeof path, "environ");
    CHECK(refused("open /proc/PARENT/environ", open(path, O_RDONLY | O_CLOEXEC), EACCES, EPERM));
    proc_path(path, sizeof path, "mem");
    CHECK(refused("open /proc/PARENT/mem", open(path, O_RDONLY | O_CLOEXEC), EACCES, EPERM));
    proc_path(path, sizeof path, "status");
    return refused("open /proc/PARENT/status", open(path, O_RDONLY | O_CLOEXEC), EACCES, 0);
}

/* Forks children that wait until it has `wanted` or a fork fails; kills and reaps them. Returns how
   many forks succeeded, with the failed fork's errno in `error` (0 when none failed). */
static int fork_waiting_children(int wanted, int *error) {
    pid_t children[256];
    int count = 0;
    *error = 0;
    if (wanted > 256) wanted = 256;
    while (count < wanted) {
        pid_t child = fork();
        if (child == 0) {
            pause();
            _exit(0);
        }
        if (child < 0) {
            *error = errno;
            break;
        }
        children[count++] = child;
    }
    for (int i = 0; i < count; i++) kill(children[i], SIGKILL);
    for (int i = 0; i < count; i++) waitpid(children[i], NULL, 0);
    return count;
}

/* As root and as any other user: the limit counts the sandbox's own tasks (a user namespace of its
   own), so with 16 the locked process (one task) gets exactly 15 children, then EAGAIN, and keeps
   running: once they are reaped it forks again. */
static int case_fork_bomb_limited(void) {
    tabhost_sandbox_report report = lock(0, 16);
    if (!(report.enforced & TABHOST_SANDBOX_PROCESS_NAMESPACE)) {
        fprintf(stderr, "    %s\n", report.text);
        return strstr(report.text, "no user namespace") ? skip("no user namespace on this machine (the report says why)")
                                                        : fail("no process namespace and no reason: %s", report.text);
    }
    if (!(report.enforced & TABHOST_SANDBOX_PROCESS_LIMIT)) return fail("process limit not enforced: %s", report.text);
    if (!strstr(report.text, "process limit (16 of its own tasks)")) return fail("report: %s", report.text);
    int error;
    int count = fork_waiting_children(256, &error);
    if (count == 256) return fail("256 forks allowed with a limit of 16");
    if (error != EAGAIN) return fail("fork failed with %s, expected EAGAIN", strerror(error));
    if (count != 15) return fail("%d forks before EAGAIN, expected 15 (16 tasks, the forking one included)", count);
    /* The parent keeps running, and the count follows the live tasks. */
    count = fork_waiting_children(8, &error);
    if (count != 8) return fail("after the reap, %d of 8 forks: %s", count, strerror(error));
    return PASS;
}

static void *_Nullable thread_body(void *_Nullable argument) { return argument; }

/* The user already runs more tasks than its own RLIMIT_NPROC allows (the kernel never applies it to
   root, so root can be far over it): the sandbox's tasks still count alone. Found in CI, where a
   module's pthread_create failed with EAGAIN in the sandbox of a child of root. */
static int case_limit_below_the_users_tasks(void) {
    /* The others wait for the end of a pipe this process holds: the sandbox's signal scope would
       refuse to kill them, and they end with it whatever happens to it. */
    int hold[2];
    if (pipe2(hold, O_CLOEXEC) != 0) return fail("pipe2: %s", strerror(errno));
    for (int i = 0; i < 32; i++) {
        pid_t other = fork();
        if (other < 0) return fail("fork: %s", strerror(errno));
        if (other == 0) {
            close(hold[1]);
            char byte;
            _exit(read(hold[0], &byte, 1) < 0);
        }
    }
    close(hold[0]);
    struct rlimit low;
    if (getrlimit(RLIMIT_NPROC, &low) != 0) return fail("getrlimit: %s", strerror(errno));
    low.rlim_cur = 24;
    if (geteuid() == 0) low.rlim_max = 24; /* root raises it again only with CAP_SYS_RESOURCE */
    if (setrlimit(RLIMIT_NPROC, &low) != 0) return fail("setrlimit: %s", strerror(errno));
    tabhost_sandbox_report report = lock(0, 16);
    if (!(report.enforced & TABHOST_SANDBOX_PROCESS_NAMESPACE)) return skip("no user namespace on this machine (the report says why)");
    pthread_t thread;
    int error = pthread_create(&thread, NULL, thread_body, NULL);
    if (error) return fail("pthread_create: %s", strerror(error));
    pthread_join(thread, NULL);
    int count = fork_waiting_children(256, &error);
    if (count != 15) return fail("%d forks before %s, expected 15 (the sandbox's own 16 tasks)", count, strerror(error));
    return PASS;
}

/* Never ends: a signal (glibc's setresuid signals every thread) only interrupts one pause. */
static void *_Nullable blocked_thread(void *_Nullable argument) {
    for (;;) pause();
    return argument;
}

/* With a second thread the kernel refuses the namespace (EINVAL): the plain rule for a user, nothing
   for root, and the report says why. */
static int case_fork_limit_without_namespace(void) {
    pthread_t thread;
    int error = pthread_create(&thread, NULL, blocked_thread, NULL);
    if (error) return fail("pthread_create: %s", strerror(error));
    uid_t real = getuid();
    tabhost_sandbox_report report = lock(0, 16);
    if (report.enforced & TABHOST_SANDBOX_PROCESS_NAMESPACE) return fail("a namespace with two threads: %s", report.text);
    if (!strstr(report.text, "more than one thread (EINVAL)")) return fail("report does not say why: %s", report.text);
    if (getuid() != real) return fail("real uid %d after the fallback, was %d", (int)getuid(), (int)real);
    if (real == 0) {
        if (!(report.missing & TABHOST_SANDBOX_PROCESS_LIMIT)) return fail("root without a namespace, limit not missing: %s", report.text);
        if (!strstr(report.text, "process limit (not applied to root: no user namespace")) return fail("report: %s", report.text);
        return PASS;
    }
    if (!(report.enforced & TABHOST_SANDBOX_PROCESS_LIMIT)) return fail("plain rule not enforced: %s", report.text);
    if (!strstr(report.text, "process limit (all of the user's tasks: no user namespace")) return fail("report: %s", report.text);
    return PASS;
}

/* The namespace changes nothing the module relies on: what it could read (a 0700 directory of the
   user's) it still reads and loads from, it writes its write path, its effective ids are the same,
   the host stays out of reach, and it cannot make a namespace of its own. */
static int case_process_namespace(void) {
    uid_t effective = geteuid();
    gid_t group = getegid();
    struct stat before;
    if (stat(read_dir, &before) != 0 || (before.st_mode & 0777) != 0700) return fail("the read path is not a 0700 directory");
    tabhost_sandbox_report report = lock(0, 64);
    if (!(report.enforced & TABHOST_SANDBOX_PROCESS_NAMESPACE)) return skip("no user namespace on this machine (the report says why)");
    if (geteuid() != effective || getegid() != group)
        return fail("effective ids %d:%d, were %d:%d", (int)geteuid(), (int)getegid(), (int)effective, (int)group);
    if (effective == 0 && getuid() != TABHOST_SANDBOX_ROOT_REAL_UID) return fail("a child of root has real uid %d", (int)getuid());
    int fd = open(read_file, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("open a file in the 0700 read path", fd));
    char buffer[16] = {0};
    if (read(fd, buffer, sizeof buffer - 1) != 5 || strcmp(buffer, "read\n") != 0) return fail("read a read path's file");
    close(fd);
    fd = open(read_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    CHECK(allowed("list the 0700 read path", fd));
    close(fd);
    void *image = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!image) return fail("dlopen from the 0700 read path: %s", dlerror());
    char file[400];
    snprintf(file, sizeof file, "%s/ns.txt", write_dir);
    fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    CHECK(allowed("create in the write path", fd));
    close(fd);
    CHECK(allowed("unlink in the write path", unlink(file)));
    CHECK(allowed("/proc/self/status", fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)));
    close(fd);
    CHECK(refused("read outside", open(secret_file, O_RDONLY | O_CLOEXEC), EACCES, 0));
    char path[64];
    proc_path(path, sizeof path, "environ");
    CHECK(refused("open /proc/PARENT/environ", open(path, O_RDONLY | O_CLOEXEC), EACCES, EPERM));
    /* In its PID namespace the parent has no pid (ESRCH), or another process of the sandbox has its number. */
    if (landlock_abi >= 6) CHECK(refused("kill(parent, 0)", kill(parent, 0), EPERM, ESRCH));
    CHECK(refused("unshare(CLONE_NEWUSER) after the lock", unshare(CLONE_NEWUSER), EPERM, 0));
    CHECK(refused("clone(CLONE_NEWUSER) after the lock", syscall(__NR_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0), EPERM, 0));
    CHECK(refused("setns after the lock", setns(0, CLONE_NEWUSER), EPERM, 0));
    return PASS;
}

static int case_memory_limited(void) {
    tabhost_sandbox_report report = lock_with(0, 0, 256u << 20, 0);
    if (!(report.enforced & TABHOST_SANDBOX_MEMORY_LIMIT)) return fail("memory limit not enforced: %s", report.text);
    void *large = malloc(512u << 20);
    if (large) return fail("512 MiB allocated under a 256 MiB limit");
    void *small = malloc(1u << 20);
    if (!small) return fail("1 MiB refused under a 256 MiB limit");
    free(small);
    return PASS;
}

/* Each older ABI on this kernel: the layers it lacks are named missing, and what it has still holds. */
static int case_older_landlock_abis(void) {
    if (landlock_abi < 1) return skip("no Landlock");
    for (int abi = 1; abi <= landlock_abi; abi++) {
        pid_t child = fork();
        if (child < 0) return fail("fork: %s", strerror(errno));
        if (child == 0) {
            int early = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            tabhost_sandbox_report report = lock_with(NO_NAMESPACES, 0, 0, abi);
            if (report.landlock_abi != abi) _exit(fail("ABI %d: report says %d", abi, report.landlock_abi));
            unsigned scopes = TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT;
            if ((abi < 4) != !!(report.missing & TABHOST_SANDBOX_TCP)) _exit(fail("ABI %d: tcp missing? %s", abi, report.text));
            if ((abi < 6) != ((report.missing & scopes) == scopes)) _exit(fail("ABI %d: scopes missing? %s", abi, report.text));
            if (refused("open a file outside", open(secret_file, O_RDONLY | O_CLOEXEC), EACCES, 0) != PASS) _exit(FAILED);
            struct sockaddr_in any = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
            int bound = bind(early, (struct sockaddr *)&any, sizeof any);
            /* The filter refuses bind without `network` whatever the ABI (before ABI 4 it is the only layer). */
            if (refused("bind", bound, EPERM, 0) != PASS) _exit(FAILED);
            if (abi < 6 && kill(parent, 0) != 0) _exit(fail("ABI %d: kill(parent, 0) refused without the scope", abi));
            if (abi >= 6 && refused("kill(parent, 0)", kill(parent, 0), EPERM, 0) != PASS) _exit(FAILED);
            _exit(PASS);
        }
        int status;
        if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

static int case_ptrace_denied(void) {
    lock(0, 0);
    CHECK(refused("ptrace(PTRACE_TRACEME)", ptrace(PTRACE_TRACEME, 0, NULL, NULL), EPERM, 0));
    CHECK(refused("ptrace(PTRACE_ATTACH, parent)", ptrace(PTRACE_ATTACH, parent, NULL, NULL), EPERM, 0));
    char buffer[16];
    struct iovec local = {.iov_base = buffer, .iov_len = sizeof buffer};
    struct iovec remote = {.iov_base = (void *)&parent, .iov_len = sizeof buffer};
    CHECK(refused("process_vm_readv(parent)", process_vm_readv(parent, &local, 1, &remote, 1, 0), EPERM, 0));
    CHECK(refused("process_vm_writev(parent)", process_vm_writev(parent, &local, 1, &remote, 1, 0), EPERM, 0));
    return refused("pidfd_getfd", syscall(__NR_pidfd_getfd, 0, 0, 0), EPERM, 0);
}

static int case_mount_and_namespaces_denied(void) {
    lock(0, 0);
    CHECK(refused("mount tmpfs", mount("none", write_dir, "tmpfs", 0, NULL), EPERM, 0));
    CHECK(refused("umount2", umount2(write_dir, 0), EPERM, 0));
    CHECK(refused("pivot_root", syscall(__NR_pivot_root, write_dir, write_dir), EPERM, 0));
    CHECK(refused("fsopen", syscall(__NR_fsopen, "tmpfs", 0), EPERM, 0));
    CHECK(refused("unshare(CLONE_NEWUSER)", unshare(CLONE_NEWUSER), EPERM, 0));
    CHECK(refused("unshare(CLONE_NEWNS)", unshare(CLONE_NEWNS), EPERM, 0));
    CHECK(refused("setns", setns(0, 0), EPERM, 0));
    CHECK(refused("clone(CLONE_NEWUSER)", syscall(__NR_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0), EPERM, 0));
    CHECK(refused("clone(CLONE_NEWNET)", syscall(__NR_clone, CLONE_NEWNET | SIGCHLD, 0, 0, 0, 0), EPERM, 0));
    return refused("clone3", syscall(__NR_clone3, NULL, 0), ENOSYS, 0);
}

/* Calls the filter refuses by number alone, tried where nothing but the filter stands in their way: root
   of a user and mount namespace of its own, capabilities kept, no Landlock. The control: each works
   there before the filter. open_tree_attr (Linux 6.15) came after the table's mount entries and would
   have passed a table that named only the calls it knew; a number above the newest call the table was
   reviewed against is ENOSYS (this kernel says ENOSYS to it as well: the table test holds that part). */
static int case_filter_alone_refuses_the_mount_api(void) {
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return skip("no user namespace here: nothing but the filter cannot be tried");
    /* Recursive: a clone of the inherited tree may not leave out mounts locked over parts of it. */
    const long open_tree_attr = 467, open_tree_clone = 1 | AT_RECURSIVE;
    int before = (int)syscall(__NR_open_tree, AT_FDCWD, "/", open_tree_clone | O_CLOEXEC);
    CHECK(allowed("control: open_tree(OPEN_TREE_CLONE) before the filter", before));
    close(before);
    before = (int)syscall(open_tree_attr, AT_FDCWD, "/", open_tree_clone | O_CLOEXEC, NULL, 0);
    if (before < 0 && errno == ENOSYS) return skip("open_tree_attr needs Linux 6.15");
    CHECK(allowed("control: open_tree_attr(OPEN_TREE_CLONE) before the filter", before));
    close(before);
    tabhost_sandbox_profile profile;
    memset(&profile, 0, sizeof profile);
    struct sock_filter code[512];
    size_t count = tabhost_sandbox_filter(&profile, code, sizeof code / sizeof *code);
    if (count == 0 || count > sizeof code / sizeof *code) return fail("filter of %zu instructions", count);
    struct sock_fprog program = {.len = (unsigned short)count, .filter = code};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0)
        return fail("installing the filter: %s", strerror(errno));
    CHECK(refused("open_tree after the filter", syscall(__NR_open_tree, AT_FDCWD, "/", open_tree_clone | O_CLOEXEC), EPERM, 0));
    CHECK(refused("open_tree_attr after the filter", syscall(open_tree_attr, AT_FDCWD, "/", open_tree_clone | O_CLOEXEC, NULL, 0),
                  EPERM, 0));
    return refused("a call newer than the table", syscall(470, 0, 0, 0, 0, 0), ENOSYS, 0);
}

static int case_kernel_surface_denied(void) {
    lock(0, 0);
    CHECK(refused("bpf", syscall(__NR_bpf, 0, NULL, 0), EPERM, 0));
    CHECK(refused("keyctl", syscall(__NR_keyctl, 0, 0, 0, 0, 0), EPERM, 0));
    CHECK(refused("add_key", syscall(__NR_add_key, "user", "x", "y", 1, 0), EPERM, 0));
    CHECK(refused("request_key", syscall(__NR_request_key, "user", "x", NULL, 0), EPERM, 0));
    CHECK(refused("personality(ADDR_NO_RANDOMIZE)", personality(PER_LINUX | ADDR_NO_RANDOMIZE), EPERM, 0));
    CHECK(allowed("personality(0xffffffff)", personality(0xffffffff)));
    CHECK(allowed("personality(PER_LINUX)", personality(PER_LINUX)));
    CHECK(refused("io_uring_setup", syscall(__NR_io_uring_setup, 1, NULL), EPERM, 0));
    CHECK(refused("finit_module", syscall(__NR_finit_module, -1, "", 0), EPERM, 0));
    return refused("reboot", syscall(__NR_reboot, 0, 0, 0, NULL), EPERM, 0);
}

static int case_wrong_arch_killed(void) {
#if defined(__x86_64__)
    lock(0, 0);
    pid_t child = fork();
    if (child < 0) return fail("fork: %s", strerror(errno));
    if (child == 0) {
        /* i386's getpid through the 32-bit entry: same process, another audit arch. */
        long result = 20;
        __asm__ volatile("int $0x80" : "+a"(result) : : "memory");
        _exit(3);
    }
    int status;
    if (waitpid(child, &status, 0) < 0) return fail("waitpid: %s", strerror(errno));
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSYS)
        return fail("int 0x80 was not killed with SIGSYS (status %#x)", status);
    return PASS;
#else
    return skip("only x86_64 has a second syscall entry to test");
#endif
}

/* ---- allowed with nothing granted ---- */

static int case_read_a_read_path(void) {
    lock(0, 0);
    int fd = open(read_file, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("open a read path's file", fd));
    char buffer[16] = {0};
    if (read(fd, buffer, sizeof buffer - 1) != 5 || strcmp(buffer, "read\n") != 0) return fail("read a read path's file");
    close(fd);
    fd = open(read_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    CHECK(allowed("list the read path", fd));
    close(fd);
    return PASS;
}

static int case_write_a_write_path(void) {
    lock(0, 0);
    char file[400], renamed[400], directory[400];
    snprintf(file, sizeof file, "%s/w.txt", write_dir);
    snprintf(renamed, sizeof renamed, "%s/w2.txt", write_dir);
    snprintf(directory, sizeof directory, "%s/sub", write_dir);
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    CHECK(allowed("create in the write path", fd));
    if (write(fd, "data", 4) != 4) return fail("write: %s", strerror(errno));
    CHECK(allowed("ftruncate", ftruncate(fd, 2)));
    close(fd);
    CHECK(allowed("rename within the write path", rename(file, renamed)));
    CHECK(allowed("mkdir in the write path", mkdir(directory, 0700)));
    CHECK(allowed("rmdir in the write path", rmdir(directory)));
    return allowed("unlink in the write path", unlink(renamed));
}

static int case_read_system_files(void) {
    int has_localtime = access("/etc/localtime", R_OK) == 0;
    lock(0, 0);
    const char *files[] = {"/proc/self/status", "/proc/self/maps", "/proc/meminfo", "/proc/stat", "/proc/cpuinfo",
                           "/proc/loadavg", "/proc/uptime", "/dev/urandom", "/etc/ld.so.cache"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        int fd = open(files[i], O_RDONLY | O_CLOEXEC);
        CHECK(allowed(files[i], fd));
        char byte;
        if (read(fd, &byte, 1) != 1) return fail("read %s: %s", files[i], strerror(errno));
        close(fd);
    }
    if (has_localtime) {
        int fd = open("/etc/localtime", O_RDONLY | O_CLOEXEC);
        CHECK(allowed("/etc/localtime", fd));
        close(fd);
    }
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    CHECK(allowed("open /dev/null for writing", null));
    if (write(null, "x", 1) != 1) return fail("write /dev/null: %s", strerror(errno));
    return PASS;
}

/* The point of the order: a library opened after the lock loads, and its constructors run confined. */
static int case_dlopen_after_lock(void) {
    lock(0, 0);
    char copy[400];
    snprintf(copy, sizeof copy, "%s/probe.so", read_dir);
    void *image = dlopen(copy, RTLD_NOW | RTLD_LOCAL);
    if (!image) return fail("dlopen %s: %s", copy, dlerror());
    int (*probe)(void) = (int (*)(void))dlsym(image, "tabhost_sandbox_probe");
    if (!probe) return fail("dlsym: %s", dlerror());
    if (probe() != 42) return fail("tabhost_sandbox_probe() != 42");
    return PASS;
}

static int case_fork_threads_and_unix_sockets(void) {
    lock(0, 0);
    pid_t child = fork();
    CHECK(allowed("fork", child));
    if (child == 0) _exit(5);
    int status;
    if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 5) return fail("fork's child");
    pthread_t thread;
    int error = pthread_create(&thread, NULL, thread_body, NULL);
    if (error) return fail("pthread_create: %s", strerror(error));
    pthread_join(thread, NULL);
    int pair[2];
    CHECK(allowed("socketpair(AF_UNIX)", socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair)));
    return allowed("socket(AF_UNIX, SOCK_SEQPACKET)", socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0));
}

/* ---- allowed when granted ---- */

static int case_network_granted(void) {
    lock(GRANT_NETWORK, 0);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_INET, SOCK_STREAM)", fd));
    CHECK(allowed("connect to the parent's listener", connect_loopback(fd, tcp_port)));
    int udp = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_INET, SOCK_DGRAM)", udp));
    CHECK(allowed("sendto the parent's UDP socket", send_udp(udp)));
    int unix_socket = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(allowed("socket(AF_UNIX)", unix_socket));
    return allowed("connect to a socket file", connect(unix_socket, (struct sockaddr *)&socket_file_address, sizeof socket_file_address));
}

static int case_exec_granted(void) {
    lock(GRANT_EXEC, 0);
    int status = run_shell();
    if (status != 7) return fail("/bin/sh -c 'exit 7': %s", status < 0 ? strerror(-status) : "wrong status");
    /* What it runs stays confined: the sandbox is inherited. */
    return refused("open a file outside after exec was granted", open(secret_file, O_RDONLY | O_CLOEXEC), EACCES, 0);
}

static int case_system_granted(void) {
    lock(GRANT_SYSTEM, 0);
    char path[64];
    proc_path(path, sizeof path, "status");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("open /proc/PARENT/status", fd));
    close(fd);
    CHECK(allowed("open /sys/kernel", open("/sys/kernel", O_RDONLY | O_DIRECTORY | O_CLOEXEC)));
    /* Another process's ptrace files stay closed: Landlock refuses ptrace access outside the sandbox,
       and for a child of root the dropped capabilities do (Landlock alone let root read environ). */
    proc_path(path, sizeof path, "environ");
    CHECK(refused("open /proc/PARENT/environ with system", open(path, O_RDONLY | O_CLOEXEC), EACCES, EPERM));
    proc_path(path, sizeof path, "mem");
    return refused("open /proc/PARENT/mem with system", open(path, O_RDONLY | O_CLOEXEC), EACCES, EPERM);
}

static int case_unrestricted(void) {
    tabhost_sandbox_report report = lock(GRANT_UNRESTRICTED, 0);
    if (report.enforced) return fail("unrestricted enforced something: %s", report.text);
    int fd = open(secret_file, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("open a file outside", fd));
    close(fd);
    return run_shell() == 7 ? PASS : fail("exec when unrestricted");
}

/* ---- the report ---- */

static int case_report(void) {
    tabhost_sandbox_report report = lock(0, 0);
    printf("# %s\n", report.text);
    unsigned expected = TABHOST_SANDBOX_NO_NEW_PRIVS | TABHOST_SANDBOX_CAPABILITIES | TABHOST_SANDBOX_SECCOMP;
    if (landlock_abi >= 1) expected |= TABHOST_SANDBOX_FILESYSTEM;
    if (landlock_abi >= 4) expected |= TABHOST_SANDBOX_TCP;
    if (landlock_abi >= 6) expected |= TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT;
    if ((report.enforced & expected) != expected) return fail("enforced %#x, expected at least %#x", report.enforced, expected);
    if (report.landlock_abi != landlock_abi) return fail("report's ABI %d, kernel's %d", report.landlock_abi, landlock_abi);
    if (report.skipped_paths) return fail("%u default paths could not be added", report.skipped_paths);
    if (strncmp(report.text, "sandbox: ", 9) != 0 || strchr(report.text, '\n')) return fail("not one log line");
    return PASS;
}

/* ---- issue 36: the module's processes, IPC, TMPDIR, and the filter's new entries ---- */

/* A hostile fork: a child that leaves the process group (setsid) and double-forks a grandchild that
   sleeps for ever. Writes both global pids (what /proc/self names: the driver's view) to `out`. */
static void spawn_escapers(int out) {
    pid_t child = fork();
    if (child != 0) return;
    setsid();
    pid_t grandchild = fork();
    if (grandchild == 0) {
        char self[32] = {0};
        if (readlink("/proc/self", self, sizeof self - 1) > 0) {
            long pid = strtol(self, NULL, 10);
            if (write(out, &pid, sizeof pid) != (ssize_t)sizeof pid) _exit(1);
        }
        for (;;) pause();
    }
    char self[32] = {0};
    if (readlink("/proc/self", self, sizeof self - 1) > 0) {
        long pid = strtol(self, NULL, 10);
        if (write(out, &pid, sizeof pid) != (ssize_t)sizeof pid) _exit(1);
    }
    for (;;) pause();
}

/* Whether `pid` still runs (a zombie or a gone pid does not). */
static int still_running(long pid) {
    char path[64], text[256] = {0};
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    const char *state = count > 0 ? strrchr(text, ')') : NULL;
    if (state == NULL || state[1] != ' ' || state[2] == 'Z' || state[2] == 'X') return 0;
    /* A namespace's PID 1 that is ending waits, before it is a zombie, until every process of its
       namespace has been reaped, and one whose parent is outside is reaped by the system's init when
       that one gets to it. It runs no code of its own any more: the kernel's PF_EXITING (field 9). */
    char kind;
    int parent_pid, group, session, terminal, terminal_group;
    unsigned flags = 0;
    if (sscanf(state + 2, "%c %d %d %d %d %d %u", &kind, &parent_pid, &group, &session, &terminal, &terminal_group, &flags) == 7
        && (flags & 0x4u))
        return 0;
    return 1;
}

/* Starts a locked child (`grants`) whose module process leaves two escapers and then exits (`how` 0), or
   is killed from outside with its whole sandbox's first process (`how` 1: SIGKILL to the pid its parent
   knows, as the host's kill does when the group is gone), or whose parent, a host, is killed (`how` 2).
   Returns how many escapers, or of the sandbox's own processes, still run 10 s later (0.5 s for the
   control; the escapers are killed here then), or -1. */
static int escapers_left(int grants, int how) {
    int pids[2];
    if (pipe2(pids, O_CLOEXEC) != 0) return -1;
    pid_t host = -1, child = fork();
    if (child < 0) return -1;
    if (child == 0 && how == 2) {
        /* A host between: the sandboxed process dies with it (PR_SET_PDEATHSIG, as the module child does). */
        pid_t sandboxed = fork();
        if (sandboxed != 0) {
            if (write(pids[1], &(long){sandboxed}, sizeof(long)) != (ssize_t)sizeof(long)) _exit(1);
            for (;;) pause();
        }
        prctl(PR_SET_PDEATHSIG, SIGKILL);
    }
    if (child == 0) {
        close(pids[0]);
        lock(grants, 64);
        /* The escapers report to the module's process, which passes their pids on before it ends (ending
           first, its sweep could kill them before they report). */
        int relay[2];
        if (pipe2(relay, O_CLOEXEC) != 0) _exit(1);
        spawn_escapers(relay[1]);
        close(relay[1]);
        long pid;
        for (int i = 0; i < 2 && read(relay[0], &pid, sizeof pid) == (ssize_t)sizeof pid; i++) {
            if (write(pids[1], &pid, sizeof pid) != (ssize_t)sizeof pid) _exit(1);
        }
        if (how == 0) _exit(0);
        for (;;) pause();
    }
    close(pids[1]);
    if (how == 2) {
        long sandboxed = 0;
        if (read(pids[0], &sandboxed, sizeof sandboxed) != (ssize_t)sizeof sandboxed) return -1;
        host = child;
        child = (pid_t)sandboxed;
    }
    long found[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        if (read(pids[0], &found[i], sizeof found[i]) != (ssize_t)sizeof found[i]) break;
    }
    close(pids[0]);
    /* The sandbox's own processes too: PID 1 and the module's process, the first one's children. */
    long own[2] = {0, 0};
    char path[64], text[128] = {0};
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)child, (int)child);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, text, sizeof text - 1) < 0) text[0] = '\0';
        close(fd);
        sscanf(text, "%ld %ld", &own[0], &own[1]);
    }
    /* Once PID 1 waits in its loop: killed earlier, it leaves at its first check. */
    if (how != 0) usleep(200000);
    if (how == 1) kill(child, SIGKILL);
    int status;
    if (how == 2) {
        kill(host, SIGKILL);
        waitpid(host, &status, 0);
    } else {
        waitpid(child, &status, 0);
    }
    /* What must die gets 10 s, for a loaded machine (2 s was too short for the full suite beside builds);
       the control's escapers, which must live, are looked at after 0.5 s. */
    int patience = (grants & GRANT_UNRESTRICTED) ? 50 : 1000;
    int left = 0;
    for (int i = 0; i < 2 && !(grants & GRANT_UNRESTRICTED); i++) {
        if (own[i] <= 0) continue;
        for (int tries = 0; tries < patience && still_running(own[i]); tries++) usleep(10000);
        if (still_running(own[i])) {
            fail("the sandbox's own process %ld outlived its first one (grants %d, how %d)", own[i], grants, how);
            left++;
        }
    }
    for (int i = 0; i < 2; i++) {
        if (found[i] <= 0) return -1;
        for (int tries = 0; tries < patience && still_running(found[i]); tries++) usleep(10000);
        if (still_running(found[i])) {
            left++;
            kill((pid_t)found[i], SIGKILL);
        }
    }
    return left;
}

static int case_processes_die_with_it(void) {
    int left = escapers_left(0, 0);
    if (left != 0) return fail("%d of 2 escapers (setsid, double fork) outlived the module's process", left);
    left = escapers_left(0, 1);
    if (left != 0) return fail("%d of 2 escapers outlived a SIGKILL of the sandbox's first process", left);
    left = escapers_left(0, 2);
    if (left != 0) return fail("%d processes outlived the host's death", left);
    /* Without the PID namespace: the subreaper's sweep when the module's process ends. */
    left = escapers_left(NO_NAMESPACES, 0);
    if (left != 0) return fail("%d of 2 escapers outlived the subreaper's sweep", left);
    /* The control: without the sandbox both outlive it. */
    left = escapers_left(GRANT_UNRESTRICTED, 0);
    if (left != 2) return fail("control: %d of 2 escapers outlived an unconfined process, expected 2", left);
    return PASS;
}

/* Without the PID namespace (user namespaces refused): the keeper's sweep also when the sandbox's first
   process is killed (the host's kill) and when the host dies (its kill -9), not only when the module's
   process ends. The control: unconfined, both escapers outlive the host. */
static int case_fallback_processes_die_with_it(void) {
    pid_t child = fork();
    if (child < 0) return fail("fork: %s", strerror(errno));
    if (child == 0) {
        tabhost_sandbox_report report = lock(NO_NAMESPACES, 16);
        if (!(report.enforced & TABHOST_SANDBOX_SUBREAPER) || !strstr(report.text, "subreaper keeper (no PID namespace)"))
            _exit(fail("the report does not name the keeper: %s", report.text));
        _exit(PASS);
    }
    int status;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    int left = escapers_left(NO_NAMESPACES, 1);
    if (left != 0) return fail("%d of 2 escapers outlived a SIGKILL of the first process without a PID namespace", left);
    left = escapers_left(NO_NAMESPACES, 2);
    if (left != 0) return fail("%d processes outlived the host's death without a PID namespace", left);
    left = escapers_left(GRANT_UNRESTRICTED, 2);
    if (left != 2) return fail("control: %d of 2 escapers outlived the host of an unconfined process, expected 2", left);
    return PASS;
}

/* The module's own waitpid still works, its exit status and a crash's signal reach the parent. */
static int case_pid_namespace_keeps_status(void) {
    for (int crash = 0; crash < 2; crash++) {
        pid_t child = fork();
        if (child < 0) return fail("fork: %s", strerror(errno));
        if (child == 0) {
            tabhost_sandbox_report report = lock(0, 16);
            if (!(report.enforced & TABHOST_SANDBOX_PID_NAMESPACE)) _exit(fail("no pid namespace: %s", report.text));
            if (getpid() != 2) _exit(fail("the module's process is pid %d in its namespace, expected 2", (int)getpid()));
            pid_t own = fork();
            if (own == 0) _exit(7);
            int status;
            if (waitpid(own, &status, 0) != own || !WIFEXITED(status) || WEXITSTATUS(status) != 7) _exit(fail("own waitpid"));
            if (crash) raise(SIGSEGV);
            _exit(42);
        }
        int status;
        waitpid(child, &status, 0);
        if (!crash && (!WIFEXITED(status) || WEXITSTATUS(status) != 42)) return fail("exit status %#x, expected 42", status);
        if (crash && (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSEGV))
            return fail("status %#x, expected SIGSEGV", status);
    }
    return PASS;
}

/* A SysV segment and a message queue of the user's, by key: unreachable inside, reachable without. */
static int case_ipc_namespace(void) {
    key_t key = (key_t)(0x7ab00000 | (parent & 0xffff));
    int segment = shmget(key, 4096, IPC_CREAT | 0600);
    int queue = msgget(key, IPC_CREAT | 0600);
    int semaphores = semget(key, 1, IPC_CREAT | 0600);
    if (segment < 0 || queue < 0 || semaphores < 0) return fail("shmget/msgget/semget in the driver: %s", strerror(errno));
    int verdict = PASS;
    for (int confined = 1; confined >= 0 && verdict == PASS; confined--) {
        pid_t child = fork();
        if (child == 0) {
            lock(confined ? 0 : GRANT_UNRESTRICTED, 0);
            int found = shmget(key, 0, 0) >= 0, found_queue = msgget(key, 0) >= 0;
            /* The filter refuses shmget and msgget; semaphores it allows, so only the namespace hides the user's. */
            int found_semaphores = semget(key, 0, 0) >= 0, semaphores_error = errno;
            if (confined && (found || found_queue)) _exit(fail("the user's segment or queue reached from inside"));
            if (confined && (found_semaphores || semaphores_error != ENOENT))
                _exit(fail("the user's semaphores: %s, expected ENOENT", found_semaphores ? "found" : strerror(semaphores_error)));
            if (!confined && (!found || !found_queue || !found_semaphores))
                _exit(fail("control: the segment, queue or semaphores not reached without the sandbox"));
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) verdict = FAILED;
    }
    shmctl(segment, IPC_RMID, NULL);
    msgctl(queue, IPC_RMID, NULL);
    semctl(semaphores, 0, IPC_RMID);
    return verdict;
}

/* TMPDIR's tmpfs: capped, 0700, and what the module writes there is not in the parent's view. */
static int case_private_tmp(void) {
    for (int confined = 1; confined >= 0; confined--) {
        pid_t child = fork();
        if (child == 0) {
            tabhost_sandbox_report report = lock(confined ? PRIVATE_TMP : (PRIVATE_TMP | NO_NAMESPACES), 0);
            if (confined && !(report.enforced & TABHOST_SANDBOX_PRIVATE_TMP)) _exit(fail("no private tmp: %s", report.text));
            if (confined && !strstr(report.text, "private tmp (4 MiB tmpfs)")) _exit(fail("report: %s", report.text));
            char file[400];
            snprintf(file, sizeof file, "%s/left.txt", tmp_dir);
            int fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
            if (fd < 0) _exit(fail("create in the private tmp: %s", strerror(errno)));
            struct stat info;
            if (fstat(fd, &info) != 0 || (info.st_mode & 0777) != 0600) _exit(fail("mode %o, expected 0600 (umask 077)", info.st_mode & 0777));
            if (confined) {
                static char block[1 << 20];
                ssize_t written = 0, count;
                while ((count = write(fd, block, sizeof block)) > 0) written += count;
                if (errno != ENOSPC || written > (5 << 20)) _exit(fail("wrote %zd bytes into a 4 MiB tmpfs (%s)", written, strerror(errno)));
            }
            close(fd);
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
        char file[400];
        snprintf(file, sizeof file, "%s/left.txt", tmp_dir);
        int seen = access(file, F_OK) == 0;
        unlink(file);
        if (confined && seen) return fail("the module's file appears in the parent's TMPDIR");
        if (!confined && !seen) return fail("control: without the mount namespace the file should be there");
    }
    return PASS;
}

/* The attribute family: each try refused with EPERM after the lock, and (control) each works unconfined. */
static int attribute_tries(int confined) {
    char file[400];
    snprintf(file, sizeof file, "%s/attributes-%d.txt", write_dir, confined);
    int fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return fail("create: %s", strerror(errno));
    struct timespec times[2] = {{.tv_nsec = UTIME_NOW}, {.tv_nsec = UTIME_NOW}};
    struct timeval tv[2] = {{0, 0}, {0, 0}};
    uid_t uid = geteuid();
    gid_t gid = getegid();
    /* One after another (the order matters: each removal follows a set). */
#define TRY(what, call)                                                                                 \
    do {                                                                                               \
        long result_ = (call);                                                                         \
        if (confined && result_ != -1) return fail("%s: allowed after the lock", what);                \
        if (confined && errno != EPERM) return fail("%s: %s, expected EPERM", what, strerror(errno)); \
        if (!confined && result_ != 0) return fail("control: %s failed unconfined: %s", what, strerror(errno)); \
    } while (0)
    TRY("chmod", syscall(__NR_chmod, file, 0600));
    TRY("fchmod", fchmod(fd, 0600));
    TRY("fchmodat", fchmodat(AT_FDCWD, file, 0600, 0));
    TRY("fchmodat2", syscall(452, AT_FDCWD, file, 0600, 0));
    TRY("chown", syscall(__NR_chown, file, uid, gid));
    TRY("fchown", fchown(fd, uid, gid));
    TRY("lchown", syscall(__NR_lchown, file, uid, gid));
    TRY("fchownat", fchownat(AT_FDCWD, file, uid, gid, 0));
    TRY("utime", syscall(__NR_utime, file, NULL));
    TRY("utimes", syscall(__NR_utimes, file, tv));
    TRY("utimensat", utimensat(AT_FDCWD, file, times, 0));
    TRY("futimesat", syscall(__NR_futimesat, AT_FDCWD, file, tv));
    TRY("setxattr", syscall(__NR_setxattr, file, "user.tabhost", "x", 1, 0));
    TRY("removexattr", syscall(__NR_removexattr, file, "user.tabhost"));
    TRY("lsetxattr", syscall(__NR_lsetxattr, file, "user.tabhost", "x", 1, 0));
    TRY("lremovexattr", syscall(__NR_lremovexattr, file, "user.tabhost"));
    TRY("fsetxattr", syscall(__NR_fsetxattr, fd, "user.tabhost", "x", 1, 0));
    TRY("fremovexattr", syscall(__NR_fremovexattr, fd, "user.tabhost"));
#undef TRY
    close(fd);
    unlink(file);
    return PASS;
}

static int case_attributes_refused(void) {
    lock(0, 0);
    CHECK(attribute_tries(1));
    /* errno of each: EPERM (checked one by one, errno being per call). */
    char file[400];
    snprintf(file, sizeof file, "%s/one.txt", write_dir);
    int fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    CHECK(allowed("create", fd));
    struct stat info;
    if (fstat(fd, &info) != 0 || (info.st_mode & 0777) != 0600) return fail("mode %o, expected 0600 (umask 077)", info.st_mode & 0777);
    CHECK(refused("fchmod 04755", fchmod(fd, 04755), EPERM, 0));
    CHECK(refused("fchmodat2", syscall(452, AT_FDCWD, file, 0666, 0), EPERM, 0));
    CHECK(refused("fsetxattr", syscall(__NR_fsetxattr, fd, "user.tabhost", "x", 1, 0), EPERM, 0));
    CHECK(refused("setxattrat", syscall(463, AT_FDCWD, file, 0, NULL, 0), EPERM, 0));
    CHECK(refused("removexattrat", syscall(466, AT_FDCWD, file, 0, "user.tabhost"), EPERM, 0));
    CHECK(refused("utimensat", utimensat(AT_FDCWD, file, NULL, 0), EPERM, 0));
    CHECK(refused("ioctl FS_IOC_SETFLAGS", ioctl(fd, 0x40086602u, &(long){0}), EPERM, 0));
    close(fd);
    return PASS;
}

static int case_attributes_control(void) {
    lock(GRANT_UNRESTRICTED, 0);
    return attribute_tries(0);
}

/* Whether this process's mount namespace has a mount over `path` (/proc/self/mountinfo's fifth field). */
static int mounted_over(const char *path) {
    FILE *mounts = fopen("/proc/self/mountinfo", "re");
    if (mounts == NULL) return -1;
    char line[4096], point[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, mounts)) {
        found = sscanf(line, "%*s %*s %*s %*s %4095s", point) == 1 && strcmp(point, path) == 0;
    }
    fclose(mounts);
    return found;
}

/* What a spare child makes ahead (tabhost_sandbox_split_ahead()): its TMPDIR's tmpfs, mounted while it
   waits, which the lock keeps rather than mounting again; and its part of the filter, in force while it
   waits. After the lock every entry holds, the part's (the attribute family) and the rest's (mount, a
   socket without network) alike. The controls: no mount over TMPDIR and the same personality call
   allowed before, and attributes_control for the attribute family. */
static int case_filter_made_ahead(void) {
    if (mounted_over(tmp_dir) != 0) return fail("control: a mount over %s before the split", tmp_dir);
    if (personality(PER_LINUX | ADDR_NO_RANDOMIZE) == -1 || personality(PER_LINUX) == -1)
        return fail("control: personality failed unconfined: %s", strerror(errno));
    if (tabhost_sandbox_split_ahead(256, true, tmp_dir, true, -1, 0) != 0) return fail("tabhost_sandbox_split_ahead failed");
    if (mounted_over(tmp_dir) != 1) return fail("no tmpfs over %s while it waits", tmp_dir);
    CHECK(refused("personality ADDR_NO_RANDOMIZE while it waits", personality(PER_LINUX | ADDR_NO_RANDOMIZE), EPERM, 0));
    tabhost_sandbox_report report = lock(PRIVATE_TMP, 256);
    if (!(report.enforced & TABHOST_SANDBOX_SECCOMP)) return fail("seccomp not enforced: %s", report.text);
    if (!(report.enforced & TABHOST_SANDBOX_PRIVATE_TMP)) return fail("no private tmpfs: %s", report.text);
    char file[400];
    snprintf(file, sizeof file, "%s/made-ahead.txt", tmp_dir);
    int fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return fail("create in the TMPDIR mounted ahead: %s", strerror(errno));
    close(fd);
    CHECK(attribute_tries(1));
    CHECK(refused("socket AF_INET after the lock", socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), EPERM, 0));
    CHECK(refused("mount after the lock", mount("tmpfs", tmp_dir, "tmpfs", 0, NULL), EPERM, 0));
    return PASS;
}

/* A child whose LOAD comes at once leaves the whole filter to it (`filter_ahead` false): nothing of the
   filter holds while it waits (the control: the call case_filter_made_ahead sees refused there), and
   after the lock every entry does, the common part's included. */
static int case_filter_left_to_load(void) {
    if (tabhost_sandbox_split_ahead(256, true, tmp_dir, false, -1, 0) != 0) return fail("tabhost_sandbox_split_ahead failed");
    if (mounted_over(tmp_dir) != 1) return fail("no tmpfs over %s while it waits", tmp_dir);
    if (personality(PER_LINUX | ADDR_NO_RANDOMIZE) == -1 || personality(PER_LINUX) == -1)
        return fail("personality refused while it waits, with no filter ahead: %s", strerror(errno));
    tabhost_sandbox_report report = lock(PRIVATE_TMP, 256);
    if (!(report.enforced & TABHOST_SANDBOX_SECCOMP)) return fail("seccomp not enforced: %s", report.text);
    CHECK(refused("personality ADDR_NO_RANDOMIZE after the lock", personality(PER_LINUX | ADDR_NO_RANDOMIZE), EPERM, 0));
    CHECK(attribute_tries(1));
    CHECK(refused("mount after the lock", mount("tmpfs", tmp_dir, "tmpfs", 0, NULL), EPERM, 0));
    return PASS;
}

/* A directory of files to read by name only (the scanner's private copies, `file_read_paths`): after the
   lock a file in it opens for reading, by the name it has, but the directory cannot be listed nor the
   file written; the control: the directory lists before the lock. */
static int case_files_read_by_name_only(void) {
    int before = open(secret_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    CHECK(allowed("control: list the directory before the lock", before));
    close(before);
    tabhost_sandbox_report report = lock(SECRETS_BY_NAME, 0);
    if (!(report.enforced & TABHOST_SANDBOX_FILESYSTEM)) return skip("no Landlock on this kernel");
    int fd = open(secret_file, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("open a file by its name", fd));
    char buffer[16] = {0};
    if (read(fd, buffer, sizeof buffer - 1) <= 0) return fail("read a file by its name: %s", strerror(errno));
    close(fd);
    CHECK(refused("list the directory", open(secret_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), EACCES, 0));
    return refused("write the file", open(secret_file, O_WRONLY | O_CLOEXEC), EACCES, 0);
}

/* The system paths' ruleset the host makes (tabhost_sandbox_make_system_ruleset()) and sends along: the
   split takes it over, and after the lock the rules hold as with one the child made: the system files
   and the profile's paths open, the secret and another system file refused (both open before the lock:
   the control). */
static int case_system_ruleset_from_host(void) {
    unsigned skipped = 99;
    int ruleset = tabhost_sandbox_make_system_ruleset(&skipped);
    if (ruleset < 0) return fail("tabhost_sandbox_make_system_ruleset: %s", strerror(errno));
    if (skipped != 0) return fail("the host's ruleset left %u system paths out", skipped);
    int before = open(secret_file, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("control: open the secret before the lock", before));
    close(before);
    before = open("/etc/passwd", O_RDONLY | O_CLOEXEC);
    CHECK(allowed("control: open /etc/passwd before the lock", before));
    close(before);
    /* The process that made the ruleset: its /proc/self is not the module's. */
    char maker[64];
    snprintf(maker, sizeof maker, "/proc/%ld/status", (long)getpid());
    before = open(maker, O_RDONLY | O_CLOEXEC);
    CHECK(allowed("control: open the maker's /proc status before the lock", before));
    close(before);
    if (tabhost_sandbox_split_ahead(256, true, tmp_dir, true, ruleset, skipped) != 0)
        return fail("tabhost_sandbox_split_ahead failed");
    tabhost_sandbox_report report = lock(PRIVATE_TMP, 256);
    if (!(report.enforced & TABHOST_SANDBOX_FILESYSTEM)) return fail("filesystem not enforced: %s", report.text);
    if (fcntl(ruleset, F_GETFD) != -1) return fail("the host's ruleset is still open after the lock");
    const char *files[] = {"/etc/ld.so.cache", "/proc/self/status", read_file};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        int fd = open(files[i], O_RDONLY | O_CLOEXEC);
        CHECK(allowed(files[i], fd));
        close(fd);
    }
    CHECK(refused("open the secret", open(secret_file, O_RDONLY | O_CLOEXEC), EACCES, 0));
    CHECK(refused("open the maker's /proc status", open(maker, O_RDONLY | O_CLOEXEC), EACCES, 0));
    return refused("open /etc/passwd", open("/etc/passwd", O_RDONLY | O_CLOEXEC), EACCES, 0);
}

static int case_watch_refused_without_a_grant(void) {
    for (int grants = 0; grants <= 2; grants++) {
        pid_t child = fork();
        if (child == 0) {
            lock(grants == 0 ? 0 : grants == 1 ? GRANT_WATCH : GRANT_UNRESTRICTED, 0);
            int fd = inotify_init1(IN_CLOEXEC);
            if (fd < 0) _exit(fail("inotify_init1: %s", strerror(errno)));
            int watch = inotify_add_watch(fd, read_dir, IN_OPEN);
            if (grants == 0) _exit(refused("inotify_add_watch without a grant", watch, EPERM, 0));
            _exit(allowed(grants == 1 ? "inotify_add_watch with a grant" : "control: inotify_add_watch unconfined", watch));
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

static void *_Nullable idle_thread(void *_Nullable argument) {
    for (;;) pause();
    return argument;
}

/* Scheduling and limits: the caller's own (its threads too, in its PID namespace) but never a user's, a
   group's or, without the namespace, the parent's. */
static int case_only_its_own_scheduling(void) {
    for (int variant = 0; variant < 3; variant++) {
        pid_t child = fork();
        if (child == 0) {
            int confined = variant < 2;
            lock(variant == 0 ? 0 : variant == 1 ? NO_NAMESPACES : GRANT_UNRESTRICTED, 0);
            errno = 0;
            int nice_value = getpriority(PRIO_PROCESS, 0);
            struct rlimit old;
            if (confined) {
                CHECK(refused("setpriority(PRIO_USER)", setpriority(PRIO_USER, 0, nice_value), EPERM, 0));
                CHECK(refused("setpriority(PRIO_PGRP)", setpriority(PRIO_PGRP, 0, nice_value), EPERM, 0));
                CHECK(refused("ioprio_set(IOPRIO_WHO_USER)", syscall(__NR_ioprio_set, 3, 0, 0), EPERM, 0));
                CHECK(refused("ioprio_set(IOPRIO_WHO_PGRP)", syscall(__NR_ioprio_set, 2, 0, 0), EPERM, 0));
            }
            if (variant == 1) {
                CHECK(refused("prlimit64(parent)", prlimit(parent, RLIMIT_CORE, NULL, &old), EPERM, 0));
                CHECK(refused("setpriority(parent)", setpriority(PRIO_PROCESS, (id_t)parent, 19), EPERM, 0));
                struct sched_param param = {0};
                CHECK(refused("sched_setscheduler(parent)", sched_setscheduler(parent, SCHED_OTHER, &param), EPERM, 0));
                CHECK(refused("sched_setparam(parent)", sched_setparam(parent, &param), EPERM, 0));
                cpu_set_t cpus;
                CPU_ZERO(&cpus);
                CPU_SET(0, &cpus);
                CHECK(refused("sched_setaffinity(parent)", sched_setaffinity(parent, sizeof cpus, &cpus), EPERM, 0));
                CHECK(refused("ioprio_set(parent)", syscall(__NR_ioprio_set, 1, parent, 0), EPERM, 0));
            }
            if (variant == 2) {
                /* The control: unconfined, the same reach works (a no-op on the parent). */
                CHECK(allowed("control: prlimit64(parent)", prlimit(parent, RLIMIT_CORE, NULL, &old)));
                errno = 0;
                int parent_nice = getpriority(PRIO_PROCESS, (id_t)parent);
                CHECK(allowed("control: setpriority(parent)", setpriority(PRIO_PROCESS, (id_t)parent, parent_nice)));
                /* Aimed at a uid no process has, so that no other process of this uid (a concurrent
                   test's module children run with real uid 65534 too) is touched: the kernel looks and
                   finds none (ESRCH), where the confined call never gets past the filter (EPERM). */
                CHECK(refused("control: setpriority(PRIO_USER) reaches the kernel", setpriority(PRIO_USER, 3999999999u, nice_value),
                              ESRCH, 0));
            }
            /* Its own: 0, itself, and (with the namespace) its threads. */
            CHECK(allowed("prlimit64(0)", prlimit(0, RLIMIT_CORE, NULL, &old)));
            CHECK(allowed("prlimit64(self)", prlimit(getpid(), RLIMIT_CORE, NULL, &old)));
            CHECK(allowed("setpriority(self)", setpriority(PRIO_PROCESS, 0, nice_value + 1)));
            CHECK(allowed("ioprio_set(self)", syscall(__NR_ioprio_set, 1, 0, 0)));
            cpu_set_t cpus;
            CHECK(allowed("sched_getaffinity", sched_getaffinity(0, sizeof cpus, &cpus)));
            CHECK(allowed("sched_setaffinity(self)", sched_setaffinity(getpid(), sizeof cpus, &cpus)));
            if (variant == 0) {
                pthread_t thread;
                pthread_create(&thread, NULL, idle_thread, NULL);
                int error = pthread_setaffinity_np(thread, sizeof cpus, &cpus);
                if (error) _exit(fail("pthread_setaffinity_np on its own thread: %s", strerror(error)));
            }
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

static int case_resource_limits(void) {
    /* Root may start from nice 0 (a harness may run at 19, where the increment is capped and unseen). */
    (void)setpriority(PRIO_PROCESS, 0, 0);
    errno = 0;
    int nice_before = getpriority(PRIO_PROCESS, 0);
    if (errno != 0) return fail("getpriority: %s", strerror(errno));
    tabhost_sandbox_report report = lock(0, 0);
    /* The nice value is the sandbox's last step: it must be in force when the lock returns. */
    int nice_wanted = nice_before + TABHOST_SANDBOX_NICE_INCREMENT > 19 ? 19 : nice_before + TABHOST_SANDBOX_NICE_INCREMENT;
    errno = 0;
    int nice_after = getpriority(PRIO_PROCESS, 0);
    if (errno != 0 || nice_after != nice_wanted) return fail("nice %d after the lock, expected %d", nice_after, nice_wanted);
    struct rlimit limit;
    if (getrlimit(RLIMIT_CORE, &limit) != 0 || limit.rlim_cur != 0 || limit.rlim_max != 0) return fail("RLIMIT_CORE not 0");
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_max > TABHOST_SANDBOX_MAX_FILES) return fail("RLIMIT_NOFILE above the bound");
    if (!strstr(report.text, "nice +5")) return fail("report: %s", report.text);
    if (umask(077) != 077) return fail("umask not 077");
    return PASS;
}

/* bind and listen without `network`, AF_UNIX too (abstract or a file); socketpair stays. The control
   grants network. */
static int case_bind_listen_refused(void) {
    for (int granted = 0; granted <= 1; granted++) {
        pid_t child = fork();
        if (child == 0) {
            lock(granted ? GRANT_NETWORK : 0, 0);
            int pair[2];
            CHECK(allowed("socketpair(AF_UNIX)", socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair)));
            int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
            CHECK(allowed("socket(AF_UNIX)", fd));
            struct sockaddr_un address = {.sun_family = AF_UNIX};
            /* The driver's pid, not getpid(): in its PID namespace every case's process is 2, and the
               abstract names are shared with a driver running at the same time (root's and nobody's). */
            snprintf(address.sun_path + 1, sizeof address.sun_path - 1, "tabhost-bind-%d-%d", (int)parent, granted);
            socklen_t length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(address.sun_path + 1));
            long bound = bind(fd, (struct sockaddr *)&address, length);
            long listened = listen(fd, 1);
            if (!granted) {
                CHECK(refused("bind(AF_UNIX, abstract)", bound, EPERM, 0));
                _exit(refused("listen", listened, EPERM, 0));
            }
            CHECK(allowed("control: bind with network", bound));
            _exit(allowed("control: listen with network", listened));
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

static int case_perf_and_userfaultfd_refused(void) {
    for (int confined = 1; confined >= 0; confined--) {
        pid_t child = fork();
        if (child == 0) {
            lock(confined ? 0 : GRANT_UNRESTRICTED, 0);
            struct {
                uint32_t type, size;
                uint64_t config, sample;
                uint64_t other[14];
            } attr = {.type = 1 /* PERF_TYPE_SOFTWARE */, .size = sizeof attr, .config = 0 /* CPU clock */};
            attr.other[2] = (1u << 0) | (1u << 5) | (1u << 6); /* disabled, exclude_kernel, exclude_hv */
            long perf = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
            long fault = syscall(__NR_userfaultfd, O_CLOEXEC | 1 /* UFFD_USER_MODE_ONLY */);
            if (confined) {
                CHECK(refused("perf_event_open", perf, EPERM, 0));
                _exit(refused("userfaultfd", fault, EPERM, 0));
            }
            /* The control: unconfined they work, where the system allows them at all. */
            if (perf < 0 && geteuid() == 0) _exit(fail("control: perf_event_open: %s", strerror(errno)));
            if (fault < 0 && geteuid() == 0) _exit(fail("control: userfaultfd: %s", strerror(errno)));
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

/* Who the module is: the setuid family refused after the lock (as root, the real uid the sandbox moved
   away stays away, and with it the task limit); each call asks for no change, which works unconfined. */
static int credential_tries(int confined) {
    uid_t uid = geteuid();
    gid_t gid = getegid();
    struct {
        const char *what;
        long result;
    } tries[] = {
        {"setuid", syscall(__NR_setuid, uid)},
        {"setreuid", syscall(__NR_setreuid, -1, -1)},
        {"setresuid", syscall(__NR_setresuid, -1, -1, -1)},
        {"setgid", syscall(__NR_setgid, gid)},
        {"setregid", syscall(__NR_setregid, -1, -1)},
        {"setresgid", syscall(__NR_setresgid, -1, -1, -1)},
    };
    for (size_t i = 0; i < sizeof tries / sizeof *tries; i++) {
        if (confined && tries[i].result != -1) return fail("%s: allowed after the lock", tries[i].what);
        if (!confined && tries[i].result != 0) return fail("control: %s failed unconfined", tries[i].what);
    }
    /* setfsuid and setfsgid answer the previous id, never an error: refused, the filter's -1 comes back. */
    long fsuid = syscall(__NR_setfsuid, uid), fsgid = syscall(__NR_setfsgid, gid);
    if (confined && (fsuid != -1 || fsgid != -1)) return fail("setfsuid/setfsgid allowed after the lock (%ld, %ld)", fsuid, fsgid);
    if (!confined && (fsuid == -1 || fsgid == -1)) return fail("control: setfsuid/setfsgid refused unconfined");
    if (confined) CHECK(refused("setgroups", syscall(__NR_setgroups, 0, NULL), EPERM, 0));
    return PASS;
}

static int case_credentials_refused(void) {
    int root = getuid() == 0;
    for (int confined = 1; confined >= 0; confined--) {
        pid_t child = fork();
        if (child == 0) {
            lock(confined ? 0 : GRANT_UNRESTRICTED, confined ? 16 : 0);
            CHECK(credential_tries(confined));
            /* Root's real uid moved for the task limit: taking it back is the try that matters. */
            if (confined && root && getuid() == 0) _exit(fail("real uid 0 after the lock"));
            if (confined && root) _exit(refused("setresuid(0, -1, -1)", syscall(__NR_setresuid, 0, -1, -1), EPERM, 0));
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

/* A file's mode when it is made: umask(0) and then 0666 or mkdir 0777 make what chmod may not. After the
   lock a umask that lets group or others in is not set (the call answers 0); one that keeps them out is. */
static int case_umask_kept(void) {
    for (int confined = 1; confined >= 0; confined--) {
        pid_t child = fork();
        if (child == 0) {
            lock(confined ? 0 : GRANT_UNRESTRICTED, 0);
            long previous = syscall(__NR_umask, 0);
            char file[400], directory[400];
            snprintf(file, sizeof file, "%s/umask-%d.txt", write_dir, confined);
            snprintf(directory, sizeof directory, "%s/umask-%d.d", write_dir, confined);
            int fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            if (fd < 0 || mkdir(directory, 0777) != 0) _exit(fail("create: %s", strerror(errno)));
            struct stat made, made_directory;
            fstat(fd, &made);
            stat(directory, &made_directory);
            close(fd);
            unlink(file);
            rmdir(directory);
            mode_t mode = made.st_mode & 07777, directory_mode = made_directory.st_mode & 07777;
            if (confined) {
                if (previous != 0) _exit(fail("umask(0) answered %ld, expected 0", previous));
                if (mode != 0600 || directory_mode != 0700) _exit(fail("made %o and %o after umask(0), expected 0600 and 0700", mode, directory_mode));
                /* A stricter mask is set. */
                if (syscall(__NR_umask, 0277) != 077 || syscall(__NR_umask, 077) != 0277) _exit(fail("a mask holding 077 was not set"));
                _exit(PASS);
            }
            if (mode != 0666 || directory_mode != 0777) _exit(fail("control: made %o and %o after umask(0)", mode, directory_mode));
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

/* Memory no address-space limit counts: a memfd written and never mapped, System V segments detached
   and queued messages. Each refused after the lock; unconfined each is made (and removed). */
static int case_unmapped_memory_refused(void) {
    for (int confined = 1; confined >= 0; confined--) {
        pid_t child = fork();
        if (child == 0) {
            lock(confined ? 0 : GRANT_UNRESTRICTED, 0);
            long memfd = syscall(__NR_memfd_create, "tabhost", MFD_CLOEXEC);
            long segment = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600);
            long queue = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
            if (confined) {
                CHECK(refused("memfd_create", memfd, EPERM, 0));
                CHECK(refused("memfd_secret", syscall(__NR_memfd_secret, 0), EPERM, 0));
                CHECK(refused("shmget", segment, EPERM, 0));
                _exit(refused("msgget", queue, EPERM, 0));
            }
            if (segment >= 0) shmctl((int)segment, IPC_RMID, NULL);
            if (queue >= 0) msgctl((int)queue, IPC_RMID, NULL);
            if (memfd < 0 || segment < 0 || queue < 0) _exit(fail("control: memfd %ld, segment %ld, queue %ld", memfd, segment, queue));
            _exit(PASS);
        }
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != PASS) return FAILED;
    }
    return PASS;
}

/* Every entry of the policy table names a call, an action and a reason. */
static int case_policy_table(void) {
    size_t count = 0;
    const tabhost_sandbox_rule *rules = tabhost_sandbox_rules(&count);
    if (count < 60) return fail("%zu entries", count);
    for (size_t i = 0; i < count; i++) {
        if (!rules[i].name || !rules[i].action || !rules[i].reason || !*rules[i].reason) return fail("entry %zu incomplete", i);
    }
    return PASS;
}

/* ---- the filter, table-tested through a BPF interpreter ---- */

/* The classic BPF subset the filter uses; anything else fails the table. */
static int interpret(const struct sock_filter *code, size_t count, const struct seccomp_data *data, uint32_t *result) {
    uint32_t accumulator = 0;
    for (size_t pc = 0; pc < count; pc++) {
        const struct sock_filter *instruction = &code[pc];
        switch (instruction->code) {
        case BPF_LD | BPF_W | BPF_ABS:
            if (instruction->k + 4 > sizeof *data || instruction->k % 4) return -1;
            memcpy(&accumulator, (const char *)data + instruction->k, 4);
            break;
        case BPF_ALU | BPF_AND | BPF_K:
            accumulator &= instruction->k;
            break;
        case BPF_JMP | BPF_JEQ | BPF_K:
            pc += accumulator == instruction->k ? instruction->jt : instruction->jf;
            break;
        case BPF_JMP | BPF_JGE | BPF_K:
            pc += accumulator >= instruction->k ? instruction->jt : instruction->jf;
            break;
        case BPF_JMP | BPF_JSET | BPF_K:
            pc += (accumulator & instruction->k) ? instruction->jt : instruction->jf;
            break;
        case BPF_JMP | BPF_JA: /* the search tree's jump over a half longer than a conditional jump reaches */
            if (instruction->k >= count - pc) return -1;
            pc += instruction->k;
            break;
        case BPF_RET | BPF_K:
            *result = instruction->k;
            return 0;
        default:
            return -1;
        }
    }
    return -1; /* fell off the end: the kernel refuses such a program */
}

/* What the filter must answer, written from the rules in the docs, independently of the filter. */
static uint32_t expected_action(int grants, long nr, uint32_t arg0, uint32_t arg1) {
    static const long always_refused[] = {
        __NR_ptrace,       __NR_process_vm_readv, __NR_process_vm_writev, __NR_pidfd_getfd,    __NR_mount,
        __NR_umount2,      __NR_pivot_root,       __NR_open_tree,         __NR_move_mount,     __NR_fsopen,
        __NR_fsconfig,     __NR_fsmount,          __NR_fspick,            __NR_mount_setattr,  __NR_bpf,
        __NR_keyctl,       __NR_add_key,          __NR_request_key,       __NR_init_module,    __NR_finit_module,
        __NR_delete_module, __NR_kexec_load,      __NR_kexec_file_load,   __NR_reboot,         __NR_io_uring_setup,
        __NR_io_uring_enter, __NR_io_uring_register, __NR_unshare,        __NR_setns,         467 /* open_tree_attr */,
    };
    /* Newer than the table (and x32's numbers, bit 30, on x86_64). */
    if (nr > 469) return SECCOMP_RET_ERRNO | ENOSYS;
    for (size_t i = 0; i < sizeof always_refused / sizeof *always_refused; i++) {
        if (nr == always_refused[i]) return SECCOMP_RET_ERRNO | EPERM;
    }
    int named = (grants & GRANT_REPORT) && !(grants & GRANT_EXEC);
    uint32_t exec_refusal = named ? SECCOMP_RET_TRAP | TABHOST_SANDBOX_DENIED_EXEC : SECCOMP_RET_ERRNO | EPERM;
    uint32_t network_refusal = named ? SECCOMP_RET_TRAP | TABHOST_SANDBOX_DENIED_NETWORK : SECCOMP_RET_ERRNO | EPERM;
    if ((nr == __NR_execve || nr == __NR_execveat) && !(grants & GRANT_EXEC)) return exec_refusal;
    if (nr == __NR_clone3) return SECCOMP_RET_ERRNO | ENOSYS;
    if (nr == __NR_clone && (arg0 & (CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                                     CLONE_NEWNET | CLONE_NEWCGROUP)))
        return SECCOMP_RET_ERRNO | EPERM;
    if (nr == __NR_personality && arg0 != 0xffffffffu && arg0 != PER_LINUX) return SECCOMP_RET_ERRNO | EPERM;
    if (!(grants & GRANT_NETWORK)) {
        /* The kernel reads the type as SOCK_TYPE_MASK (0xf) of it; other bits are flags (EINVAL but for
           SOCK_CLOEXEC and SOCK_NONBLOCK). A pid among the arguments found that this was stricter. */
        uint32_t type = arg1 & 0xf;
        if ((nr == __NR_socket || nr == __NR_socketpair) && (arg0 != AF_UNIX || (type != SOCK_STREAM && type != SOCK_SEQPACKET)))
            return network_refusal;
        if (nr == __NR_connect || nr == __NR_bind || nr == __NR_listen) return network_refusal;
    }
    /* Issue 36: the attribute family, kernel surface, watches without a grant, chattr's ioctls. */
    static const long attribute_calls[] = {
        __NR_chmod,     __NR_fchmod,       __NR_fchmodat,    452 /* fchmodat2 */, __NR_chown,       __NR_fchown,
        __NR_lchown,    __NR_fchownat,     __NR_utime,       __NR_utimes,         __NR_utimensat,   __NR_futimesat,
        __NR_setxattr,  __NR_lsetxattr,    __NR_fsetxattr,   463 /* setxattrat */, __NR_removexattr, __NR_lremovexattr,
        __NR_fremovexattr, 466 /* removexattrat */, 469 /* file_setattr */, __NR_perf_event_open, __NR_userfaultfd,
        __NR_fanotify_init, __NR_setuid, __NR_setreuid, __NR_setresuid, __NR_setfsuid, __NR_setgid, __NR_setregid,
        __NR_setresgid, __NR_setfsgid, __NR_setgroups, __NR_memfd_create, __NR_memfd_secret, __NR_shmget, __NR_msgget,
    };
    for (size_t i = 0; i < sizeof attribute_calls / sizeof *attribute_calls; i++) {
        if (nr == attribute_calls[i]) return SECCOMP_RET_ERRNO | EPERM;
    }
    if (nr == __NR_inotify_add_watch && !(grants & GRANT_WATCH)) return SECCOMP_RET_ERRNO | EPERM;
    /* A umask that lets group or others in: not set, 0 answered. */
    if (nr == __NR_umask && (arg0 & 077) != 077) return SECCOMP_RET_ERRNO | 0;
    if (nr == __NR_ioctl && (arg1 == 0x40086602u || arg1 == 0x40046602u || arg1 == 0x401c5820u)) return SECCOMP_RET_ERRNO | EPERM;
    /* Only the caller (0 or its pid; the filter table is built for this process's pid). */
    uint32_t self = (uint32_t)getpid();
    if ((nr == __NR_prlimit64 || nr == __NR_sched_setscheduler || nr == __NR_sched_setparam || nr == __NR_sched_setaffinity ||
         nr == __NR_sched_setattr) &&
        arg0 != 0 && arg0 != self)
        return SECCOMP_RET_ERRNO | EPERM;
    if (nr == __NR_setpriority && (arg0 != PRIO_PROCESS || (arg1 != 0 && arg1 != self))) return SECCOMP_RET_ERRNO | EPERM;
    if (nr == __NR_ioprio_set && (arg0 != 1 /* IOPRIO_WHO_PROCESS */ || (arg1 != 0 && arg1 != self)))
        return SECCOMP_RET_ERRNO | EPERM;
    return SECCOMP_RET_ALLOW;
}

/* The kernel's order of precedence between two filters' answers: the lower action, as a signed value,
   wins; with the same action, the filter installed last (evaluated first) answers. */
static uint32_t strictest(uint32_t installed_last, uint32_t installed_first) {
    int32_t last = (int32_t)(installed_last & SECCOMP_RET_ACTION_FULL), first = (int32_t)(installed_first & SECCOMP_RET_ACTION_FULL);
    return first < last ? installed_first : installed_last;
}

static int case_filter_table(void) {
    static const int grant_sets[] = {0,
                                     GRANT_NETWORK,
                                     GRANT_EXEC,
                                     GRANT_SYSTEM,
                                     GRANT_NETWORK | GRANT_EXEC | GRANT_SYSTEM,
                                     GRANT_REPORT,
                                     GRANT_REPORT | GRANT_NETWORK,
                                     GRANT_REPORT | GRANT_EXEC,
                                     GRANT_REPORT | GRANT_SYSTEM,
                                     GRANT_WATCH,
                                     GRANT_WATCH | GRANT_NETWORK};
    uint32_t arguments[] = {(uint32_t)getpid(),
                                         0,
                                         AF_UNIX,
                                         AF_INET,
                                         AF_INET6,
                                         AF_NETLINK,
                                         SIGCHLD,
                                         CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |
                                             CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID,
                                         CLONE_NEWUSER | SIGCHLD,
                                         CLONE_NEWNS,
                                         CLONE_NEWPID,
                                         CLONE_NEWCGROUP,
                                         0xffffffffu,
                                         ADDR_NO_RANDOMIZE,
                                         PER_LINUX32,
                                         022,
                                         077,
                                         0277};
    uint32_t second_arguments[] = {(uint32_t)getpid(), 0x40086602u, 0x40046602u, 0x401c5820u, 0, SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET, SOCK_RAW,
                                                SOCK_STREAM | SOCK_CLOEXEC, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
                                                SOCK_SEQPACKET | SOCK_NONBLOCK};
    struct sock_filter code[512], ahead[512], rest[512];
    size_t checked = 0;
    for (size_t g = 0; g < sizeof grant_sets / sizeof *grant_sets; g++) {
        int grants = grant_sets[g];
        tabhost_sandbox_profile profile = {.network = grants & GRANT_NETWORK,
                                           .system = grants & GRANT_SYSTEM,
                                           .exec = grants & GRANT_EXEC,
                                           .report_denials = grants & GRANT_REPORT,
                                           .watch_files = grants & GRANT_WATCH};
        size_t count = tabhost_sandbox_filter(&profile, code, sizeof code / sizeof *code);
        if (count == 0 || count > sizeof code / sizeof *code) return fail("filter of %zu instructions", count);
        if (tabhost_sandbox_filter(&profile, NULL, 0) != count) return fail("size query differs from the program");
        /* A spare child's part made ahead (for every profile alike) and LOAD's rest must answer as the whole. */
        tabhost_sandbox_profile defaults = {0};
        size_t ahead_count = tabhost_sandbox_part_filter(&defaults, TABHOST_SANDBOX_FILTER_AHEAD, ahead, sizeof ahead / sizeof *ahead);
        size_t rest_count = tabhost_sandbox_part_filter(&profile, TABHOST_SANDBOX_FILTER_REST, rest, sizeof rest / sizeof *rest);
        if (ahead_count == 0 || ahead_count > sizeof ahead / sizeof *ahead || rest_count == 0 || rest_count >= count)
            return fail("parts of %zu and %zu instructions for a whole of %zu", ahead_count, rest_count, count);
        for (long nr = 0; nr < 1024; nr++) {
            for (size_t a = 0; a < sizeof arguments / sizeof *arguments; a++) {
                for (size_t b = 0; b < sizeof second_arguments / sizeof *second_arguments; b++) {
                    struct seccomp_data data = {.nr = (int)nr, .arch = AUDIT_ARCH_X86_64, .args = {arguments[a], second_arguments[b]}};
#if defined(__aarch64__)
                    data.arch = AUDIT_ARCH_AARCH64;
#endif
                    uint32_t action;
                    if (interpret(code, count, &data, &action) != 0) return fail("the interpreter could not run the filter");
                    uint32_t expected = expected_action(grants, nr, arguments[a], second_arguments[b]);
                    if (action != expected)
                        return fail("grants %d, syscall %ld, args %#x %#x: action %#x, expected %#x", grants, nr, arguments[a],
                                    second_arguments[b], action, expected);
                    uint32_t first, last;
                    if (interpret(ahead, ahead_count, &data, &first) != 0 || interpret(rest, rest_count, &data, &last) != 0)
                        return fail("the interpreter could not run a part");
                    if (strictest(last, first) != expected)
                        return fail("grants %d, syscall %ld, args %#x %#x: the parts answer %#x (ahead %#x, rest %#x), expected %#x",
                                    grants, nr, arguments[a], second_arguments[b], strictest(last, first), first, last, expected);
                    if (nr == __NR_mount && first != SECCOMP_RET_ALLOW) return fail("the part made ahead refuses mount");
                    checked++;
                }
            }
        }
        /* Other architectures' entries are killed before any number is read. */
#if defined(__x86_64__)
        static const uint32_t foreign[] = {AUDIT_ARCH_I386, AUDIT_ARCH_ARM, AUDIT_ARCH_AARCH64};
#else
        static const uint32_t foreign[] = {AUDIT_ARCH_I386, AUDIT_ARCH_ARM, AUDIT_ARCH_X86_64};
#endif
        for (size_t f = 0; f < sizeof foreign / sizeof *foreign; f++) {
            struct seccomp_data data = {.nr = __NR_getpid, .arch = foreign[f]};
            uint32_t action;
            if (interpret(code, count, &data, &action) != 0 || action != SECCOMP_RET_KILL_PROCESS)
                return fail("arch %#x not killed", foreign[f]);
        }
#if defined(__x86_64__)
        struct seccomp_data x32 = {.nr = 0x40000000 | __NR_getpid, .arch = AUDIT_ARCH_X86_64};
        uint32_t action;
        if (interpret(code, count, &x32, &action) != 0 || action != (SECCOMP_RET_ERRNO | ENOSYS))
            return fail("an x32 syscall number was not refused with ENOSYS");
#endif
    }
    printf("# filter table: %zu (syscall, argument, grants) cases\n", checked);
    return PASS;
}

/* ---- the driver ---- */

typedef struct test_case {
    const char *name;
    int (*run)(void);
} test_case;

static const test_case cases[] = {
    {"report", case_report},
    {"filter_table", case_filter_table},
    {"read_outside", case_read_outside},
    {"write_outside", case_write_outside},
    {"list_outside", case_list_outside},
    {"tcp_connect_denied", case_tcp_connect_denied},
    {"tcp_bind_landlock", case_tcp_bind_landlock},
    {"udp_send_denied", case_udp_send_denied},
    {"abstract_socket_denied", case_abstract_socket_denied},
    {"unix_socket_file_denied", case_unix_socket_file_denied},
    {"exec_denied", case_exec_denied},
    {"exec_denied_named", case_exec_denied_named},
    {"network_denied_named", case_network_denied_named},
    {"denied_named_on_threads_and_forks", case_denied_named_on_threads_and_forks},
    {"other_sigsys_kills", case_other_sigsys_kills},
    {"exec_granted_not_named", case_exec_granted_not_named},
    {"signal_parent_denied", case_signal_parent_denied},
    {"proc_parent_denied", case_proc_parent_denied},
    {"fork_bomb_limited", case_fork_bomb_limited},
    {"fork_limit_without_namespace", case_fork_limit_without_namespace},
    {"limit_below_the_users_tasks", case_limit_below_the_users_tasks},
    {"process_namespace", case_process_namespace},
    {"memory_limited", case_memory_limited},
    {"older_landlock_abis", case_older_landlock_abis},
    {"ptrace_denied", case_ptrace_denied},
    {"mount_and_namespaces_denied", case_mount_and_namespaces_denied},
    {"filter_alone_refuses_the_mount_api", case_filter_alone_refuses_the_mount_api},
    {"kernel_surface_denied", case_kernel_surface_denied},
    {"wrong_arch_killed", case_wrong_arch_killed},
    {"read_a_read_path", case_read_a_read_path},
    {"write_a_write_path", case_write_a_write_path},
    {"read_system_files", case_read_system_files},
    {"dlopen_after_lock", case_dlopen_after_lock},
    {"fork_threads_and_unix_sockets", case_fork_threads_and_unix_sockets},
    {"network_granted", case_network_granted},
    {"exec_granted", case_exec_granted},
    {"system_granted", case_system_granted},
    {"unrestricted", case_unrestricted},
    {"processes_die_with_it", case_processes_die_with_it},
    {"fallback_processes_die_with_it", case_fallback_processes_die_with_it},
    {"pid_namespace_keeps_status", case_pid_namespace_keeps_status},
    {"ipc_namespace", case_ipc_namespace},
    {"private_tmp", case_private_tmp},
    {"attributes_refused", case_attributes_refused},
    {"attributes_control", case_attributes_control},
    {"watch_refused_without_a_grant", case_watch_refused_without_a_grant},
    {"only_its_own_scheduling", case_only_its_own_scheduling},
    {"resource_limits", case_resource_limits},
    {"bind_listen_refused", case_bind_listen_refused},
    {"perf_and_userfaultfd_refused", case_perf_and_userfaultfd_refused},
    {"credentials_refused", case_credentials_refused},
    {"umask_kept", case_umask_kept},
    {"unmapped_memory_refused", case_unmapped_memory_refused},
    {"policy_table", case_policy_table},
    {"filter_made_ahead", case_filter_made_ahead},
    {"filter_left_to_load", case_filter_left_to_load},
    {"system_ruleset_from_host", case_system_ruleset_from_host},
    {"files_read_by_name_only", case_files_read_by_name_only},
};

static void write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
        fprintf(stderr, "tabhost_sandbox_driver: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    close(fd);
}

static void copy_file(const char *from, const char *to) {
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    if (in < 0 || out < 0) {
        fprintf(stderr, "tabhost_sandbox_driver: cannot copy %s: %s\n", from, strerror(errno));
        exit(1);
    }
    char buffer[65536];
    ssize_t count;
    while ((count = read(in, buffer, sizeof buffer)) > 0) {
        if (write(out, buffer, (size_t)count) != count) exit(1);
    }
    close(in);
    close(out);
}

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *ftw) {
    (void)info, (void)flag, (void)ftw;
    return remove(path);
}

static void set_up(const char *probe) {
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/tabhost-sandbox-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        fprintf(stderr, "tabhost_sandbox_driver: mkdtemp: %s\n", strerror(errno));
        exit(1);
    }
    snprintf(read_dir, sizeof read_dir, "%s/read", root);
    snprintf(write_dir, sizeof write_dir, "%s/write", root);
    snprintf(secret_dir, sizeof secret_dir, "%s/secret", root);
    snprintf(read_file, sizeof read_file, "%s/r.txt", read_dir);
    snprintf(secret_file, sizeof secret_file, "%s/s.txt", secret_dir);
    snprintf(library, sizeof library, "%s/probe.so", read_dir);
    snprintf(tmp_dir, sizeof tmp_dir, "%s/tmp", write_dir);
    if (mkdir(read_dir, 0755) || mkdir(write_dir, 0755) || mkdir(secret_dir, 0755) || mkdir(tmp_dir, 0700)) {
        fprintf(stderr, "tabhost_sandbox_driver: mkdir: %s\n", strerror(errno));
        exit(1);
    }
    write_file(read_file, "read\n");
    write_file(secret_file, "secret\n");
    copy_file(probe, library);
    /* Only its owner may enter it, as a module's directory may be: what process_namespace reads. */
    chmod(read_dir, 0700);

    parent = getpid();
    landlock_abi = tabhost_sandbox_landlock_abi();

    struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof address;
    int tcp = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (tcp < 0 || bind(tcp, (struct sockaddr *)&address, sizeof address) || listen(tcp, 64) ||
        getsockname(tcp, (struct sockaddr *)&address, &length)) {
        fprintf(stderr, "tabhost_sandbox_driver: TCP listener: %s\n", strerror(errno));
        exit(1);
    }
    tcp_port = ntohs(address.sin_port);
    address.sin_port = 0;
    length = sizeof address;
    int udp = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (udp < 0 || bind(udp, (struct sockaddr *)&address, sizeof address) ||
        getsockname(udp, (struct sockaddr *)&address, &length)) {
        fprintf(stderr, "tabhost_sandbox_driver: UDP socket: %s\n", strerror(errno));
        exit(1);
    }
    udp_port = ntohs(address.sin_port);

    abstract_address.sun_family = AF_UNIX;
    int name_length = snprintf(abstract_address.sun_path + 1, sizeof abstract_address.sun_path - 1,
                               "tabhost-sandbox-test-%d", (int)parent);
    abstract_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)name_length);
    int unix_listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (unix_listener < 0 || bind(unix_listener, (struct sockaddr *)&abstract_address, abstract_length) ||
        listen(unix_listener, 64)) {
        fprintf(stderr, "tabhost_sandbox_driver: abstract socket: %s\n", strerror(errno));
        exit(1);
    }
    socket_file_address.sun_family = AF_UNIX;
    snprintf(socket_file_address.sun_path, sizeof socket_file_address.sun_path, "%s/listener.sock", secret_dir);
    int file_listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (file_listener < 0 || bind(file_listener, (struct sockaddr *)&socket_file_address, sizeof socket_file_address) ||
        listen(file_listener, 64)) {
        fprintf(stderr, "tabhost_sandbox_driver: socket file: %s\n", strerror(errno));
        exit(1);
    }
    /* The listeners stay open until the driver exits. */
}

static int run_case(const test_case *test) {
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) {
        printf("FAIL %s: fork: %s\n", test->name, strerror(errno));
        return FAILED;
    }
    if (child == 0) {
        alarm(20);
        int verdict = test->run();
        fflush(stdout);
        _exit(verdict);
    }
    int status;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) {
            printf("FAIL %s: waitpid: %s\n", test->name, strerror(errno));
            return FAILED;
        }
    }
    fflush(stderr);
    if (WIFEXITED(status) && WEXITSTATUS(status) == PASS) {
        printf("ok %s\n", test->name);
        return PASS;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == SKIPPED) {
        printf("skip %s\n", test->name);
        return SKIPPED;
    }
    if (WIFSIGNALED(status)) {
        printf("FAIL %s: killed by signal %d\n", test->name, WTERMSIG(status));
    } else {
        printf("FAIL %s: exit status %d\n", test->name, WEXITSTATUS(status));
    }
    return FAILED;
}

int main(int argc, char *_Nonnull argv[_Nonnull]) {
    if (argc < 2) {
        fprintf(stderr, "usage: tabhost_sandbox_driver LIBRARY.so [CASE...]\n");
        return 1;
    }
    /* Both streams go to one log in order: the child's detail lines, then the parent's verdict. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    set_up(argv[1]);
    printf("# uid %d, Landlock ABI %d\n", (int)getuid(), landlock_abi);
    int failures = 0, ran = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int selected = argc == 2;
        for (int a = 2; a < argc; a++) selected |= strcmp(argv[a], cases[i].name) == 0;
        if (!selected) continue;
        ran++;
        failures += run_case(&cases[i]) == FAILED;
    }
    char leftover[400];
    snprintf(leftover, sizeof leftover, "%s/new.txt", secret_dir);
    if (access(leftover, F_OK) == 0 || access(secret_file, F_OK) != 0) {
        printf("FAIL secret_untouched: the secret directory changed\n");
        failures++;
    }
    nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    printf("# %d cases, %d failed\n", ran, failures);
    return failures ? 1 : 0;
}

#pragma clang assume_nonnull end
