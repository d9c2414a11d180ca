/*
 * tabhost_sandbox.h: the kernel sandbox a module's child puts itself in before it opens the module
 * (lock first, then load), so the module's constructors already run confined.
 *
 * tabhost_sandbox_apply() applies, in this order: PR_SET_NO_NEW_PRIVS; with a process limit (and, for
 * any user but root, always), a user namespace of its own (below); PID, IPC and mount namespaces and the
 * private TMPDIR's tmpfs; then it splits the process in three: the caller stays the process its parent
 * knows and only waits (closing every descriptor), a reaper becomes PID 1 of the new PID namespace, and
 * the module's process (PID 2) returns from this call, so every process the module makes dies with it
 * (without the namespaces: a keeper process, a subreaper between the caller and the module's process, that
 * sweeps every descendant when the module's process ends or the caller is gone). Then
 * umask 077, nice +TABHOST_SANDBOX_NICE_INCREMENT, RLIMIT_CORE 0, RLIMIT_NOFILE TABHOST_SANDBOX_MAX_FILES;
 * no capabilities (a child of root keeps uid 0 but loses every capability); a Landlock ruleset for the
 * best ABI the kernel offers (filesystem; TCP bind and connect from ABI 4; the signal and abstract Unix
 * socket scopes from ABI 6); a seccomp-bpf filter generated from a table (tabhost_sandbox_rules());
 * RLIMIT_NPROC and RLIMIT_AS. A layer the kernel lacks is left out and named in the report. A refused
 * call fails with an errno; the one kill is for a system call made through another architecture's
 * entry (the i386 `int 0x80` on x86_64). The caller's parent sees the exit status of the module's
 * process (a fatal signal re-raised), and getpid() returns 2 after the call (getppid() 0).
 *
 * With `report_denials` the refusals a permission would lift still fail with EPERM, through a SIGSYS
 * handler that also names the permission.
 *
 * The process limit's user namespace. The kernel counts RLIMIT_NPROC per (user namespace, real uid)
 * and never applies it to the real root user (copy_process exempts INIT_USER, the user_struct of
 * global uid 0, whatever namespace maps it, and holders of CAP_SYS_RESOURCE or CAP_SYS_ADMIN in the
 * initial namespace). So, while it still has its capabilities and one thread, the process enters a
 * new user namespace (unshare(CLONE_NEWUSER)): its tasks, threads included, then count against (that
 * namespace, real uid), which nothing else uses, and max_processes is an absolute number of the
 * sandbox's own tasks. The kernel also holds every task made inside to the creator's RLIMIT_NPROC,
 * taken when the namespace is made, against the creator's whole count on the machine; it takes none
 * for a real root user. So every process first raises its soft RLIMIT_NPROC to the hard one (to
 * unlimited with CAP_SYS_RESOURCE). A child of root then moves its real uid to
 * TABHOST_SANDBOX_ROOT_REAL_UID (setresuid; effective, saved and filesystem uids stay 0), which is what
 * makes the kernel apply the limit to it: before it makes the namespace when its limit can never be
 * reached (unlimited, or at least pid_max), mapping uid 0 to itself; otherwise after, inside a namespace
 * made as real uid 0 (no ceiling), where a short-lived child forked first (still in the initial
 * namespace, with CAP_SETUID there) maps uid 0 and 65534. Any other user maps its effective uid to
 * itself; its own limit, over all its tasks, still holds as it did outside. Both map their gid to itself
 * (setgroups "deny"). A hard limit below max_processes is kept. What else changes:
 * - files: opened with the same effective uid and gid as before, and the capabilities are dropped in
 *   either case, so what it could read before it reads after; access(2) and faccessat(2) without
 *   AT_EACCESS check the real uid, so for a child of root they answer as `nobody` (open works);
 * - getuid() of a child of root returns 65534, geteuid() 0; bash, run with `exec`, sees them differ and
 *   drops to 65534 when the namespace maps it (the mapper's way), else warns that it cannot and goes on;
 * - processes whose real uid is 65534 may signal a child of root (the kernel compares uids);
 * - /proc is the same mount; other processes' /proc files still need ptrace access, which the
 *   capabilities (none in the initial namespace) and Landlock refuse;
 * - Landlock and seccomp come after it and apply as before; the filter then refuses unshare, setns and
 *   clone's namespace flags, so the module cannot enter another namespace.
 * When the namespace cannot be made (EPERM: unprivileged user namespaces disabled; EINVAL: the process
 * has more than one thread, as under ThreadSanitizer; ENOSPC: too many namespaces), a child of root
 * takes its real uid 0 back and the process limit is missing; any other user gets the plain rule,
 * RLIMIT_NPROC at every task on the machine now plus max_processes (all of the user's tasks count).
 * The report's text says which, and why.
 *
 * Every part applies to the calling thread and what it starts later (seccomp is synchronised to every
 * thread; Landlock is not), so call it while the process has one thread. It cannot be undone.
 * See docs/internals/sandbox.md for what each layer stops and what it does not.
 */
#ifndef TABHOST_SANDBOX_H
#define TABHOST_SANDBOX_H

#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/** What a module may do beyond the default profile. Paths are absolute; a missing one is skipped. */
typedef struct tabhost_sandbox_profile {
    /** Files or directory trees to read (directories: listed too), besides the default system files. */
    const char *_Nonnull const *_Nullable read_paths;
    size_t read_path_count;
    /** Directory trees whose files may be read by a name the process already knows, but which it may not
     *  list: the scanner's private copies, where each file's process was given its own copy's name (a
     *  random one) and can neither list nor guess another's. */
    const char *_Nonnull const *_Nullable file_read_paths;
    size_t file_read_path_count;
    /** Files or directory trees to read, write, create in, rename within and remove from. */
    const char *_Nonnull const *_Nullable write_paths;
    size_t write_path_count;
    /** TCP and UDP to any address: sockets other than AF_UNIX, TCP bind and connect; and connect(2)
     *  and datagram Unix sockets, which reach socket files outside the rules. */
    bool network;
    /** All of /proc and /sys for reading (other processes' /proc files that need ptrace access stay closed). */
    bool system;
    /** execve of the system's programs (which inherit every layer of this sandbox). */
    bool exec;
    /** No sandbox at all: tabhost_sandbox_apply() changes nothing and says so. */
    bool unrestricted;
    /** Tasks (threads included) the sandbox's processes may run together, counted in a user namespace
     *  of its own (see above); 0 leaves RLIMIT_NPROC and the namespace alone. */
    uint64_t max_processes;
    /** RLIMIT_AS in bytes (address space, not resident memory); 0 leaves it. */
    uint64_t max_memory_bytes;
    /** 0 for the best Landlock ABI the kernel offers, else at most this one: how the tests reach an
     *  older kernel's path on a newer one. */
    int landlock_abi_limit;
    /** Name the permission a refusal stands for where the host can see it (off when false, as a zeroed
     *  profile is): without `exec` granted, the refusals `exec` or `network` would lift make the filter
     *  return SECCOMP_RET_TRAP with the category (enum tabhost_sandbox_denial) as its data, and a SIGSYS
     *  handler installed by tabhost_sandbox_apply() makes the call fail with EPERM, as before, and writes
     *  the category as one byte to `denial_fd` (write(2), never blocking: give it a pipe made O_NONBLOCK,
     *  whose reader drains it; a full pipe drops the byte). With `exec` granted every refusal stays an
     *  errno: a program the module runs has no such handler, and a trap would kill it. */
    bool report_denials;
    /** Where the SIGSYS handler writes a refusal's category; read only with `report_denials`. */
    int denial_fd;
    /** inotify_add_watch allowed: set when the user granted a `read:` or `write:` path. Without it the
     *  filter refuses it (Landlock, to ABI 7, does not check watches: any readable directory could be
     *  watched for the names of the files the user opens). */
    bool watch_files;
    /** The private temporary directory the host made: a size-capped tmpfs is mounted over it in the
     *  child's own mount namespace, so what the module writes there never appears in the host's view.
     *  NULL: none. */
    const char *_Nullable private_tmp;
    /** Bytes of that tmpfs; 0 for TABHOST_SANDBOX_PRIVATE_TMP_BYTES. */
    uint64_t private_tmp_bytes;
    /** A procfs of the PID namespace's own mounted over /proc in a mount namespace of the process's own
     *  (with a PID namespace only): /proc/self and each task's `children` then name processes by the
     *  numbers they have inside, which the scanner's sweep of what a module left needs (the system's
     *  /proc names them as the host's namespace does). */
    bool own_proc;
    /** Tests only: leave out the PID, IPC and mount namespaces, as on a system that refuses user
     *  namespaces (the keeper and its sweep keep the module's processes from outliving it). */
    bool without_namespaces;
} tabhost_sandbox_profile;

/** The private TMPDIR's tmpfs cap. */
#define TABHOST_SANDBOX_PRIVATE_TMP_BYTES (64ull << 20) /* 64 MiB */
/** RLIMIT_NOFILE of a sandboxed process (soft and hard; a lower hard limit is kept). */
#define TABHOST_SANDBOX_MAX_FILES 1024
/** How much nicer than the host a sandboxed process runs (setpriority, the last step of tabhost_sandbox_apply). */
#define TABHOST_SANDBOX_NICE_INCREMENT 5

/** One entry of the seccomp policy (tabhost_sandbox_rules()): the filter is generated from this table. */
typedef struct tabhost_sandbox_rule {
    const char *name;   /* the system call, as in its man page */
    long number;        /* its number on this architecture; -1 where it has none */
    const char *action; /* what the filter does with it, in words ("EPERM", "EPERM unless network", …) */
    const char *reason; /* why */
} tabhost_sandbox_rule;

/** The seccomp policy as data: the table the filter is built from, `count` entries. */
const tabhost_sandbox_rule *tabhost_sandbox_rules(size_t *count);

/** A refusal's category: the permission that would allow it (SECCOMP_RET_DATA of a trap, and the byte
 *  written to `denial_fd`). */
enum tabhost_sandbox_denial {
    TABHOST_SANDBOX_DENIED_EXEC = 1,    /* execve, execveat: grant `exec` */
    TABHOST_SANDBOX_DENIED_NETWORK = 2  /* a socket other than AF_UNIX stream or seqpacket, connect: grant `network` */
};

/** Layers, as bits of a report's `enforced` and `missing`. */
enum tabhost_sandbox_layer {
    TABHOST_SANDBOX_NO_NEW_PRIVS = 1u << 0,
    TABHOST_SANDBOX_FILESYSTEM = 1u << 1,      /* Landlock filesystem rules (any ABI) */
    TABHOST_SANDBOX_TCP = 1u << 2,             /* Landlock TCP bind and connect (ABI 4) */
    TABHOST_SANDBOX_SCOPE_SIGNAL = 1u << 3,    /* Landlock signal scope (ABI 6) */
    TABHOST_SANDBOX_SCOPE_ABSTRACT = 1u << 4,  /* Landlock abstract Unix socket scope (ABI 6) */
    TABHOST_SANDBOX_SECCOMP = 1u << 5,
    TABHOST_SANDBOX_PROCESS_LIMIT = 1u << 6,   /* RLIMIT_NPROC, set and enforced for this user */
    TABHOST_SANDBOX_MEMORY_LIMIT = 1u << 7,    /* RLIMIT_AS */
    TABHOST_SANDBOX_CAPABILITIES = 1u << 8,    /* every capability dropped (permitted, effective, bounding, ambient) */
    TABHOST_SANDBOX_PROCESS_NAMESPACE = 1u << 9, /* the process limit counts the sandbox's own tasks (a user namespace) */
    TABHOST_SANDBOX_PID_NAMESPACE = 1u << 10,    /* a PID namespace with a reaper as PID 1: its processes die with it */
    TABHOST_SANDBOX_IPC_NAMESPACE = 1u << 11,    /* an empty IPC namespace: no SysV or POSIX message queue of the user's */
    TABHOST_SANDBOX_PRIVATE_TMP = 1u << 12,      /* TMPDIR a size-capped tmpfs in a mount namespace of its own */
    TABHOST_SANDBOX_SUBREAPER = 1u << 13         /* without a PID namespace: the keeper, a subreaper that sweeps them */
};

/** The real uid a child of root takes for the process limit (`nobody`, the kernel's overflow uid). */
#define TABHOST_SANDBOX_ROOT_REAL_UID 65534

/** Bytes of a report's text, its NUL included. */
#define TABHOST_SANDBOX_REPORT_TEXT 512

/** What tabhost_sandbox_apply() did. */
typedef struct tabhost_sandbox_report {
    /** The kernel's Landlock ABI; 0 without Landlock. */
    int landlock_abi;
    /** Layers in force (bits of enum tabhost_sandbox_layer). */
    unsigned enforced;
    /** Layers the profile asked for that are not in force (the kernel lacks them, or a call failed). */
    unsigned missing;
    /** Profile and default paths that exist but could not be added to the ruleset. */
    unsigned skipped_paths;
    /** One log line: what is enforced, then what is missing and why ("sandbox: …"). */
    char text[TABHOST_SANDBOX_REPORT_TEXT];
} tabhost_sandbox_report;

/**
 * Confines the calling process to `profile`. Fills `report` in every case. Returns 0 when every layer
 * the kernel offers is in force (possibly fewer than asked for: see `report->missing`), -1 on a hard
 * failure, after which the process may be partly confined and should not load the module.
 */
int tabhost_sandbox_apply(const tabhost_sandbox_profile *profile, tabhost_sandbox_report *report);

/**
 * Takes the steps of tabhost_sandbox_apply() that do not depend on a module's paths or grants, ahead of
 * it, in a spare child that waits for its module: no_new_privs, the user namespace (when
 * `max_processes` is not 0, or the caller is not root), the PID and IPC namespaces, a mount namespace
 * (when `private_tmp`), and the split; then, in the module's process, the TMPDIR's tmpfs over
 * `tmp_path` (when the host made that directory ahead: LOAD's profile names it again; NULL leaves the
 * tmpfs to LOAD), the bounding set's drop, the system paths' Landlock ruleset (`system_ruleset` when it is
 * not -1: one tabhost_sandbox_make_system_ruleset() made, which this takes over and closes in any case,
 * `system_ruleset_skipped` being its count of paths left out; else one made here) and, when `filter_ahead`,
 * the seccomp filter's part every profile has (TABHOST_SANDBOX_FILTER_AHEAD; without it LOAD installs
 * the whole filter: one filter costs less to install than two, which matters to a child whose LOAD comes
 * at once). Returns 0 in the module's
 * process (the process that called it only waits from then on, as after tabhost_sandbox_apply()), or
 * -1 when a step failed. Once only. The tabhost_sandbox_apply() that follows goes on from there, and
 * fails (reporting it) for a profile that must not run in these namespaces (`unrestricted`, or
 * `without_namespaces`) and for a failure here. Call it with one thread.
 */
int tabhost_sandbox_split_ahead(uint64_t max_processes, bool private_tmp, const char *_Nullable tmp_path,
                                bool filter_ahead, int system_ruleset, unsigned system_ruleset_skipped);

/**
 * The Landlock ruleset tabhost_sandbox_split_ahead() would make for a child: the fixed system paths, for
 * a profile without network or exec, at the kernel's best ABI, but those that name the process that
 * opens them (`/proc/self`, which the child adds in the module's process). The host makes it while the
 * child starts and sends it along (SCM_RIGHTS), so that no child spends its start on it. Returns its
 * descriptor (close-on-exec), `skipped` counting the paths it could not add, or -1 with errno
 * (EOPNOTSUPP: no Landlock).
 */
int tabhost_sandbox_make_system_ruleset(unsigned *skipped);

/**
 * Installs the SIGSYS handler of `report_denials` (SA_SIGINFO; tabhost_sandbox_apply() calls it): for a
 * trap of this filter it makes the refused call return -EPERM and writes the category to `denial_fd`;
 * any other SIGSYS ends the process with SIGSYS, as without a handler. Returns 0, or -1 with errno.
 */
int tabhost_sandbox_install_denial_handler(int denial_fd);

/**
 * Opens (`O_PATH`) the fixed system paths that tabhost_sandbox_apply() adds as Landlock rules, for it to
 * use instead of opening them then: a spare child calls it while it waits for its module, which takes
 * that walk off the module's start. Paths under /proc are left to the module's process (/proc/self
 * names the process that opens it). tabhost_sandbox_apply() closes them after its Landlock step;
 * call tabhost_sandbox_release_prepared() where no sandbox is applied.
 */
void tabhost_sandbox_prepare(void);

/** Closes what tabhost_sandbox_prepare() opened (nothing when it was not called or is released). */
void tabhost_sandbox_release_prepared(void);

/** The kernel's Landlock ABI version, 0 without Landlock. */
int tabhost_sandbox_landlock_abi(void);

/**
 * A Landlock ruleset that scopes signals alone (ABI 6), for tabhost_sandbox_scope_signals(): a
 * descriptor (close-on-exec), or -1 when no such ruleset can be made (a kernel before ABI 6). Made once
 * by a fork server, so that each of its forks only applies it.
 */
int tabhost_sandbox_signal_scope_ruleset(void);

/**
 * Adds the layer of `ruleset` (from tabhost_sandbox_signal_scope_ruleset()) and closes it: from then on
 * the caller and its forks can signal only processes of their own domain. For a process already
 * sandboxed that must not reach its siblings (a scanned file's process, forked from the locked scanner).
 * Returns 0; 1 when `ruleset` is -1 (a kernel before ABI 6: nothing changed); -1 when the layer could
 * not be applied.
 */
int tabhost_sandbox_scope_signals(int ruleset);

/**
 * The seccomp-bpf program tabhost_sandbox_apply() installs for `profile`: writes at most `capacity`
 * instructions to `program` (which may be NULL to ask for the size) and returns how many it has
 * (SIZE_MAX when the policy would not fit a program's jumps: none is installed then).
 */
size_t tabhost_sandbox_filter(const tabhost_sandbox_profile *profile, struct sock_filter *_Nullable program,
                              size_t capacity);

/** A part of the seccomp-bpf program: a spare child installs the part every profile has ahead of its
 * module (tabhost_sandbox_split_ahead()), and LOAD's tabhost_sandbox_apply() adds the rest. Filters only
 * add up (the strictest answer wins), so the two answer as the whole does. */
typedef enum tabhost_sandbox_filter_part {
    /** Every entry that applies to the profile: what tabhost_sandbox_filter() writes. */
    TABHOST_SANDBOX_FILTER_WHOLE,
    /** The entries that apply to every profile, but `mount` (which LOAD's TMPDIR still needs). */
    TABHOST_SANDBOX_FILTER_AHEAD,
    /** The profile's other entries: `mount`, and those a permission lifts. */
    TABHOST_SANDBOX_FILTER_REST,
} tabhost_sandbox_filter_part;

/** As tabhost_sandbox_filter(), for one part of the program. */
size_t tabhost_sandbox_part_filter(const tabhost_sandbox_profile *profile, tabhost_sandbox_filter_part part,
                                   struct sock_filter *_Nullable program, size_t capacity);

/** The default profile's read-only system paths (the loader's libraries, time zones, a few /proc files), NULL-terminated. */
const char *_Nullable const *_Nonnull tabhost_sandbox_default_read_paths(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_SANDBOX_H */
