/*
 * tabhost_sandbox.c: see tabhost_sandbox.h.
 *
 * Landlock's constants and structures are spelled out here rather than taken from <linux/landlock.h>:
 * the build machine's headers may predate the kernel that runs the child (Debian 12's know ABI 2), and
 * the ABI is fixed by the kernel, so the newer fields are safe to name ourselves.
 */
#define _GNU_SOURCE
#include "tabhost_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <sys/wait.h>
#include <unistd.h>

#pragma clang assume_nonnull begin

#if defined(__x86_64__)
#define TABHOST_SANDBOX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define TABHOST_SANDBOX_ARCH AUDIT_ARCH_AARCH64
#else
#error "tabhost_sandbox: seccomp filter written for x86_64 and aarch64 only"
#endif

/* Built with a sanitizer, whose runtime keeps per-thread state in memory a CLONE_VM child would share. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TABHOST_SANDBOX_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define TABHOST_SANDBOX_SANITIZED 1
#endif
#endif
#ifndef TABHOST_SANDBOX_SANITIZED
#define TABHOST_SANDBOX_SANITIZED 0
#endif

/* Landlock, from the kernel's uapi (include/uapi/linux/landlock.h). */
#define TABHOST_LL_CREATE_RULESET_VERSION (1u << 0)
#define TABHOST_LL_RULE_PATH_BENEATH 1
#define TABHOST_LL_RULE_NET_PORT 2

#define TABHOST_LL_FS_EXECUTE (1ull << 0)
#define TABHOST_LL_FS_WRITE_FILE (1ull << 1)
#define TABHOST_LL_FS_READ_FILE (1ull << 2)
#define TABHOST_LL_FS_READ_DIR (1ull << 3)
#define TABHOST_LL_FS_REMOVE_DIR (1ull << 4)
#define TABHOST_LL_FS_REMOVE_FILE (1ull << 5)
#define TABHOST_LL_FS_MAKE_CHAR (1ull << 6)
#define TABHOST_LL_FS_MAKE_DIR (1ull << 7)
#define TABHOST_LL_FS_MAKE_REG (1ull << 8)
#define TABHOST_LL_FS_MAKE_SOCK (1ull << 9)
#define TABHOST_LL_FS_MAKE_FIFO (1ull << 10)
#define TABHOST_LL_FS_MAKE_BLOCK (1ull << 11)
#define TABHOST_LL_FS_MAKE_SYM (1ull << 12)
#define TABHOST_LL_FS_REFER (1ull << 13)    /* ABI 2 */
#define TABHOST_LL_FS_TRUNCATE (1ull << 14) /* ABI 3 */
#define TABHOST_LL_FS_IOCTL_DEV (1ull << 15) /* ABI 5 */

#define TABHOST_LL_NET_BIND_TCP (1ull << 0)    /* ABI 4 */
#define TABHOST_LL_NET_CONNECT_TCP (1ull << 1) /* ABI 4 */

#define TABHOST_LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ull << 0) /* ABI 6 */
#define TABHOST_LL_SCOPE_SIGNAL (1ull << 1)               /* ABI 6 */

/* Rights a rule on a file (not a directory) may carry: the kernel refuses the others there. */
#define TABHOST_LL_FS_FILE_RIGHTS                                                                       \
    (TABHOST_LL_FS_EXECUTE | TABHOST_LL_FS_WRITE_FILE | TABHOST_LL_FS_READ_FILE | TABHOST_LL_FS_TRUNCATE | \
     TABHOST_LL_FS_IOCTL_DEV)
#define TABHOST_LL_FS_READ (TABHOST_LL_FS_READ_FILE | TABHOST_LL_FS_READ_DIR)
#define TABHOST_LL_FS_WRITE                                                                                 \
    (TABHOST_LL_FS_WRITE_FILE | TABHOST_LL_FS_REMOVE_DIR | TABHOST_LL_FS_REMOVE_FILE | TABHOST_LL_FS_MAKE_DIR | \
     TABHOST_LL_FS_MAKE_REG | TABHOST_LL_FS_MAKE_SOCK | TABHOST_LL_FS_MAKE_FIFO | TABHOST_LL_FS_MAKE_SYM |      \
     TABHOST_LL_FS_REFER | TABHOST_LL_FS_TRUNCATE)

/* The kernel reads only the prefix its ABI knows, so the size passed says which fields it sees. */
struct tabhost_ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net; /* ABI 4 */
    uint64_t scoped;             /* ABI 6 */
};

struct tabhost_ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

static const char *_Nullable const tabhost_sandbox_system_paths[] = {
    /* The dynamic loader's directories and cache: what libc, libltdl and the module link. */
    "/lib", "/lib64", "/lib32", "/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/local/lib", "/etc/ld.so.cache",
    /* localtime(3) and friends. */
    "/etc/localtime", "/etc/timezone", "/usr/share/zoneinfo",
    /* What a runtime asks about itself and the machine; never another process. */
    "/proc/self", "/proc/stat", "/proc/meminfo", "/proc/loadavg", "/proc/uptime", "/proc/cpuinfo",
    "/sys/devices/system/cpu/online", "/sys/devices/system/cpu/possible",
    "/dev/null", "/dev/zero", "/dev/urandom", "/dev/random",
    NULL,
};

/* Where the system's programs live, readable and executable only with `exec`. */
static const char *_Nonnull const tabhost_sandbox_program_paths[] = {"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/libexec",
                                                            "/usr/local/bin", "/usr/share"};

const char *_Nullable const *_Nonnull tabhost_sandbox_default_read_paths(void) { return tabhost_sandbox_system_paths; }

static void tabhost_sandbox_say(tabhost_sandbox_report *report, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void tabhost_sandbox_say(tabhost_sandbox_report *report, const char *format, ...) {
    size_t used = strlen(report->text);
    if (used + 1 >= sizeof report->text) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(report->text + used, sizeof report->text - used, format, arguments);
    va_end(arguments);
}

int tabhost_sandbox_landlock_abi(void) {
    long abi = syscall(__NR_landlock_create_ruleset, NULL, (size_t)0, TABHOST_LL_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

/* ---- the process limit's user namespace ---- */

/* What the process-count step found: whether the sandbox has a user namespace of its own, and if not
   why, and the machine's task count for the plain rule. */
typedef struct tabhost_sandbox_processes {
    int in_namespace;
    int real_root; /* the real uid is 0 after the step: the kernel exempts it */
    char why[128];
    uint64_t running_tasks;
} tabhost_sandbox_processes;

/* Writes `text` to a /proc/self file; 0 or an errno. */
static int tabhost_sandbox_write_proc(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    size_t length = strlen(text);
    int error = write(fd, text, length) == (ssize_t)length ? 0 : errno;
    close(fd);
    return error;
}

/* The number in the /proc file `path` after the first `after` character (at its start when 0), 0 when
   unknown. */
static uint64_t tabhost_sandbox_proc_number(const char *path, char after) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return 0;
    text[count] = '\0';
    const char *start = after ? strchr(text, after) : text;
    unsigned long long value = 0;
    if (start == NULL || sscanf(after ? start + 1 : start, "%llu", &value) != 1) return 0;
    return (uint64_t)value;
}

/* Every task on the machine now (the 4th field of /proc/loadavg, "running/total"), 0 when unknown. */
static uint64_t tabhost_sandbox_running_tasks(void) { return tabhost_sandbox_proc_number("/proc/loadavg", '/'); }

/* RLIMIT_NPROC as high as this process may set it: unlimited with CAP_SYS_RESOURCE, else its hard limit. */
static void tabhost_sandbox_lift_process_ceiling(void) {
    struct rlimit limit = {.rlim_cur = RLIM_INFINITY, .rlim_max = RLIM_INFINITY};
    if (setrlimit(RLIMIT_NPROC, &limit) == 0 || getrlimit(RLIMIT_NPROC, &limit) != 0) return;
    limit.rlim_cur = limit.rlim_max;
    (void)setrlimit(RLIMIT_NPROC, &limit);
}

/* Whether this process's RLIMIT_NPROC can never be reached: unlimited, or at least pid_max, the most
   tasks the machine can run at once. */
static int tabhost_sandbox_ceiling_unreachable(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NPROC, &limit) != 0) return 0;
    if (limit.rlim_cur == RLIM_INFINITY) return 1;
    uint64_t most = tabhost_sandbox_proc_number("/proc/sys/kernel/pid_max", 0);
    return most > 0 && (uint64_t)limit.rlim_cur >= most;
}

/* A child of this process that stays in the initial namespace, with its capabilities, to write the
   caller's uid_map once the caller has entered its new namespace: a map with TABHOST_SANDBOX_ROOT_REAL_UID
   besides 0 needs CAP_SETUID in the parent namespace, which the caller no longer has there. */
typedef struct tabhost_sandbox_mapper {
    pid_t pid;
    int go; /* the write end: one byte says "map now", closing it says "never mind" */
} tabhost_sandbox_mapper;

static int tabhost_sandbox_start_mapper(tabhost_sandbox_mapper *mapper) {
    char path[64], map[64];
    snprintf(path, sizeof path, "/proc/%ld/uid_map", (long)getpid());
    snprintf(map, sizeof map, "0 0 1\n%u %u 1\n", (unsigned)TABHOST_SANDBOX_ROOT_REAL_UID, (unsigned)TABHOST_SANDBOX_ROOT_REAL_UID);
    int pipe_ends[2];
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) return errno;
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        close(pipe_ends[0]);
        close(pipe_ends[1]);
        return error;
    }
    if (pid == 0) {
        close(pipe_ends[1]);
        char byte;
        ssize_t count;
        do count = read(pipe_ends[0], &byte, 1);
        while (count < 0 && errno == EINTR);
        if (count != 1) _exit(0);
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0) _exit(errno & 0xff);
        size_t length = strlen(map);
        _exit(write(fd, map, length) == (ssize_t)length ? 0 : (errno & 0xff));
    }
    close(pipe_ends[0]);
    mapper->pid = pid;
    mapper->go = pipe_ends[1];
    return 0;
}

/* Tells the mapper to map (or, with `map` 0, to leave) and waits for it; 0 or the errno it met. */
static int tabhost_sandbox_finish_mapper(tabhost_sandbox_mapper *mapper, int map) {
    int error = 0;
    if (map && write(mapper->go, "m", 1) != 1) error = errno;
    close(mapper->go);
    int status = 0;
    while (waitpid(mapper->pid, &status, 0) < 0) {
        if (errno != EINTR) return error ? error : errno;
    }
    if (error) return error;
    if (!WIFEXITED(status)) return ECHILD;
    return WEXITSTATUS(status);
}

/* Enters a user namespace of its own so RLIMIT_NPROC counts the sandbox's tasks alone and applies to a
   child of root (see the header). What it did is in `processes`: nothing here fails the sandbox. */
static void tabhost_sandbox_process_namespace(tabhost_sandbox_processes *processes) {
    uid_t real = getuid(), effective = geteuid();
    gid_t group = getegid();
    /* The kernel exempts the real root user however a namespace maps it: the real uid must move. */
    int root = real == 0 && effective == 0;
    if (real == 0 && !root) {
        processes->real_root = 1;
        snprintf(processes->why, sizeof processes->why, "real uid 0 with effective uid %u", (unsigned)effective);
        return;
    }
    /* A new namespace keeps its creator's RLIMIT_NPROC, taken when it is made, as the ceiling for the
       creator's own count (every task of that real user on the machine), checked on every fork and
       thread inside it. The soft limit goes up to the hard one first (unlimited with CAP_SYS_RESOURCE).
       Another user is held to its own limit anyway. Root's limit is never applied to root, so a root that
       runs more tasks than it would let a module start nothing. When root's limit cannot be reached (no
       more tasks than pid_max can exist), root moves its real uid and then makes the namespace; otherwise
       it makes the namespace as real uid 0, for which the kernel takes no ceiling, and a mapper child
       maps the uid it then moves to inside (dearer: a fork and a wait). The namespace's own limit is set
       later. */
    tabhost_sandbox_lift_process_ceiling();
    int inside = root && !tabhost_sandbox_ceiling_unreachable();
    tabhost_sandbox_mapper mapper = {.pid = -1, .go = -1};
    int mapper_error = inside ? tabhost_sandbox_start_mapper(&mapper) : 0;
    if (root && !inside && setresuid(TABHOST_SANDBOX_ROOT_REAL_UID, (uid_t)-1, (uid_t)-1) != 0) {
        processes->real_root = 1;
        snprintf(processes->why, sizeof processes->why, "setresuid: %s", strerror(errno));
        processes->running_tasks = tabhost_sandbox_running_tasks();
        return;
    }
    if (unshare(CLONE_NEWUSER) != 0) {
        int error = errno;
        if (mapper.pid > 0) (void)tabhost_sandbox_finish_mapper(&mapper, 0);
        const char *why = error == EPERM    ? "no user namespace: unprivileged user namespaces disabled (EPERM)"
                          : error == EINVAL ? "no user namespace: more than one thread (EINVAL)"
                          : error == ENOSPC ? "no user namespace: too many (ENOSPC)"
                                            : NULL;
        if (why) snprintf(processes->why, sizeof processes->why, "%s", why);
        else snprintf(processes->why, sizeof processes->why, "no user namespace: %s", strerror(error));
        processes->running_tasks = tabhost_sandbox_running_tasks();
        processes->real_root = root;
        /* Root takes its real uid 0 back: the limit is missing either way, and access(2) answers as before. */
        if (root && !inside) (void)setresuid(0, (uid_t)-1, (uid_t)-1);
        return;
    }
    processes->in_namespace = 1;
    /* Without a mapping the ids show as 65534 inside; the process keeps working, and the limit holds
       (unless root could not move), so a refused write is said in the report, not a failure. setgroups
       must be denied before an unprivileged gid_map. */
    char map[64];
    int error = 0;
    if (inside) {
        error = mapper_error ? mapper_error : tabhost_sandbox_finish_mapper(&mapper, 1);
    } else {
        snprintf(map, sizeof map, "%u %u 1", (unsigned)effective, (unsigned)effective);
        error = tabhost_sandbox_write_proc("/proc/self/uid_map", map);
    }
    int groups_error = tabhost_sandbox_write_proc("/proc/self/setgroups", "deny");
    if (groups_error == ENOENT) groups_error = 0; /* kernels before 3.19 have no such file */
    snprintf(map, sizeof map, "%u %u 1", (unsigned)group, (unsigned)group);
    if (!groups_error) groups_error = tabhost_sandbox_write_proc("/proc/self/gid_map", map);
    if (!error) error = groups_error;
    if (error) snprintf(processes->why, sizeof processes->why, "ids not mapped: %s", strerror(error));
    if (inside) {
        /* Inside, where the namespace maps it, with the capabilities its creator has there; effective,
           saved and filesystem uids stay 0. Unmapped, the real uid stays 0 and the limit is missing. */
        if (mapper_error || setresuid(TABHOST_SANDBOX_ROOT_REAL_UID, (uid_t)-1, (uid_t)-1) != 0) {
            if (!mapper_error && !error) snprintf(processes->why, sizeof processes->why, "setresuid: %s", strerror(errno));
            processes->real_root = 1;
        }
    }
}

/* ---- the module's processes: PID, IPC and mount namespaces ---- */

/* What the namespace step did: the three namespaces, the private TMPDIR, or the subreaper in their
   place, and why something is missing. */
typedef struct tabhost_sandbox_family {
    int pid_namespace, ipc_namespace, mount_namespace, private_tmp, subreaper;
    uint64_t tmp_bytes;
    char why[128];     /* why there is no PID (or IPC) namespace */
    char tmp_why[128]; /* why there is no private TMPDIR */
} tabhost_sandbox_family;

/* A new PID namespace (its PID 1 is the next fork), an empty IPC namespace and a mount namespace, in
   one call; the mount namespace only for a private TMPDIR (it costs a copy of every mount). A second
   thread shares the filesystem context a mount namespace would split (EINVAL): then the first two alone.
   Without CAP_SYS_ADMIN over the user namespace (no user namespace of its own, and not root) none. */
static void tabhost_sandbox_namespaces(const tabhost_sandbox_profile *profile, tabhost_sandbox_family *family) {
    int mounts = profile->private_tmp != NULL || profile->own_proc;
    if (unshare(CLONE_NEWPID | CLONE_NEWIPC | (mounts ? CLONE_NEWNS : 0)) == 0) {
        family->pid_namespace = family->ipc_namespace = 1;
        family->mount_namespace = mounts;
    } else if (errno == EINVAL && unshare(CLONE_NEWPID | CLONE_NEWIPC) == 0) {
        family->pid_namespace = family->ipc_namespace = 1;
        snprintf(family->tmp_why, sizeof family->tmp_why, "no mount namespace: more than one thread (EINVAL)");
    } else {
        int error = errno;
        snprintf(family->why, sizeof family->why, "no PID namespace: %s%s", strerror(error),
                 error == EPERM ? " (no user namespace of its own)" : error == EINVAL ? " (more than one thread)" : "");
        snprintf(family->tmp_why, sizeof family->tmp_why, "no mount namespace");
    }
}

/* The private TMPDIR as a tmpfs of its own: the module's files live and die in this mount namespace,
   under a size cap, and the host sees (and removes) only its empty directory. */
static void tabhost_sandbox_private_tmp(const tabhost_sandbox_profile *profile, tabhost_sandbox_family *family) {
    if (profile->private_tmp == NULL) return;
    if (!family->mount_namespace) return;
    /* A namespace made without a user namespace of its own keeps the host's shared mounts shared: a
       mount here would appear in the host's view. As a slave it still sees the host's new mounts. */
    if (mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) != 0) {
        snprintf(family->tmp_why, sizeof family->tmp_why, "making the mounts slaves: %s", strerror(errno));
        return;
    }
    family->tmp_bytes = profile->private_tmp_bytes ? profile->private_tmp_bytes : TABHOST_SANDBOX_PRIVATE_TMP_BYTES;
    char options[64];
    snprintf(options, sizeof options, "size=%llu,mode=0700", (unsigned long long)family->tmp_bytes);
    if (mount("tmpfs", (const char *)profile->private_tmp, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) {
        snprintf(family->tmp_why, sizeof family->tmp_why, "tmpfs: %s", strerror(errno));
        return;
    }
    family->private_tmp = 1;
}

/* In the PID namespace's process 2, before Landlock (whose rules then name this procfs): a procfs of
   its own namespace over /proc. 0, or -1 when /proc stays the system's. */
static int tabhost_sandbox_own_proc(const tabhost_sandbox_family *family) {
    if (!family->mount_namespace || !family->pid_namespace) return -1;
    if (mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) != 0) return -1;
    return mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
}

/* Closes every descriptor but `keep` (-1: none): the processes that only wait hold nothing of the
   module's (its socket to the host, its output). */
static void tabhost_sandbox_close_all_but(int keep) {
    unsigned first = 0;
    if (keep >= 0) {
        if (keep > 0 && syscall(__NR_close_range, 0u, (unsigned)keep - 1, 0u) != 0) {
            for (int fd = 0; fd < keep; fd++) close(fd);
        }
        first = (unsigned)keep + 1;
    }
    if (syscall(__NR_close_range, first, ~0u, 0u) != 0) {
        for (int fd = (int)first; fd < 1024; fd++) close(fd);
    }
}

/* The waiting processes run only this file's code, with no descriptor: they need no capability. */
static void tabhost_sandbox_drop_capabilities_quickly(void) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    (void)syscall(__NR_capset, &header, data);
}

/* Ends this process as `status` says the module's did: the same exit code, or the same signal with its
   default action (RLIMIT_CORE is 0: no core), so the host still reports "crashed (SIGSEGV)". */
static void tabhost_sandbox_exit_as(int status) __attribute__((noreturn));
static void tabhost_sandbox_exit_as(int status) {
    if (WIFSIGNALED(status)) {
        int signal_number = WTERMSIG(status);
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(signal_number, &fallback, NULL);
        sigset_t mask;
        sigemptyset(&mask);
        sigaddset(&mask, signal_number);
        sigprocmask(SIG_UNBLOCK, &mask, NULL);
        /* RLIMIT_CORE does not hold against a core_pattern pipe: this process's core would only be a
           second, empty one of the module's crash. */
        prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
        raise(signal_number);
        _exit(128 + signal_number);
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

/* Without a PID namespace: kills every descendant left. Orphans come to this subreaper; killing a
   child hands its own children to it, so the loop ends when none is left. The pids stay valid until
   reaped here: no other process's pid can be hit. */
static void tabhost_sandbox_sweep(void) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%ld/children", (long)syscall(__NR_gettid));
    for (;;) {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            char text[4096];
            ssize_t count = read(fd, text, sizeof text - 1);
            close(fd);
            if (count > 0) {
                text[count] = '\0';
                for (char *cursor = text; *cursor;) {
                    char *end;
                    long pid = strtol(cursor, &end, 10);
                    if (end == cursor) break;
                    if (pid > 0) kill((pid_t)pid, SIGKILL);
                    cursor = end;
                }
            }
        }
        pid_t reaped = waitpid(-1, NULL, __WALL);
        if (reaped < 0 && errno == ECHILD) return;
    }
}

/* The process the host started: waits for the module's process (and, without a PID namespace, reaps
   orphans as their subreaper), then ends the namespace's PID 1, which makes the kernel kill every
   process left in it, or sweeps, and ends as the module's process did. Killed itself (the host's
   SIGKILL, or the host's death), its children follow by PR_SET_PDEATHSIG, and the namespace with PID 1. */
static void tabhost_sandbox_outer(pid_t runner, pid_t reaper, int alive) __attribute__((noreturn));
static void tabhost_sandbox_outer(pid_t runner, pid_t reaper, int alive) {
    tabhost_sandbox_close_all_but(alive);
    tabhost_sandbox_drop_capabilities_quickly();
    int status = 0;
    for (;;) {
        int one;
        pid_t pid = waitpid(-1, &one, __WALL);
        if (pid == runner) {
            status = one;
            break;
        }
        if (pid == reaper) reaper = -1; /* the namespace is gone, the runner with it: its status follows */
        if (pid < 0 && errno != EINTR) {
            status = W_EXITCODE(1, 0);
            break;
        }
    }
    if (reaper > 0) {
        kill(reaper, SIGKILL);
        while (waitpid(reaper, NULL, __WALL) < 0 && errno == EINTR) continue;
    } else {
        tabhost_sandbox_sweep();
    }
    tabhost_sandbox_exit_as(status);
}

static void tabhost_sandbox_wake(int signal_number) { (void)signal_number; }

/* Blocks SIGCHLD but for ppoll with `waiting`: SIGCHLD interrupts ppoll only with a handler, and only
   inside it, so no wake-up is lost. */
static void tabhost_sandbox_wake_on_children(sigset_t *waiting) {
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    sigprocmask(SIG_BLOCK, &children, waiting);
    sigdelset(waiting, SIGCHLD);
    struct sigaction wake;
    memset(&wake, 0, sizeof wake);
    wake.sa_handler = tabhost_sandbox_wake;
    sigaction(SIGCHLD, &wake, NULL);
}

/* PID 1 of the namespace: reaps every orphan (a module's double fork) so none is left a zombie that
   counts against the process limit. The kernel ignores the signals the module sends it; when it ends
   (killed by the outer process, or when the outer process is gone), every process in the namespace
   dies. PR_SET_PDEATHSIG alone does not end it: measured on 6.18, the parent-death SIGKILL of a
   namespace's init stays ignored, so it also holds the read end of a pipe only the outer process can
   write, and leaves when that end hangs up. */
static void tabhost_sandbox_reaper(int alive) __attribute__((noreturn));
static void tabhost_sandbox_reaper(int alive) {
    tabhost_sandbox_close_all_but(alive);
    tabhost_sandbox_drop_capabilities_quickly();
    sigset_t waiting;
    tabhost_sandbox_wake_on_children(&waiting);
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG | __WALL) > 0) continue;
        struct pollfd parent = {.fd = alive, .events = POLLIN};
        if (ppoll(&parent, 1, NULL, &waiting) > 0 && parent.revents) _exit(0);
    }
}

/* In a new child: dies with its parent (the outer process), and at once if the parent is gone already
   (the pipe's write end, which only the outer process holds, is closed). Keeps the read end open when
   `keep` (the reaper watches it). */
static void tabhost_sandbox_follow_parent(int read_end, int write_end, int keep) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    close(write_end);
    struct pollfd gone = {.fd = read_end, .events = POLLIN};
    if (poll(&gone, 1, 0) > 0 && (gone.revents & (POLLHUP | POLLERR))) _exit(0);
    if (!keep) close(read_end);
}

/* The host asks the first process to end the module with SIGTERM rather than killing it: killed itself,
   it could not reap the processes it started, and they would wait for the system's init to reap them (a
   namespace's PID 1 that ends stays in the process table until every process of its namespace is
   reaped). The handler kills them at once; the first process then reaps them and ends as the module's
   process did (tabhost_sandbox_outer). Its children take SIGTERM's default action again. */
static volatile pid_t tabhost_sandbox_runner_pid, tabhost_sandbox_reaper_pid;
static volatile sig_atomic_t tabhost_sandbox_end_asked;

static void tabhost_sandbox_end(int signal_number) {
    (void)signal_number;
    int saved = errno;
    tabhost_sandbox_end_asked = 1;
    pid_t runner = tabhost_sandbox_runner_pid, reaper = tabhost_sandbox_reaper_pid;
    if (runner > 0) kill(runner, SIGKILL);
    if (reaper > 0) kill(reaper, SIGKILL);
    errno = saved;
}

static void tabhost_sandbox_end_on_request(int on) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on ? tabhost_sandbox_end : SIG_DFL;
    sigfillset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
}

/* In the first process, once its children are known: a SIGTERM that came before is carried out now. */
static void tabhost_sandbox_know_children(pid_t runner, pid_t reaper) {
    tabhost_sandbox_reaper_pid = reaper;
    tabhost_sandbox_runner_pid = runner;
    if (tabhost_sandbox_end_asked) tabhost_sandbox_end(SIGTERM);
}

/* Without a PID namespace, the keeper: the module's parent and a subreaper, between it and the first
   process. It reaps orphans while the module runs, and sweeps (kills every descendant left, which
   come to it) when the module's process ends, and also when the first process is gone, killed by the
   host or by the host's death: no `setsid` or double fork of the module outlives any of the three.
   It takes no PR_SET_PDEATHSIG (that would kill it before its sweep); it watches the read end of a
   pipe whose only write end the first process holds. It ends as the module's process did. */
static void tabhost_sandbox_keeper(pid_t runner, int alive) __attribute__((noreturn));
static void tabhost_sandbox_keeper(pid_t runner, int alive) {
    tabhost_sandbox_close_all_but(alive);
    tabhost_sandbox_drop_capabilities_quickly();
    sigset_t waiting;
    tabhost_sandbox_wake_on_children(&waiting);
    for (;;) {
        int status;
        pid_t pid;
        while ((pid = waitpid(-1, &status, WNOHANG | __WALL)) > 0) {
            if (pid != runner) continue;
            tabhost_sandbox_sweep();
            tabhost_sandbox_exit_as(status);
        }
        if (pid < 0 && errno == ECHILD) tabhost_sandbox_exit_as(W_EXITCODE(1, 0));
        struct pollfd parent = {.fd = alive, .events = POLLIN};
        if (ppoll(&parent, 1, NULL, &waiting) > 0 && parent.revents) {
            tabhost_sandbox_sweep();
            _exit(1);
        }
    }
}

/* In the keeper, just forked: becomes the module's parent, or returns 0 as the module's process. */
static int tabhost_sandbox_start_keeper(tabhost_sandbox_family *family, int read_end, int write_end,
                                        tabhost_sandbox_report *report) {
    tabhost_sandbox_end_on_request(0);
    close(write_end);
    /* The first process may be gone already (killed before this fork returned): nothing to keep. */
    struct pollfd gone = {.fd = read_end, .events = POLLIN};
    if (poll(&gone, 1, 0) > 0 && (gone.revents & (POLLHUP | POLLERR))) _exit(1);
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0) family->subreaper = 1;
    pid_t keeper = getpid();
    pid_t runner = fork();
    if (runner < 0) {
        tabhost_sandbox_say(report, " [fork: %s]", strerror(errno));
        close(read_end);
        return -1;
    }
    if (runner == 0) {
        close(read_end);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != keeper) _exit(1);
        return 0;
    }
    tabhost_sandbox_keeper(runner, read_end);
}

/* PID 1's start: `argument` is the pipe whose write end only the outer process holds. */
static int tabhost_sandbox_reaper_start(void *argument) {
    const int *alive = argument;
    int read_end = alive[0], write_end = alive[1];
    tabhost_sandbox_end_on_request(0);
    tabhost_sandbox_follow_parent(read_end, write_end, 1);
    tabhost_sandbox_reaper(read_end);
}

/* Splits the caller in three: it stays the process the host knows and only waits; with a PID
   namespace a reaper becomes its PID 1, and the module's process (PID 2) returns 0 here and goes on to
   confine itself; without one, a keeper (its child) and the keeper's child, the module's process. -1 when a fork failed (the
   caller is then still one process, and the sandbox fails). */
static int tabhost_sandbox_split(tabhost_sandbox_family *family, tabhost_sandbox_report *report) {
    int alive[2];
    if (pipe2(alive, O_CLOEXEC) != 0) {
        tabhost_sandbox_say(report, " [pipe2: %s]", strerror(errno));
        return -1;
    }
    pid_t reaper = -1;
    tabhost_sandbox_end_on_request(1);
    if (family->pid_namespace) {
        /* PID 1 shares this process's memory rather than copying it (no page tables to copy: a fork
           of the module host costs several times as much), on a stack of its own. It runs only this
           file's code, which keeps no state in that memory, and this process only waits after it. */
#if TABHOST_SANDBOX_SANITIZED
        /* A sanitizer's per-thread state lives in that memory: two processes would share it. */
        reaper = fork();
        if (reaper == 0) (void)tabhost_sandbox_reaper_start(alive);
#else
        static _Alignas(16) char stack[64 * 1024];
        reaper = clone(tabhost_sandbox_reaper_start, stack + sizeof stack, CLONE_VM | SIGCHLD, alive);
#endif
        if (reaper < 0) {
            tabhost_sandbox_say(report, " [clone of PID 1: %s]", strerror(errno));
            tabhost_sandbox_end_on_request(0);
            close(alive[0]);
            close(alive[1]);
            return -1;
        }
    } else {
        /* The first process is a subreaper too: killed by the module (without Landlock's signal scope),
           the keeper's orphans come here and the first process's own sweep takes them. */
        (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        reaper = fork();
        if (reaper < 0) {
            tabhost_sandbox_say(report, " [fork of the keeper: %s]", strerror(errno));
            tabhost_sandbox_end_on_request(0);
            close(alive[0]);
            close(alive[1]);
            return -1;
        }
        if (reaper == 0) return tabhost_sandbox_start_keeper(family, alive[0], alive[1], report);
        close(alive[0]);
        tabhost_sandbox_know_children(reaper, -1);
        tabhost_sandbox_outer(reaper, -1, alive[1]);
    }
    pid_t runner = fork();
    if (runner < 0) {
        tabhost_sandbox_say(report, " [fork: %s]", strerror(errno));
        tabhost_sandbox_end_on_request(0);
        if (reaper > 0) {
            kill(reaper, SIGKILL);
            waitpid(reaper, NULL, 0);
        }
        close(alive[0]);
        close(alive[1]);
        return -1;
    }
    if (runner == 0) {
        tabhost_sandbox_end_on_request(0);
        tabhost_sandbox_follow_parent(alive[0], alive[1], 0);
        return 0;
    }
    close(alive[0]);
    tabhost_sandbox_know_children(runner, reaper);
    tabhost_sandbox_outer(runner, reaper, alive[1]);
}

/* ---- resources: nice, descriptors, cores, the file mode mask ---- */

/* The nice value below the host's: the last step, so that the sandbox's own steps are not scheduled
   behind the machine's other work, while every instruction of the module still runs at it (nothing of
   the module's is opened before tabhost_sandbox_apply returns). */
static void tabhost_sandbox_lower_priority(void) {
    errno = 0;
    int nice_now = getpriority(PRIO_PROCESS, 0);
    if (errno == 0) {
        int wanted = nice_now + TABHOST_SANDBOX_NICE_INCREMENT;
        (void)setpriority(PRIO_PROCESS, 0, wanted > 19 ? 19 : wanted);
    }
}

static void tabhost_sandbox_resources(tabhost_sandbox_report *report) {
    (void)report;
    umask(077);
    struct rlimit none = {.rlim_cur = 0, .rlim_max = 0};
    (void)setrlimit(RLIMIT_CORE, &none);
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
        rlim_t bound = TABHOST_SANDBOX_MAX_FILES;
        if (files.rlim_max != RLIM_INFINITY && files.rlim_max < bound) bound = files.rlim_max;
        files.rlim_cur = files.rlim_max = bound;
        (void)setrlimit(RLIMIT_NOFILE, &files);
    }
}

/* ---- capabilities ---- */

/* 1 when the caller holds any capability (permitted, effective or inheritable), 0 when it holds none,
   -1 with errno set when the kernel would not say. */
static int tabhost_sandbox_holds_capabilities(void) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    if (syscall(__NR_capget, &header, data) != 0) return -1;
    int had_any = 0;
    for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) had_any |= data[i].permitted || data[i].effective || data[i].inheritable;
    return had_any;
}

/* Set once the bounding set is empty (a spare child empties it ahead). */
static int tabhost_sandbox_bounding_dropped;

/* Empties the bounding set, which only an exec'd program could gain from: the capabilities in force
   stay (a spare child still mounts its module's tmpfs after this). EINVAL ends the kernel's list. */
static void tabhost_sandbox_drop_bounding_set(void) {
    if (tabhost_sandbox_bounding_dropped) return;
    for (int capability = 0; capability < 64; capability++) {
        if (prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 && errno == EINVAL) break;
    }
    tabhost_sandbox_bounding_dropped = 1;
}

/* A child started by root has every capability: the system's files regardless of their modes, and
   ptrace read access (/proc/PID/environ, maps, auxv) to the host, which Landlock alone does not refuse
   to a root process. Without them the child is an ordinary process that happens to have uid 0, and
   the bounding set keeps an exec'd program from getting them back. */
static int tabhost_sandbox_capabilities(tabhost_sandbox_report *report) {
    int holds = tabhost_sandbox_holds_capabilities();
    if (holds < 0) {
        tabhost_sandbox_say(report, " [capget: %s]", strerror(errno));
        return -1;
    }
    if (holds) {
        /* Dropping from the bounding set needs CAP_SETPCAP, so it comes first. */
        tabhost_sandbox_drop_bounding_set();
        prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
        struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3};
        struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];
        memset(none, 0, sizeof none);
        if (syscall(__NR_capset, &header, none) != 0) {
            tabhost_sandbox_say(report, " [capset: %s]", strerror(errno));
            return -1;
        }
    }
    report->enforced |= TABHOST_SANDBOX_CAPABILITIES;
    return 0;
}

/* ---- Landlock ---- */

static uint64_t tabhost_sandbox_handled_fs(int abi) {
    uint64_t handled = TABHOST_LL_FS_EXECUTE | TABHOST_LL_FS_READ | TABHOST_LL_FS_WRITE | TABHOST_LL_FS_MAKE_CHAR |
                       TABHOST_LL_FS_MAKE_BLOCK | TABHOST_LL_FS_IOCTL_DEV;
    if (abi < 2) handled &= ~TABHOST_LL_FS_REFER;
    if (abi < 3) handled &= ~TABHOST_LL_FS_TRUNCATE;
    if (abi < 5) handled &= ~TABHOST_LL_FS_IOCTL_DEV;
    return handled;
}

/* A path of the fixed lists opened ahead by tabhost_sandbox_prepare(). */
typedef struct tabhost_sandbox_prepared_path {
    const char *path;
    int fd;         /* -1 when the open failed */
    int open_error; /* its errno */
    int is_directory;
} tabhost_sandbox_prepared_path;

#define TABHOST_SANDBOX_PREPARED_MAX 40
static tabhost_sandbox_prepared_path tabhost_sandbox_prepared[TABHOST_SANDBOX_PREPARED_MAX];
static size_t tabhost_sandbox_prepared_count;

static void tabhost_sandbox_prepare_path(const char *path) {
    /* /proc/self names the process that opens it, and the module's process is a later fork. */
    if (strncmp(path, "/proc", 5) == 0 || tabhost_sandbox_prepared_count == TABHOST_SANDBOX_PREPARED_MAX) return;
    tabhost_sandbox_prepared_path *entry = &tabhost_sandbox_prepared[tabhost_sandbox_prepared_count++];
    entry->path = path;
    entry->fd = open(path, O_PATH | O_CLOEXEC);
    entry->open_error = entry->fd < 0 ? errno : 0;
    struct stat info;
    if (entry->fd >= 0 && fstat(entry->fd, &info) != 0) {
        entry->open_error = errno;
        close(entry->fd);
        entry->fd = -1;
    }
    entry->is_directory = entry->fd >= 0 && S_ISDIR(info.st_mode);
}

void tabhost_sandbox_prepare(void) {
    if (tabhost_sandbox_prepared_count > 0) return;
    for (size_t i = 0; tabhost_sandbox_system_paths[i]; i++) tabhost_sandbox_prepare_path(tabhost_sandbox_system_paths[i]);
    tabhost_sandbox_prepare_path("/dev/null");
    for (size_t i = 0; i < sizeof tabhost_sandbox_program_paths / sizeof *tabhost_sandbox_program_paths; i++)
        tabhost_sandbox_prepare_path(tabhost_sandbox_program_paths[i]);
    tabhost_sandbox_prepare_path("/sys");
}

static void tabhost_sandbox_release_ahead_ruleset(void);

void tabhost_sandbox_release_prepared(void) {
    tabhost_sandbox_release_ahead_ruleset();
    for (size_t i = 0; i < tabhost_sandbox_prepared_count; i++)
        if (tabhost_sandbox_prepared[i].fd >= 0) close(tabhost_sandbox_prepared[i].fd);
    tabhost_sandbox_prepared_count = 0;
}

static const tabhost_sandbox_prepared_path *_Nullable tabhost_sandbox_prepared_for(const char *path) {
    for (size_t i = 0; i < tabhost_sandbox_prepared_count; i++)
        if (strcmp(tabhost_sandbox_prepared[i].path, path) == 0) return &tabhost_sandbox_prepared[i];
    return NULL;
}

/* Returns 0, or 1 when the path exists but could not be added. A missing path is no error: the
   default list names directories that only some distributions have. */
static int tabhost_sandbox_allow_path(int ruleset, const char *path, uint64_t access, uint64_t handled) {
    const tabhost_sandbox_prepared_path *prepared = tabhost_sandbox_prepared_for(path);
    int fd = prepared ? prepared->fd : open(path, O_PATH | O_CLOEXEC);
    int open_error = prepared ? prepared->open_error : errno;
    if (fd < 0) return open_error == ENOENT || open_error == ENOTDIR ? 0 : 1;
    int is_directory = 0;
    if (prepared) {
        is_directory = prepared->is_directory;
    } else {
        struct stat info;
        if (fstat(fd, &info) != 0) {
            close(fd);
            return 1;
        }
        is_directory = S_ISDIR(info.st_mode);
    }
    struct tabhost_ll_path_beneath_attr rule = {.allowed_access = access & handled, .parent_fd = fd};
    if (!is_directory) rule.allowed_access &= TABHOST_LL_FS_FILE_RIGHTS;
    int failed = syscall(__NR_landlock_add_rule, ruleset, TABHOST_LL_RULE_PATH_BENEATH, &rule, 0) != 0;
    if (!prepared) close(fd);
    return failed;
}

/* tabhost_sandbox_allow_path for each of a profile's `count` `paths` (NULL entries skipped); how many
   were skipped. */
static unsigned tabhost_sandbox_allow_paths(int ruleset, const char *_Nonnull const *_Nullable paths, size_t count, uint64_t access,
                                            uint64_t handled) {
    unsigned skipped = 0;
    for (size_t i = 0; paths != NULL && i < count; i++) {
        if (paths[i] != NULL) skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, paths[i], access, handled);
    }
    return skipped;
}

int tabhost_sandbox_signal_scope_ruleset(void) {
    /* A kernel before ABI 6 refuses the scope field: -1, as for any failure. */
    struct tabhost_ll_ruleset_attr attr = {.scoped = TABHOST_LL_SCOPE_SIGNAL};
    return (int)syscall(__NR_landlock_create_ruleset, &attr, sizeof attr, 0);
}

int tabhost_sandbox_scope_signals(int ruleset) {
    if (ruleset < 0) return 1;
    int status = syscall(__NR_landlock_restrict_self, ruleset, 0) == 0 ? 0 : -1;
    close(ruleset);
    return status;
}

/* What a ruleset for `abi` handles (TCP too without `network`), and the size of the attribute to pass. */
static void tabhost_sandbox_system_attr(int abi, bool network, struct tabhost_ll_ruleset_attr *attr, size_t *attr_size) {
    memset(attr, 0, sizeof *attr);
    attr->handled_access_fs = tabhost_sandbox_handled_fs(abi);
    *attr_size = offsetof(struct tabhost_ll_ruleset_attr, handled_access_net);
    if (abi >= 4) {
        /* Handling TCP with no port rule denies every bind and connect; with `network` it is not handled. */
        if (!network) attr->handled_access_net = TABHOST_LL_NET_BIND_TCP | TABHOST_LL_NET_CONNECT_TCP;
        *attr_size = offsetof(struct tabhost_ll_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attr->scoped = TABHOST_LL_SCOPE_SIGNAL | TABHOST_LL_SCOPE_ABSTRACT_UNIX_SOCKET;
        *attr_size = sizeof *attr;
    }
}

/* The system paths that name the process that opens them: only the module's process may add them. */
static const char *_Nonnull const tabhost_sandbox_own_paths[] = {"/proc/self"};

static int tabhost_sandbox_is_own_path(const char *path) {
    for (size_t i = 0; i < sizeof tabhost_sandbox_own_paths / sizeof *tabhost_sandbox_own_paths; i++)
        if (strcmp(path, tabhost_sandbox_own_paths[i]) == 0) return 1;
    return 0;
}

/* Adds the paths that name the process that opens them (tabhost_sandbox_own_paths) to `ruleset`, as
   the system paths are added; returns how many could not be. */
static unsigned tabhost_sandbox_allow_own_paths(int ruleset, uint64_t handled) {
    unsigned skipped = 0;
    for (size_t i = 0; i < sizeof tabhost_sandbox_own_paths / sizeof *tabhost_sandbox_own_paths; i++)
        skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, tabhost_sandbox_own_paths[i], TABHOST_LL_FS_READ, handled);
    return skipped;
}

/* A ruleset that handles what `abi` can (TCP too without `network`) and allows the fixed system paths
   (the programs' too with `exec`): every rule that does not depend on the module. Without `own_paths`
   it leaves out those that name the process that opens them (another process makes it: the host).
   Returns its descriptor, or -1 with errno; `attr` says what it handles, `skipped` counts paths it
   could not add. */
static int tabhost_sandbox_system_ruleset(int abi, bool network, bool exec, bool own_paths, struct tabhost_ll_ruleset_attr *attr,
                                          size_t *attr_size, unsigned *skipped) {
    tabhost_sandbox_system_attr(abi, network, attr, attr_size);
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, attr, *attr_size, 0);
    if (ruleset < 0) return -1;
    uint64_t handled = attr->handled_access_fs;
    uint64_t read = TABHOST_LL_FS_READ | (exec ? TABHOST_LL_FS_EXECUTE : 0);
    *skipped = 0;
    for (size_t i = 0; tabhost_sandbox_system_paths[i]; i++) {
        const char *path = (const char *)tabhost_sandbox_system_paths[i];
        if (!own_paths && tabhost_sandbox_is_own_path(path)) continue;
        *skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, path, read, handled);
    }
    /* Writing to /dev/null is how programs discard output; it reveals nothing. */
    *skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, "/dev/null", TABHOST_LL_FS_WRITE_FILE, handled);
    if (exec) {
        for (size_t i = 0; i < sizeof tabhost_sandbox_program_paths / sizeof *tabhost_sandbox_program_paths; i++) {
            *skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, tabhost_sandbox_program_paths[i], read, handled);
        }
    }
    return ruleset;
}

/* What a spare child made ahead in its module's process (tabhost_sandbox_split_ahead()), beside its
   namespaces: the default profile's system ruleset (the Landlock step then adds the module's paths
   alone), the filter's part every profile has, and its TMPDIR's tmpfs. */
typedef struct tabhost_sandbox_ahead_rules {
    int ruleset; /* -1 when there is none */
    int abi;     /* the ABI it was made for */
    struct tabhost_ll_ruleset_attr attr;
    unsigned skipped;
    int filter;         /* set when the filter's part is installed */
    char tmp[PATH_MAX]; /* the TMPDIR whose tmpfs is mounted ("" when none) */
} tabhost_sandbox_ahead_rules;
static tabhost_sandbox_ahead_rules tabhost_sandbox_rules_ahead = {.ruleset = -1};

/* Closes the ruleset made ahead (used or not): the module's code must not hold it. */
static void tabhost_sandbox_release_ahead_ruleset(void) {
    if (tabhost_sandbox_rules_ahead.ruleset >= 0) close(tabhost_sandbox_rules_ahead.ruleset);
    tabhost_sandbox_rules_ahead.ruleset = -1;
}

static int tabhost_sandbox_landlock(const tabhost_sandbox_profile *profile, tabhost_sandbox_report *report) {
    int abi = tabhost_sandbox_landlock_abi();
    if (profile->landlock_abi_limit > 0 && abi > profile->landlock_abi_limit) abi = profile->landlock_abi_limit;
    report->landlock_abi = abi;
    if (abi <= 0) {
        report->missing |= TABHOST_SANDBOX_FILESYSTEM | TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT;
        if (!profile->network) report->missing |= TABHOST_SANDBOX_TCP;
        return 0;
    }
    if (abi < 4 && !profile->network) report->missing |= TABHOST_SANDBOX_TCP;
    if (abi < 6) report->missing |= TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT;

    struct tabhost_ll_ruleset_attr attr;
    size_t attr_size = 0;
    unsigned skipped = 0;
    int ruleset;
    if (tabhost_sandbox_rules_ahead.ruleset >= 0 && abi == tabhost_sandbox_rules_ahead.abi && !profile->network &&
        !profile->exec) {
        /* Made for the same ABI, without network and exec: the same rules this profile starts from. */
        ruleset = tabhost_sandbox_rules_ahead.ruleset;
        tabhost_sandbox_rules_ahead.ruleset = -1;
        skipped = tabhost_sandbox_rules_ahead.skipped;
        attr = tabhost_sandbox_rules_ahead.attr;
    } else {
        tabhost_sandbox_release_ahead_ruleset();
        ruleset = tabhost_sandbox_system_ruleset(abi, profile->network, profile->exec, true, &attr, &attr_size, &skipped);
        if (ruleset < 0) {
            tabhost_sandbox_say(report, " [landlock_create_ruleset: %s]", strerror(errno));
            return -1;
        }
    }
    uint64_t handled = attr.handled_access_fs;
    uint64_t read = TABHOST_LL_FS_READ | (profile->exec ? TABHOST_LL_FS_EXECUTE : 0);
    if (profile->system) {
        skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, "/proc", TABHOST_LL_FS_READ, handled);
        skipped += (unsigned)tabhost_sandbox_allow_path(ruleset, "/sys", TABHOST_LL_FS_READ, handled);
    }
    uint64_t read_files = TABHOST_LL_FS_READ_FILE | (profile->exec ? TABHOST_LL_FS_EXECUTE : 0);
    skipped += tabhost_sandbox_allow_paths(ruleset, profile->read_paths, profile->read_path_count, read, handled);
    skipped += tabhost_sandbox_allow_paths(ruleset, profile->file_read_paths, profile->file_read_path_count, read_files,
                                           handled);
    skipped += tabhost_sandbox_allow_paths(ruleset, profile->write_paths, profile->write_path_count,
                                           read | TABHOST_LL_FS_WRITE, handled);
    report->skipped_paths = skipped;

    if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) {
        tabhost_sandbox_say(report, " [landlock_restrict_self: %s]", strerror(errno));
        close(ruleset);
        return -1;
    }
    close(ruleset);
    report->enforced |= TABHOST_SANDBOX_FILESYSTEM;
    if (attr.handled_access_net) report->enforced |= TABHOST_SANDBOX_TCP;
    if (attr.scoped) report->enforced |= TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT;
    return 0;
}

/* ---- seccomp ---- */

#define TABHOST_SECCOMP_NR offsetof(struct seccomp_data, nr)
#define TABHOST_SECCOMP_ARCH offsetof(struct seccomp_data, arch)
/* The low 32 bits of an argument: every argument tested here is an int or fits in one. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TABHOST_SECCOMP_ARG0 offsetof(struct seccomp_data, args[0])
#define TABHOST_SECCOMP_ARG1 offsetof(struct seccomp_data, args[1])
#else
#define TABHOST_SECCOMP_ARG0 (offsetof(struct seccomp_data, args[0]) + 4)
#define TABHOST_SECCOMP_ARG1 (offsetof(struct seccomp_data, args[1]) + 4)
#endif

/* Most entries a leaf of the search tests one after another. */
#define TABHOST_SANDBOX_FILTER_LEAF 8

typedef struct tabhost_sandbox_program {
    struct sock_filter *_Nullable code;
    size_t capacity, count;
    /* The current leaf's jumps to its shared verdicts (tabhost_sandbox_refuse_with), patched at its end:
       a leaf holds at most TABHOST_SANDBOX_FILTER_LEAF numbers, each with a few entries. */
    struct {
        size_t at;
        uint32_t action;
    } verdict_jumps[4 * TABHOST_SANDBOX_FILTER_LEAF];
    size_t verdict_jump_count;
    int out_of_reach; /* set when a shared verdict lay beyond a conditional jump's reach */
} tabhost_sandbox_program;

static void tabhost_sandbox_emit(tabhost_sandbox_program *program, uint16_t code, uint8_t jt, uint8_t jf, uint32_t k) {
    if (program->code && program->count < program->capacity) {
        program->code[program->count] = (struct sock_filter){.code = code, .jt = jt, .jf = jf, .k = k};
    }
    program->count++;
}

/* Every rule refuses with an errno rather than killing: a module sees a failed call it can report,
   and the host sees a module that keeps running. Returns `action` for `nr`: an errno, or a trap naming
   the permission (report_denials). */
static void tabhost_sandbox_refuse_with(tabhost_sandbox_program *program, long nr, uint32_t action) {
    /* A jump to the leaf's one RET of `action` (tabhost_sandbox_emit_verdicts), so that a leaf of many
       such entries is half as long: the kernel's cost to install a filter grows with its length. */
    if (program->verdict_jump_count < sizeof program->verdict_jumps / sizeof *program->verdict_jumps) {
        program->verdict_jumps[program->verdict_jump_count].at = program->count;
        program->verdict_jumps[program->verdict_jump_count++].action = action;
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 0, (uint32_t)nr);
        return;
    }
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
}

/* The RETs the leaf's jumps go to, one per action, after its RET ALLOW; each jump patched to its own.
   A leaf is far shorter than the 255 instructions a conditional jump reaches; were one not, the program
   is refused whole (out_of_reach) rather than jumping elsewhere. */
static void tabhost_sandbox_emit_verdicts(tabhost_sandbox_program *program) {
    for (size_t i = 0; i < program->verdict_jump_count; i++) {
        uint32_t action = program->verdict_jumps[i].action;
        int seen = 0;
        for (size_t j = 0; j < i; j++) seen |= program->verdict_jumps[j].action == action;
        if (seen) continue;
        size_t target = program->count;
        tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
        for (size_t j = i; j < program->verdict_jump_count; j++) {
            size_t at = program->verdict_jumps[j].at;
            if (program->verdict_jumps[j].action != action) continue;
            if (target - at - 1 > UINT8_MAX) program->out_of_reach = 1;
            if (!program->code || target >= program->capacity) continue;
            program->code[at].jt = (uint8_t)(target - at - 1);
        }
    }
    program->verdict_jump_count = 0;
}

/* Refuses `nr` when (arg0 & mask) != 0; the accumulator holds the syscall number again afterwards. */
static void tabhost_sandbox_refuse_arg0_bits(tabhost_sandbox_program *program, long nr, uint32_t mask) {
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JSET | BPF_K, 0, 1, mask);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ERRNO | EPERM);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Answers `nr` with `action` when arg0 lacks any bit of `bits`. */
static void tabhost_sandbox_refuse_arg0_lacking(tabhost_sandbox_program *program, long nr, uint32_t bits, uint32_t action) {
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
    tabhost_sandbox_emit(program, BPF_ALU | BPF_AND | BPF_K, 0, 0, bits);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, bits);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Refuses `nr` unless arg0 is `allowed` or `also_allowed`. */
static void tabhost_sandbox_refuse_arg0_other_than(tabhost_sandbox_program *program, long nr, uint32_t allowed,
                                                   uint32_t also_allowed) {
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, allowed);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, also_allowed);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ERRNO | EPERM);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Without `network`: AF_UNIX only, and of it only stream and seqpacket sockets. A datagram socket
   sends to any socket file named in sendto or sendmsg, which Landlock does not check and a filter
   cannot read. */
static void tabhost_sandbox_refuse_socket(tabhost_sandbox_program *program, long nr, uint32_t action) {
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 8, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, AF_UNIX);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG1);
    tabhost_sandbox_emit(program, BPF_ALU | BPF_AND | BPF_K, 0, 0, 0xf); /* the type without SOCK_CLOEXEC, SOCK_NONBLOCK */
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, SOCK_STREAM);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, SOCK_SEQPACKET);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Namespace flags clone(2) takes. CLONE_NEWTIME is left out: its bit is part of clone's exit signal. */
#define TABHOST_SANDBOX_CLONE_NAMESPACES                                                                      \
    ((uint32_t)(CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | \
                CLONE_NEWCGROUP))

/* Calls of newer kernels than the build machine's headers know (the numbers are the same on x86_64
   and aarch64: the unified table), and the old calls aarch64 never had (-1: no entry). */
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#endif
#ifndef __NR_removexattrat
#define __NR_removexattrat 466
#endif
#ifndef __NR_open_tree_attr
#define __NR_open_tree_attr 467
#endif
#ifndef __NR_file_setattr
#define __NR_file_setattr 469
#endif
/* The newest call the policy below was reviewed against (file_setattr, Linux 6.17; 6.18 added none): the
   filter answers every later number ENOSYS. The numbers are one table on x86_64 and aarch64 from here on;
   raise it only with a look at what the new calls reach. */
#define TABHOST_SANDBOX_NEWEST_CALL 469u
#ifdef __NR_chmod
#define TABHOST_NR_CHMOD __NR_chmod
#define TABHOST_NR_CHOWN __NR_chown
#define TABHOST_NR_LCHOWN __NR_lchown
#define TABHOST_NR_UTIME __NR_utime
#define TABHOST_NR_UTIMES __NR_utimes
#define TABHOST_NR_FUTIMESAT __NR_futimesat
#else
#define TABHOST_NR_CHMOD -1
#define TABHOST_NR_CHOWN -1
#define TABHOST_NR_LCHOWN -1
#define TABHOST_NR_UTIME -1
#define TABHOST_NR_UTIMES -1
#define TABHOST_NR_FUTIMESAT -1
#endif

/* ioctl commands that change a file's attributes (chattr's flags, the project id): <linux/fs.h>. */
#define TABHOST_FS_IOC_SETFLAGS 0x40086602u
#define TABHOST_FS_IOC32_SETFLAGS 0x40046602u
#define TABHOST_FS_IOC_FSSETXATTR 0x401c5820u

/* How an entry tests its call's arguments. */
enum tabhost_sandbox_match {
    TABHOST_MATCH_ANY,          /* every use */
    TABHOST_MATCH_ARG0_BITS,    /* arg0 & k0 != 0 */
    TABHOST_MATCH_ARG0_OTHER,   /* arg0 is neither k0 nor k1 */
    TABHOST_MATCH_SOCKET,       /* a domain other than AF_UNIX, or a type other than stream and seqpacket */
    TABHOST_MATCH_ARG1_ONE_OF,  /* arg1 is k0, k1 or k2 */
    TABHOST_MATCH_OTHER_PID,    /* arg0 (a pid) names another process: neither 0 nor the caller */
    TABHOST_MATCH_OTHER_TARGET, /* arg0 (which) is not k0, or arg1 (who) names another process */
    TABHOST_MATCH_ARG0_LACKS    /* arg0 & k0 != k0 */
};

/* When an entry applies. */
enum tabhost_sandbox_when { TABHOST_WHEN_ALWAYS, TABHOST_WHEN_NO_EXEC, TABHOST_WHEN_NO_NETWORK, TABHOST_WHEN_NO_WATCH };

/* What the filter returns: an errno, or the refusal a permission lifts (a trap naming it with
   report_denials). */
enum tabhost_sandbox_verdict {
    TABHOST_VERDICT_EPERM,
    TABHOST_VERDICT_ENOSYS,
    TABHOST_VERDICT_EXEC,
    TABHOST_VERDICT_NETWORK,
    TABHOST_VERDICT_NOTHING /* 0, the call not made: what it would change stays as it is */
};

typedef struct tabhost_sandbox_entry {
    tabhost_sandbox_rule rule;
    uint8_t match, when, verdict;
    uint32_t k0, k1, k2;
} tabhost_sandbox_entry;

#define TABHOST_RULE(call, number, match, when, verdict, k0, k1, k2, action, reason) \
    {{call, number, action, reason}, match, when, verdict, k0, k1, k2}
#define TABHOST_REFUSE(call, reason) \
    TABHOST_RULE(#call, __NR_##call, TABHOST_MATCH_ANY, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM, 0, 0, 0, "EPERM", reason)
#define TABHOST_REFUSE_NR(call, number, reason) \
    TABHOST_RULE(call, number, TABHOST_MATCH_ANY, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM, 0, 0, 0, "EPERM", reason)
#define TABHOST_SELF_ONLY(call, reason)                                                                              \
    TABHOST_RULE(#call, __NR_##call, TABHOST_MATCH_OTHER_PID, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM, 0, 0, 0, \
                 "EPERM unless pid is 0 or the caller's", reason)

/* The policy: call → action → reason, one entry a line. The filter is generated from it as a search on
   the call number, the entries of one number in table order (the first that matches decides); every
   call it does not name is allowed. */
static const tabhost_sandbox_entry tabhost_sandbox_policy[] = {
    TABHOST_RULE("execve", __NR_execve, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_EXEC, TABHOST_VERDICT_EXEC, 0, 0, 0,
                 "EPERM unless exec", "running a program leaves what the module's code can be checked against"),
    TABHOST_RULE("execveat", __NR_execveat, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_EXEC, TABHOST_VERDICT_EXEC, 0, 0, 0,
                 "EPERM unless exec", "the same as execve"),
    TABHOST_REFUSE(ptrace, "another process's memory and registers (Landlock keeps out those outside; this, the module's own children)"),
    TABHOST_REFUSE(process_vm_readv, "another process's memory"),
    TABHOST_REFUSE(process_vm_writev, "another process's memory"),
    TABHOST_REFUSE(pidfd_getfd, "another process's descriptors"),
    TABHOST_REFUSE(mount, "mounts would rearrange the tree Landlock's rules are anchored in"),
    TABHOST_REFUSE(umount2, "the same (the private TMPDIR's tmpfs would come off)"),
    TABHOST_REFUSE(pivot_root, "the same"),
    TABHOST_REFUSE(open_tree, "the new mount API: the same"),
    TABHOST_REFUSE(move_mount, "the new mount API: the same"),
    TABHOST_REFUSE(fsopen, "the new mount API: the same"),
    TABHOST_REFUSE(fsconfig, "the new mount API: the same"),
    TABHOST_REFUSE(fsmount, "the new mount API: the same"),
    TABHOST_REFUSE(fspick, "the new mount API: the same"),
    TABHOST_REFUSE(mount_setattr, "the new mount API: the same"),
    TABHOST_REFUSE(open_tree_attr, "the new mount API: the same (Linux 6.15)"),
    TABHOST_REFUSE(bpf, "kernel attack surface no module needs"),
    TABHOST_REFUSE(perf_event_open, "kernel attack surface no module needs, and a view of the machine's activity"),
    TABHOST_REFUSE(userfaultfd, "kernel attack surface: the usual tool for winning a kernel race"),
    TABHOST_REFUSE(keyctl, "the kernel keyring outlives the process"),
    TABHOST_REFUSE(add_key, "the kernel keyring outlives the process"),
    TABHOST_REFUSE(request_key, "the kernel keyring outlives the process"),
    TABHOST_REFUSE(init_module, "what a child of root could do to the whole machine"),
    TABHOST_REFUSE(finit_module, "the same"),
    TABHOST_REFUSE(delete_module, "the same"),
    TABHOST_REFUSE(kexec_load, "the same"),
    TABHOST_REFUSE(kexec_file_load, "the same"),
    TABHOST_REFUSE(reboot, "the same"),
    TABHOST_REFUSE(io_uring_setup, "io_uring opens, connects and binds without the calls this filter reads"),
    TABHOST_REFUSE(io_uring_enter, "the same"),
    TABHOST_REFUSE(io_uring_register, "the same"),
    TABHOST_REFUSE(unshare, "a new namespace would give the module a user namespace's root, and mounts"),
    TABHOST_REFUSE(setns, "the same"),
    TABHOST_RULE("clone", __NR_clone, TABHOST_MATCH_ARG0_BITS, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM,
                 TABHOST_SANDBOX_CLONE_NAMESPACES, 0, 0, "EPERM with a namespace flag", "the same"),
    TABHOST_RULE("clone3", __NR_clone3, TABHOST_MATCH_ANY, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_ENOSYS, 0, 0, 0, "ENOSYS",
                 "its flags are behind a pointer a filter cannot read; ENOSYS makes libc fall back to clone"),
    TABHOST_RULE("personality", __NR_personality, TABHOST_MATCH_ARG0_OTHER, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM,
                 0xffffffffu, 0, 0, "EPERM unless asking or the default",
                 "other personas disable address randomisation or change how the kernel reads later calls"),
    /* Landlock (to ABI 7) checks neither modes, owners, times nor extended attributes, and a filter cannot
       read a path: the whole family is refused (a module's files are made with umask 077). */
    TABHOST_REFUSE_NR("chmod", TABHOST_NR_CHMOD, "a setuid bit, or a 0666 permissions.json, on a file the user owns"),
    TABHOST_REFUSE(fchmod, "the same"),
    TABHOST_REFUSE(fchmodat, "the same"),
    TABHOST_REFUSE(fchmodat2, "the same (Linux 6.6)"),
    TABHOST_REFUSE_NR("chown", TABHOST_NR_CHOWN, "changing a file's owner or group (a child of root could give files away)"),
    TABHOST_REFUSE(fchown, "the same"),
    TABHOST_REFUSE_NR("lchown", TABHOST_NR_LCHOWN, "the same"),
    TABHOST_REFUSE(fchownat, "the same"),
    TABHOST_REFUSE_NR("utime", TABHOST_NR_UTIME, "back-dating a file the user's tools trust by its time"),
    TABHOST_REFUSE_NR("utimes", TABHOST_NR_UTIMES, "the same"),
    TABHOST_REFUSE(utimensat, "the same"),
    TABHOST_REFUSE_NR("futimesat", TABHOST_NR_FUTIMESAT, "the same"),
    TABHOST_REFUSE(setxattr, "extended attributes: security labels, capabilities, ACLs on the user's files"),
    TABHOST_REFUSE(lsetxattr, "the same"),
    TABHOST_REFUSE(fsetxattr, "the same"),
    TABHOST_REFUSE(setxattrat, "the same (Linux 6.13)"),
    TABHOST_REFUSE(removexattr, "the same"),
    TABHOST_REFUSE(lremovexattr, "the same"),
    TABHOST_REFUSE(fremovexattr, "the same"),
    TABHOST_REFUSE(removexattrat, "the same (Linux 6.13)"),
    TABHOST_REFUSE(file_setattr, "a file's attribute flags and project id (Linux 6.17)"),
    /* A mode given when a file is made (open, mkdir, mknod, O_TMPFILE and linkat) is limited by the umask
       alone: umask(0) then 0777 would make what chmod may not. A umask that would let group or others in
       is not set, and the call answers 0 (it cannot fail, and a caller that restores the mask it got back
       restores 077's effect). */
    TABHOST_RULE("umask", __NR_umask, TABHOST_MATCH_ARG0_LACKS, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_NOTHING, 077, 0, 0,
                 "0 without effect unless the mask holds 077",
                 "files and directories others may read or write, made with modes chmod is refused"),
    /* The sandbox took root's real uid away so that the task limit holds (the kernel exempts real root);
       with effective uid 0 left, setresuid could take it back. No module needs to change who it is. */
    TABHOST_REFUSE(setuid, "as root, its real uid 0 back, and with it no task limit"),
    TABHOST_REFUSE(setreuid, "the same"),
    TABHOST_REFUSE(setresuid, "the same"),
    TABHOST_REFUSE(setfsuid, "the same, for file access"),
    TABHOST_REFUSE(setgid, "the groups it was given are the ones it keeps"),
    TABHOST_REFUSE(setregid, "the same"),
    TABHOST_REFUSE(setresgid, "the same"),
    TABHOST_REFUSE(setfsgid, "the same, for file access"),
    TABHOST_REFUSE(setgroups, "the same"),
    /* Memory no address-space limit counts: a memfd's pages, and System V segments and message queues,
       stay the kernel's while nothing maps them (the IPC namespace holds them until the module ends). */
    TABHOST_REFUSE(memfd_create, "memory outside the address-space limit (written, never mapped)"),
    TABHOST_REFUSE(memfd_secret, "the same"),
    TABHOST_REFUSE(shmget, "the same: a segment detached stays"),
    TABHOST_REFUSE(msgget, "the same: queued messages"),
    TABHOST_RULE("ioctl", __NR_ioctl, TABHOST_MATCH_ARG1_ONE_OF, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM,
                 TABHOST_FS_IOC_SETFLAGS, TABHOST_FS_IOC32_SETFLAGS, TABHOST_FS_IOC_FSSETXATTR,
                 "EPERM for FS_IOC_SETFLAGS, FS_IOC32_SETFLAGS, FS_IOC_FSSETXATTR", "chattr's flags and the project id"),
    TABHOST_RULE("inotify_add_watch", __NR_inotify_add_watch, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_WATCH, TABHOST_VERDICT_EPERM,
                 0, 0, 0, "EPERM without a read: or write: grant",
                 "a watch on any readable directory shows which files the user opens; Landlock does not check it"),
    TABHOST_REFUSE(fanotify_init, "the same, for a whole mount"),
    /* Only the caller: never the host (reachable without a PID namespace of its own), a user's or a group's
       processes. With a PID namespace every pid the module can name is its own, threads included. */
    TABHOST_SELF_ONLY(prlimit64, "another process's limits (the host's)"),
    TABHOST_RULE("setpriority", __NR_setpriority, TABHOST_MATCH_OTHER_TARGET, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM,
                 0 /* PRIO_PROCESS */, 0, 0, "EPERM unless PRIO_PROCESS of 0 or the caller",
                 "PRIO_USER and PRIO_PGRP reach every process of the user or the host's group"),
    TABHOST_SELF_ONLY(sched_setscheduler, "SCHED_IDLE for the host"),
    TABHOST_SELF_ONLY(sched_setparam, "the same"),
    TABHOST_SELF_ONLY(sched_setaffinity, "pinning the host to one CPU"),
    TABHOST_SELF_ONLY(sched_setattr, "the same as sched_setscheduler"),
    TABHOST_RULE("ioprio_set", __NR_ioprio_set, TABHOST_MATCH_OTHER_TARGET, TABHOST_WHEN_ALWAYS, TABHOST_VERDICT_EPERM,
                 1 /* IOPRIO_WHO_PROCESS */, 0, 0, "EPERM unless IOPRIO_WHO_PROCESS of 0 or the caller",
                 "IOPRIO_WHO_USER and IOPRIO_WHO_PGRP reach every process of the user or the host's group"),
    /* Landlock covers TCP only: UDP, raw, packet, netlink and the rest are refused by domain. A datagram
       Unix socket sends to any socket file named in sendto or sendmsg, which Landlock does not check. */
    TABHOST_RULE("socket", __NR_socket, TABHOST_MATCH_SOCKET, TABHOST_WHEN_NO_NETWORK, TABHOST_VERDICT_NETWORK, 0, 0, 0,
                 "EPERM unless network, for other than AF_UNIX stream or seqpacket", "UDP, raw, packet, netlink; Unix datagrams"),
    TABHOST_RULE("socketpair", __NR_socketpair, TABHOST_MATCH_SOCKET, TABHOST_WHEN_NO_NETWORK, TABHOST_VERDICT_NETWORK, 0, 0, 0,
                 "EPERM unless network, for other than AF_UNIX stream or seqpacket", "the same"),
    TABHOST_RULE("connect", __NR_connect, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_NETWORK, TABHOST_VERDICT_NETWORK, 0, 0, 0,
                 "EPERM unless network",
                 "Landlock (to ABI 7) does not check connecting to a socket file: the session bus, a daemon's socket"),
    TABHOST_RULE("bind", __NR_bind, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_NETWORK, TABHOST_VERDICT_NETWORK, 0, 0, 0,
                 "EPERM unless network", "a listening socket, abstract or a file, another process could be lured to"),
    TABHOST_RULE("listen", __NR_listen, TABHOST_MATCH_ANY, TABHOST_WHEN_NO_NETWORK, TABHOST_VERDICT_NETWORK, 0, 0, 0,
                 "EPERM unless network", "the same"),
};

#define TABHOST_SANDBOX_POLICY_COUNT (sizeof tabhost_sandbox_policy / sizeof *tabhost_sandbox_policy)

const tabhost_sandbox_rule *tabhost_sandbox_rules(size_t *count) {
    /* The entries begin with their rule, but the array's stride is the entry's: hand out a copy. */
    static tabhost_sandbox_rule rules[TABHOST_SANDBOX_POLICY_COUNT];
    if (rules[0].name == NULL) {
        for (size_t i = 0; i < TABHOST_SANDBOX_POLICY_COUNT; i++) rules[i] = tabhost_sandbox_policy[i].rule;
    }
    *count = TABHOST_SANDBOX_POLICY_COUNT;
    return rules;
}

/* Refuses `nr` with `action` when arg `which` (0 or 1) is neither 0 nor `self`; nothing when `self` is 0
   (a PID namespace of its own: every pid is the sandbox's). The accumulator holds the number again after. */
static void tabhost_sandbox_refuse_other_pid(tabhost_sandbox_program *program, long nr, uint32_t self, uint32_t action) {
    if (self == 0) return;
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, 0);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, self);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Refuses `nr` unless arg0 is `which` and arg1 is 0 or `self` (any pid when `self` is 0). */
static void tabhost_sandbox_refuse_other_target(tabhost_sandbox_program *program, long nr, uint32_t which, uint32_t self,
                                                uint32_t action) {
    if (self == 0) {
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, (uint32_t)nr);
        tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, which);
    } else {
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 7, (uint32_t)nr);
        tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG0);
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, which);
        tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG1);
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, 0);
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, self);
    }
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* Refuses `nr` when arg1 is one of three values. */
static void tabhost_sandbox_refuse_arg1_one_of(tabhost_sandbox_program *program, long nr, uint32_t a, uint32_t b, uint32_t c,
                                               uint32_t action) {
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, (uint32_t)nr);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARG1);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, a);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, b);
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, c);
    tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, action);
    tabhost_sandbox_emit(program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
}

/* What the filter answers for the entries of one run: the refusals a permission would lift, and the
   caller's pid (0 with a PID namespace of its own). */
typedef struct tabhost_sandbox_filter_context {
    const tabhost_sandbox_profile *profile;
    uint32_t self, exec_refusal, network_refusal;
    size_t order[TABHOST_SANDBOX_POLICY_COUNT]; /* the entries that apply, by call number, policy order kept */
    size_t count;
} tabhost_sandbox_filter_context;

/* Whether `entry` is part of the filter for the context's profile. */
static int tabhost_sandbox_entry_applies(const tabhost_sandbox_profile *profile, const tabhost_sandbox_entry *entry) {
    if (entry->rule.number < 0) return 0;
    if (entry->when == TABHOST_WHEN_NO_EXEC && profile->exec) return 0;
    if (entry->when == TABHOST_WHEN_NO_NETWORK && profile->network) return 0;
    if (entry->when == TABHOST_WHEN_NO_WATCH && profile->watch_files) return 0;
    return 1;
}

/* The entries of the part made ahead (tabhost_sandbox_split_ahead()) apply to every profile: those of
   no permission, but mount, which LOAD's own steps still call (the TMPDIR's tmpfs). */
static int tabhost_sandbox_entry_ahead(const tabhost_sandbox_entry *entry) {
    return entry->when == TABHOST_WHEN_ALWAYS && entry->rule.number != __NR_mount;
}

/* Whether `entry` is part of `part` of the filter for `profile`. */
static int tabhost_sandbox_entry_in_part(const tabhost_sandbox_profile *profile, const tabhost_sandbox_entry *entry,
                                         tabhost_sandbox_filter_part part) {
    if (!tabhost_sandbox_entry_applies(profile, entry)) return 0;
    switch (part) {
    case TABHOST_SANDBOX_FILTER_AHEAD: return tabhost_sandbox_entry_ahead(entry);
    case TABHOST_SANDBOX_FILTER_REST: return !tabhost_sandbox_entry_ahead(entry);
    default: return 1;
    }
}

/* One entry's instructions: a test of the call number that skips them for any other call, then its
   argument tests and its verdict; the accumulator holds the call number again after them. */
static void tabhost_sandbox_emit_entry(tabhost_sandbox_program *program, const tabhost_sandbox_filter_context *context,
                                       const tabhost_sandbox_entry *entry) {
    long nr = entry->rule.number;
    uint32_t action = entry->verdict == TABHOST_VERDICT_EXEC      ? context->exec_refusal
                      : entry->verdict == TABHOST_VERDICT_NETWORK ? context->network_refusal
                      : entry->verdict == TABHOST_VERDICT_ENOSYS  ? SECCOMP_RET_ERRNO | ENOSYS
                      : entry->verdict == TABHOST_VERDICT_NOTHING ? SECCOMP_RET_ERRNO | 0
                                                                  : SECCOMP_RET_ERRNO | EPERM;
    switch (entry->match) {
    case TABHOST_MATCH_ANY: tabhost_sandbox_refuse_with(program, nr, action); break;
    case TABHOST_MATCH_ARG0_BITS: tabhost_sandbox_refuse_arg0_bits(program, nr, entry->k0); break;
    case TABHOST_MATCH_ARG0_OTHER: tabhost_sandbox_refuse_arg0_other_than(program, nr, entry->k0, entry->k1); break;
    case TABHOST_MATCH_SOCKET: tabhost_sandbox_refuse_socket(program, nr, action); break;
    case TABHOST_MATCH_ARG1_ONE_OF: tabhost_sandbox_refuse_arg1_one_of(program, nr, entry->k0, entry->k1, entry->k2, action); break;
    case TABHOST_MATCH_OTHER_PID: tabhost_sandbox_refuse_other_pid(program, nr, context->self, action); break;
    case TABHOST_MATCH_OTHER_TARGET:
        tabhost_sandbox_refuse_other_target(program, nr, entry->k0, context->self, action);
        break;
    case TABHOST_MATCH_ARG0_LACKS: tabhost_sandbox_refuse_arg0_lacking(program, nr, entry->k0, action); break;
    default: break;
    }
}

/* The entries order[lo..hi) (sorted by call number) as a binary search on the call number: a call the
   policy does not name passes a handful of comparisons instead of one per entry, which is what the
   kernel pays for every call number when it builds its cache of always-allowed calls at install, and
   for every call whose answer depends on its arguments. Entries of one number stay together and in
   policy order, so the first that matches still decides. */
/* Whether order[i] is the first entry of its call number in the range that starts at `lo`. */
static int tabhost_sandbox_starts_number(const tabhost_sandbox_filter_context *context, size_t lo, size_t i) {
    return i == lo || tabhost_sandbox_policy[context->order[i]].rule.number != tabhost_sandbox_policy[context->order[i - 1]].rule.number;
}

static void tabhost_sandbox_emit_range(tabhost_sandbox_program *program, const tabhost_sandbox_filter_context *context,
                                       size_t lo, size_t hi) {
    /* The number of distinct call numbers in the range decides between a leaf and a split. */
    size_t distinct = 0, middle = lo;
    for (size_t i = lo; i < hi; i++) distinct += (size_t)tabhost_sandbox_starts_number(context, lo, i);
    if (distinct <= TABHOST_SANDBOX_FILTER_LEAF) {
        for (size_t i = lo; i < hi; i++) tabhost_sandbox_emit_entry(program, context, &tabhost_sandbox_policy[context->order[i]]);
        tabhost_sandbox_emit(program, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
        tabhost_sandbox_emit_verdicts(program);
        return;
    }
    /* The first entry of the middle call number starts the upper half. */
    for (size_t seen = 0, i = lo; i < hi; i++) {
        if (tabhost_sandbox_starts_number(context, lo, i) && seen++ == distinct / 2) {
            middle = i;
            break;
        }
    }
    /* A number at or above the pivot jumps over the lower half: at once when the 8 bits of a conditional
       jump reach past it (its length counted by writing it nowhere first), else through a JA, patched
       once the lower half is written. */
    uint32_t pivot = (uint32_t)tabhost_sandbox_policy[context->order[middle]].rule.number;
    tabhost_sandbox_program lower = {.code = NULL};
    tabhost_sandbox_emit_range(&lower, context, lo, middle);
    if (lower.count <= UINT8_MAX) {
        tabhost_sandbox_emit(program, BPF_JMP | BPF_JGE | BPF_K, (uint8_t)lower.count, 0, pivot);
        tabhost_sandbox_emit_range(program, context, lo, middle);
        tabhost_sandbox_emit_range(program, context, middle, hi);
        return;
    }
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JGE | BPF_K, 0, 1, pivot);
    size_t jump = program->count;
    tabhost_sandbox_emit(program, BPF_JMP | BPF_JA, 0, 0, 0);
    tabhost_sandbox_emit_range(program, context, lo, middle);
    if (program->code && jump < program->capacity) program->code[jump].k = (uint32_t)(program->count - jump - 1);
    tabhost_sandbox_emit_range(program, context, middle, hi);
}

/* `part` of the filter for `profile`; `self` is the caller's pid, or 0 when it has a PID namespace of its own. */
static size_t tabhost_sandbox_build_filter(const tabhost_sandbox_profile *profile, uint32_t self, tabhost_sandbox_filter_part part,
                                           struct sock_filter *_Nullable code, size_t capacity) {
    tabhost_sandbox_program program = {.code = code, .capacity = capacity};
    /* Syscall numbers mean something else on another architecture's entry: check it before any number. */
    tabhost_sandbox_emit(&program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_ARCH);
    tabhost_sandbox_emit(&program, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, TABHOST_SANDBOX_ARCH);
    tabhost_sandbox_emit(&program, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_KILL_PROCESS);
    tabhost_sandbox_emit(&program, BPF_LD | BPF_W | BPF_ABS, 0, 0, TABHOST_SECCOMP_NR);
    /* A call newer than this table was written against (or an x32 number, bit 30: the x86_64 audit arch,
       other numbers) could do what a refused one does by another way, as open_tree_attr and setxattrat
       did when they came: ENOSYS, which libc meets as a kernel too old for it. */
    tabhost_sandbox_emit(&program, BPF_JMP | BPF_JGE | BPF_K, 0, 1, TABHOST_SANDBOX_NEWEST_CALL + 1);
    tabhost_sandbox_emit(&program, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ERRNO | ENOSYS);

    /* The refusals a permission would lift: a trap names it (report_denials), else an errno. Never a
       trap with `exec` granted: a program the module runs has no handler, and a trap would kill it. */
    tabhost_sandbox_filter_context context = {.profile = profile,
                                              .self = self,
                                              .exec_refusal = SECCOMP_RET_ERRNO | EPERM,
                                              .network_refusal = SECCOMP_RET_ERRNO | EPERM};
    if (profile->report_denials && !profile->exec) {
        context.exec_refusal = SECCOMP_RET_TRAP | TABHOST_SANDBOX_DENIED_EXEC;
        context.network_refusal = SECCOMP_RET_TRAP | TABHOST_SANDBOX_DENIED_NETWORK;
    }
    /* The entries that apply, sorted by number with an insertion sort (stable: policy order within a number). */
    for (size_t i = 0; i < TABHOST_SANDBOX_POLICY_COUNT; i++) {
        if (!tabhost_sandbox_entry_in_part(profile, &tabhost_sandbox_policy[i], part)) continue;
        size_t at = context.count++;
        while (at > 0 && tabhost_sandbox_policy[context.order[at - 1]].rule.number > tabhost_sandbox_policy[i].rule.number) {
            context.order[at] = context.order[at - 1];
            at--;
        }
        context.order[at] = i;
    }
    tabhost_sandbox_emit_range(&program, &context, 0, context.count);
    /* Longer than any capacity: tabhost_sandbox_seccomp() then refuses it as too long. */
    return program.out_of_reach ? SIZE_MAX : program.count;
}

size_t tabhost_sandbox_filter(const tabhost_sandbox_profile *profile, struct sock_filter *_Nullable code, size_t capacity) {
    return tabhost_sandbox_build_filter(profile, (uint32_t)getpid(), TABHOST_SANDBOX_FILTER_WHOLE, code, capacity);
}

size_t tabhost_sandbox_part_filter(const tabhost_sandbox_profile *profile, tabhost_sandbox_filter_part part,
                                   struct sock_filter *_Nullable code, size_t capacity) {
    return tabhost_sandbox_build_filter(profile, (uint32_t)getpid(), part, code, capacity);
}

/* ---- naming refusals: the SIGSYS handler of report_denials ---- */

static volatile int tabhost_sandbox_denial_fd = -1;

/* si_code of a seccomp trap (<asm-generic/siginfo.h>, which clashes with glibc's <signal.h>). */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif

/* Runs on the thread whose call the filter trapped, inside that call: only async-signal-safe calls.
   The kernel skipped the call and put the registers back as they were before it; the return value set
   here is what the caller sees, so the module gets EPERM exactly as with SECCOMP_RET_ERRNO. */
static void tabhost_sandbox_sigsys(int signal_number, siginfo_t *info, void *_Nullable context) {
    int saved_errno = errno;
    unsigned category = info->si_code == SYS_SECCOMP ? (unsigned)info->si_errno : 0;
    if (context == NULL || (category != TABHOST_SANDBOX_DENIED_EXEC && category != TABHOST_SANDBOX_DENIED_NETWORK)) {
        /* Not one of this filter's traps (kill -SYS, another filter): end as SIGSYS would without a
           handler, once this one returns and unblocks it. */
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(signal_number, &fallback, NULL);
        raise(signal_number);
        errno = saved_errno;
        return;
    }
    ucontext_t *registers = context;
#if defined(__x86_64__)
    registers->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
    registers->uc_mcontext.regs[0] = (unsigned long long)(long long)-EPERM;
#endif
    int fd = tabhost_sandbox_denial_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)category;
        ssize_t written = write(fd, &byte, 1); /* a full pipe drops it: the reader has one already */
        (void)written;
    }
    errno = saved_errno;
}

int tabhost_sandbox_install_denial_handler(int denial_fd) {
    tabhost_sandbox_denial_fd = denial_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = tabhost_sandbox_sigsys;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGSYS, &action, NULL) != 0) return -1;
    /* A blocked SIGSYS would make the kernel kill on a trap: unblock it on this thread (the module's
       threads inherit the mask). */
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGSYS);
    return pthread_sigmask(SIG_UNBLOCK, &mask, NULL) == 0 ? 0 : -1;
}

/* Returns 0 when the filter is in force or the kernel has no seccomp, -1 on a hard failure. */
static int tabhost_sandbox_seccomp(const tabhost_sandbox_profile *profile, uint32_t self, tabhost_sandbox_filter_part part,
                                   tabhost_sandbox_report *report) {
    struct sock_filter code[512];
    size_t count = tabhost_sandbox_build_filter(profile, self, part, code, sizeof code / sizeof *code);
    if (count > sizeof code / sizeof *code) {
        tabhost_sandbox_say(report, " [seccomp: filter too long]");
        return -1;
    }
    struct sock_fprog fprog = {.len = (unsigned short)count, .filter = code};
    long installed = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &fprog);
    if (installed == 0) {
        report->enforced |= TABHOST_SANDBOX_SECCOMP;
        return 0;
    }
    if (installed > 0) {
        tabhost_sandbox_say(report, " [seccomp: thread %ld has a filter of its own]", installed);
        return -1;
    }
    int error = errno;
    /* A kernel without seccomp fails PR_GET_SECCOMP with EINVAL too; that is a missing layer, not a failure. */
    if ((error == EINVAL || error == ENOSYS) && prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0 && errno == EINVAL) {
        report->missing |= TABHOST_SANDBOX_SECCOMP;
        return 0;
    }
    tabhost_sandbox_say(report, " [seccomp: %s]", strerror(error));
    return -1;
}

/* ---- limits ---- */

static int tabhost_sandbox_limits(const tabhost_sandbox_profile *profile, const tabhost_sandbox_processes *processes,
                                  tabhost_sandbox_report *report) {
    if (profile->max_processes) {
        /* In its own namespace the count is the sandbox's tasks alone; without one it is every task of
           the real user, so the plain rule adds what the machine runs now. The processes that only wait
           (the one the host started, and PID 1 or the keeper) are not the module's to spend. */
        uint64_t tasks = profile->max_processes + 2;
        if (!processes->in_namespace) tasks += processes->running_tasks;
        /* A hard limit below it (the user's, or one root set without CAP_SYS_RESOURCE to raise it)
           is tighter still, and kept. */
        struct rlimit limit;
        if (getrlimit(RLIMIT_NPROC, &limit) == 0 && limit.rlim_max != RLIM_INFINITY && limit.rlim_max < (rlim_t)tasks)
            tasks = (uint64_t)limit.rlim_max;
        limit.rlim_cur = limit.rlim_max = (rlim_t)tasks;
        if (setrlimit(RLIMIT_NPROC, &limit) != 0) {
            tabhost_sandbox_say(report, " [RLIMIT_NPROC: %s]", strerror(errno));
            return -1;
        }
        /* The kernel does not apply RLIMIT_NPROC to the real root user (nor to CAP_SYS_RESOURCE or
           CAP_SYS_ADMIN): a child of root without a namespace has its real uid 0 back. getuid() would
           not say so inside a namespace that leaves uid 0 unmapped. */
        if (processes->real_root) {
            report->missing |= TABHOST_SANDBOX_PROCESS_LIMIT;
        } else {
            report->enforced |= TABHOST_SANDBOX_PROCESS_LIMIT;
            if (processes->in_namespace) report->enforced |= TABHOST_SANDBOX_PROCESS_NAMESPACE;
        }
    }
    if (profile->max_memory_bytes) {
        struct rlimit limit = {.rlim_cur = (rlim_t)profile->max_memory_bytes, .rlim_max = (rlim_t)profile->max_memory_bytes};
        if (setrlimit(RLIMIT_AS, &limit) != 0) {
            tabhost_sandbox_say(report, " [RLIMIT_AS: %s]", strerror(errno));
            return -1;
        }
        report->enforced |= TABHOST_SANDBOX_MEMORY_LIMIT;
    }
    return 0;
}

/* ---- the report ---- */

static void tabhost_sandbox_describe(const tabhost_sandbox_profile *profile, const tabhost_sandbox_processes *processes,
                                     const tabhost_sandbox_family *family, tabhost_sandbox_report *report,
                                     const char *_Nullable failure) {
    char errors[TABHOST_SANDBOX_REPORT_TEXT];
    snprintf(errors, sizeof errors, "%s", report->text);
    report->text[0] = '\0';
    unsigned on = report->enforced, off = report->missing;
    tabhost_sandbox_say(report, "sandbox:");
    if (report->landlock_abi > 0) {
        tabhost_sandbox_say(report, " landlock ABI %d", report->landlock_abi);
    } else {
        tabhost_sandbox_say(report, " no landlock");
    }
    tabhost_sandbox_say(report, "; enforced:");
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {
        {TABHOST_SANDBOX_NO_NEW_PRIVS, "no_new_privs"},
        {TABHOST_SANDBOX_CAPABILITIES, "no capabilities"},
        {TABHOST_SANDBOX_FILESYSTEM, "filesystem"},
        {TABHOST_SANDBOX_TCP, "tcp"},
        {TABHOST_SANDBOX_SCOPE_SIGNAL, "signal scope"},
        {TABHOST_SANDBOX_SCOPE_ABSTRACT, "abstract socket scope"},
        {TABHOST_SANDBOX_SECCOMP, "seccomp"},
        {TABHOST_SANDBOX_PROCESS_LIMIT, "process limit"},
        {TABHOST_SANDBOX_MEMORY_LIMIT, "memory limit"},
        {TABHOST_SANDBOX_PID_NAMESPACE, "pid namespace"},
        {TABHOST_SANDBOX_SUBREAPER, "subreaper keeper (no PID namespace)"},
        {TABHOST_SANDBOX_IPC_NAMESPACE, "ipc namespace"},
        {TABHOST_SANDBOX_PRIVATE_TMP, "private tmp"},
    };
    const char *separator = " ";
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (on & names[i].bit) {
            tabhost_sandbox_say(report, "%s%s", separator, names[i].name);
            separator = ", ";
            if (names[i].bit == TABHOST_SANDBOX_PRIVATE_TMP)
                tabhost_sandbox_say(report, " (%llu MiB tmpfs)", (unsigned long long)(family->tmp_bytes >> 20));
            if (names[i].bit != TABHOST_SANDBOX_PROCESS_LIMIT) continue;
            if (on & TABHOST_SANDBOX_PROCESS_NAMESPACE) {
                tabhost_sandbox_say(report, " (%llu of its own tasks%s%s)", (unsigned long long)profile->max_processes,
                                    processes->why[0] ? "; " : "", processes->why);
            } else {
                tabhost_sandbox_say(report, " (all of the user's tasks: %s)", processes->why);
            }
        }
    }
    if (!on) tabhost_sandbox_say(report, " nothing");
    else tabhost_sandbox_say(report, ", nice +%d, %d files", TABHOST_SANDBOX_NICE_INCREMENT, TABHOST_SANDBOX_MAX_FILES);
    if (report->landlock_abi > 0 && report->landlock_abi < 3) {
        tabhost_sandbox_say(report, " (truncating readable files not stopped before ABI 3)");
    }
    if (report->landlock_abi > 0 && report->landlock_abi < 5) {
        tabhost_sandbox_say(report, " (device ioctls not stopped before ABI 5)");
    }
    if (profile->network || profile->system || profile->exec) {
        tabhost_sandbox_say(report, "; granted:%s%s%s", profile->network ? " network" : "",
                            profile->system ? " system" : "", profile->exec ? " exec" : "");
    }
    if (off) {
        tabhost_sandbox_say(report, "; missing:");
        separator = " ";
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
            if (!(off & names[i].bit)) continue;
            const char *why = "";
            char reason[160];
            if (names[i].bit == TABHOST_SANDBOX_PROCESS_LIMIT) {
                snprintf(reason, sizeof reason, " (not applied to root: %s)", processes->why);
                why = reason;
            }
            else if (names[i].bit == TABHOST_SANDBOX_TCP) why = report->landlock_abi ? " (Landlock ABI 4)" : " (no Landlock)";
            else if (names[i].bit & (TABHOST_SANDBOX_SCOPE_SIGNAL | TABHOST_SANDBOX_SCOPE_ABSTRACT))
                why = report->landlock_abi ? " (Landlock ABI 6)" : " (no Landlock)";
            else if (names[i].bit == TABHOST_SANDBOX_FILESYSTEM) why = " (no Landlock)";
            else if (names[i].bit == TABHOST_SANDBOX_SECCOMP) why = " (kernel without seccomp)";
            else if (names[i].bit & (TABHOST_SANDBOX_PID_NAMESPACE | TABHOST_SANDBOX_IPC_NAMESPACE)) {
                snprintf(reason, sizeof reason, " (%s)", family->why);
                why = reason;
            } else if (names[i].bit == TABHOST_SANDBOX_PRIVATE_TMP) {
                snprintf(reason, sizeof reason, " (%s)", family->tmp_why);
                why = reason;
            }
            tabhost_sandbox_say(report, "%s%s%s", separator, names[i].name, why);
            separator = ", ";
        }
    }
    if (report->skipped_paths) tabhost_sandbox_say(report, "; %u paths could not be added", report->skipped_paths);
    if (failure) tabhost_sandbox_say(report, "; FAILED at %s%s", failure, errors);
}

/* What the steps before the module's process exists found: the user namespace, the PID, IPC and mount
   namespaces, and the split. */
typedef struct tabhost_sandbox_entered {
    int state; /* 0 not yet, 1 done (this is the module's process), -1 failed */
    const char *_Nullable failed_step;
    tabhost_sandbox_processes processes;
    tabhost_sandbox_family family;
    char said[TABHOST_SANDBOX_REPORT_TEXT]; /* what the steps said (a failure's errno) */
} tabhost_sandbox_entered;

/* Set by tabhost_sandbox_split_ahead(): tabhost_sandbox_apply() then goes on from there. */
static tabhost_sandbox_entered tabhost_sandbox_ahead;

/* no_new_privs, the user namespace, the PID, IPC and mount namespaces, and the split: every step that
   does not depend on the module's paths or grants. Returns 0 in the module's process (the others only
   wait, and never return), or -1 with `entered->failed_step` set. */
static int tabhost_sandbox_enter(const tabhost_sandbox_profile *profile, tabhost_sandbox_entered *entered,
                                 tabhost_sandbox_report *report) {
    memset(entered, 0, sizeof *entered);
    entered->state = -1;
    /* Required by Landlock and by an unprivileged seccomp filter; also keeps setuid programs from
       gaining what the sandbox took away. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        tabhost_sandbox_say(report, " [PR_SET_NO_NEW_PRIVS: %s]", strerror(errno));
        entered->failed_step = "no_new_privs";
        return -1;
    }
    /* Before the capabilities go: a child of root needs CAP_SETUID to move its real uid, and
       CAP_SETFCAP when it unshares to map uid 0. Any other user needs the user namespace for the PID,
       IPC and mount namespaces too (root makes those with the capabilities it has). */
    if (profile->max_processes || (!profile->without_namespaces && geteuid() != 0))
        tabhost_sandbox_process_namespace(&entered->processes);
    /* Before the fork, so all three processes share them. */
    if (profile->without_namespaces) {
        snprintf(entered->family.why, sizeof entered->family.why, "no PID namespace: left out (tests)");
        snprintf(entered->family.tmp_why, sizeof entered->family.tmp_why, "no mount namespace: left out (tests)");
    } else {
        tabhost_sandbox_namespaces(profile, &entered->family);
    }
    if (tabhost_sandbox_split(&entered->family, report) != 0) {
        entered->failed_step = "fork";
        return -1;
    }
    entered->state = 1;
    return 0;
}

int tabhost_sandbox_make_system_ruleset(unsigned *skipped) {
    *skipped = 0;
    int abi = tabhost_sandbox_landlock_abi();
    if (abi <= 0) {
        errno = EOPNOTSUPP;
        return -1;
    }
    struct tabhost_ll_ruleset_attr attr;
    size_t attr_size = 0;
    return tabhost_sandbox_system_ruleset(abi, false, false, false, &attr, &attr_size, skipped);
}

int tabhost_sandbox_split_ahead(uint64_t max_processes, bool private_tmp, const char *_Nullable tmp_path,
                                bool filter_ahead, int system_ruleset, unsigned system_ruleset_skipped) {
    if (tabhost_sandbox_ahead.state != 0) {
        if (system_ruleset >= 0) close(system_ruleset);
        return -1;
    }
    tabhost_sandbox_profile profile;
    memset(&profile, 0, sizeof profile);
    profile.max_processes = max_processes;
    /* Whether there will be one asks for the mount namespace; its tmpfs waits for a path. */
    profile.private_tmp = private_tmp ? "/" : NULL;
    tabhost_sandbox_report report;
    memset(&report, 0, sizeof report);
    int status = tabhost_sandbox_enter(&profile, &tabhost_sandbox_ahead, &report);
    snprintf(tabhost_sandbox_ahead.said, sizeof tabhost_sandbox_ahead.said, "%s", report.text);
    if (status != 0) {
        if (system_ruleset >= 0) close(system_ruleset);
        return status;
    }
    /* In the module's process, what else does not depend on the module: its TMPDIR's tmpfs, when the
       host made that directory ahead too (LOAD then names the same one), the bounding set (the
       capabilities in force stay until LOAD's own steps are done), and the system paths' ruleset of a
       profile without network or exec (the host's, when it sent one). */
    tabhost_sandbox_ahead_rules *rules = &tabhost_sandbox_rules_ahead;
    if (private_tmp && tmp_path != NULL && strlen(tmp_path) < sizeof rules->tmp) {
        profile.private_tmp = tmp_path;
        tabhost_sandbox_private_tmp(&profile, &tabhost_sandbox_ahead.family);
        if (tabhost_sandbox_ahead.family.private_tmp) snprintf(rules->tmp, sizeof rules->tmp, "%s", tmp_path);
    }
    if (tabhost_sandbox_holds_capabilities() > 0) tabhost_sandbox_drop_bounding_set();
    int abi = tabhost_sandbox_landlock_abi();
    if (abi > 0) {
        size_t attr_size = 0;
        if (system_ruleset >= 0) {
            /* The host's lacks what names this process; added here, in the module's process. */
            tabhost_sandbox_system_attr(abi, false, &rules->attr, &attr_size);
            rules->ruleset = system_ruleset;
            rules->skipped = system_ruleset_skipped + tabhost_sandbox_allow_own_paths(system_ruleset, rules->attr.handled_access_fs);
        } else {
            rules->ruleset =
                tabhost_sandbox_system_ruleset(abi, false, false, true, &rules->attr, &attr_size, &rules->skipped);
        }
        rules->abi = abi;
    } else if (system_ruleset >= 0) {
        close(system_ruleset);
    }
    /* Last, as nothing after it may need what it refuses: the filter's part that every profile has.
       Filters only add up, so LOAD's part adds the rest; without this one, LOAD installs the whole. */
    if (!filter_ahead) return 0;
    tabhost_sandbox_profile defaults;
    memset(&defaults, 0, sizeof defaults);
    tabhost_sandbox_report installed;
    memset(&installed, 0, sizeof installed);
    uint32_t self = tabhost_sandbox_ahead.family.pid_namespace ? 0 : (uint32_t)getpid();
    rules->filter = tabhost_sandbox_seccomp(&defaults, self, TABHOST_SANDBOX_FILTER_AHEAD, &installed) == 0 &&
                    (installed.enforced & TABHOST_SANDBOX_SECCOMP) != 0;
    return 0;
}

int tabhost_sandbox_apply(const tabhost_sandbox_profile *profile, tabhost_sandbox_report *report) {
    memset(report, 0, sizeof *report);
    int ahead = tabhost_sandbox_ahead.state != 0;
    if (ahead && (profile->unrestricted || profile->without_namespaces)) {
        /* The host never sends such a module to a child split ahead: it could not be less confined. */
        snprintf(report->text, sizeof report->text, "sandbox: not applied: its namespaces were made ahead for another profile");
        return -1;
    }
    if (profile->unrestricted) {
        report->landlock_abi = tabhost_sandbox_landlock_abi();
        snprintf(report->text, sizeof report->text, "sandbox: unrestricted (granted): nothing enforced");
        return 0;
    }
    tabhost_sandbox_entered now;
    tabhost_sandbox_entered *entered = ahead ? &tabhost_sandbox_ahead : &now;
    if (ahead) {
        snprintf(report->text, sizeof report->text, "%s", tabhost_sandbox_ahead.said);
    } else {
        (void)tabhost_sandbox_enter(profile, &now, report);
    }
    tabhost_sandbox_processes processes = entered->processes;
    tabhost_sandbox_family family = entered->family;
    if (entered->state != 1) {
        if (entered->failed_step == NULL || strcmp(entered->failed_step, "no_new_privs") != 0)
            report->enforced |= TABHOST_SANDBOX_NO_NEW_PRIVS;
        tabhost_sandbox_describe(profile, &processes, &family, report,
                                 entered->failed_step ? entered->failed_step : "fork");
        return -1;
    }
    report->enforced |= TABHOST_SANDBOX_NO_NEW_PRIVS;
    /* From here on this is the module's process; its parent only waits. The tmpfs in the mount
       namespace all three share, before Landlock, whose rule for TMPDIR then names the tmpfs. */
    if (profile->private_tmp == NULL) {
        family.private_tmp = 0;
    } else if (!family.private_tmp || strcmp(tabhost_sandbox_rules_ahead.tmp, profile->private_tmp) != 0) {
        /* Unless mounted ahead over this very directory. */
        if (!profile->without_namespaces) tabhost_sandbox_private_tmp(profile, &family);
    }
    if (profile->own_proc && !profile->without_namespaces) (void)tabhost_sandbox_own_proc(&family);
    if (family.pid_namespace) report->enforced |= TABHOST_SANDBOX_PID_NAMESPACE;
    else report->missing |= TABHOST_SANDBOX_PID_NAMESPACE;
    if (family.subreaper) report->enforced |= TABHOST_SANDBOX_SUBREAPER;
    if (family.ipc_namespace) report->enforced |= TABHOST_SANDBOX_IPC_NAMESPACE;
    else report->missing |= TABHOST_SANDBOX_IPC_NAMESPACE;
    if (family.private_tmp) report->enforced |= TABHOST_SANDBOX_PRIVATE_TMP;
    else if (profile->private_tmp) report->missing |= TABHOST_SANDBOX_PRIVATE_TMP;
    tabhost_sandbox_resources(report);
    if (tabhost_sandbox_capabilities(report) != 0) {
        tabhost_sandbox_describe(profile, &processes, &family, report, "capabilities");
        return -1;
    }
    int landlock = tabhost_sandbox_landlock(profile, report);
    /* The module's code must not inherit them. */
    tabhost_sandbox_release_prepared();
    if (landlock != 0) {
        tabhost_sandbox_describe(profile, &processes, &family, report, "landlock");
        return -1;
    }
    /* The traps of report_denials need their handler first; without it every refusal stays an errno. */
    tabhost_sandbox_profile filtered = *profile;
    if (filtered.report_denials && !filtered.exec && tabhost_sandbox_install_denial_handler(filtered.denial_fd) != 0) {
        filtered.report_denials = false;
    }
    /* In a PID namespace of its own every pid the module can name is its own, its threads' included. */
    uint32_t self = family.pid_namespace ? 0 : (uint32_t)getpid();
    tabhost_sandbox_filter_part part = tabhost_sandbox_rules_ahead.filter ? TABHOST_SANDBOX_FILTER_REST : TABHOST_SANDBOX_FILTER_WHOLE;
    if (tabhost_sandbox_seccomp(&filtered, self, part, report) != 0) {
        tabhost_sandbox_describe(profile, &processes, &family, report, "seccomp");
        return -1;
    }
    if (tabhost_sandbox_limits(profile, &processes, report) != 0) {
        tabhost_sandbox_describe(profile, &processes, &family, report, "limits");
        return -1;
    }
    tabhost_sandbox_lower_priority();
    tabhost_sandbox_describe(profile, &processes, &family, report, NULL);
    return 0;
}

#pragma clang assume_nonnull end
