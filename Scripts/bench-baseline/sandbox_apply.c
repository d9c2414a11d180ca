/*
 * sandbox_apply: where a module child's sandbox spends its time. Scripts/bench builds it from
 * Sources/_CSandbox/tabhost_sandbox.c (included, so each static step can be timed alone).
 *
 *   sandbox_apply COUNT READ_DIR... -- WRITE_DIR...
 *
 * Forks COUNT children; each applies the default profile (the given read and write paths, a process
 * and a memory ceiling, nothing granted) as tabhost-module-host does before it opens its module, timing
 * every step with CLOCK_MONOTONIC, and writes the times to the parent through a pipe. The fork and the
 * exit are not timed. Prints one line of key=value pairs: the p50 of each step in microseconds
 * (no_new_privs, the process limit's user namespace, capabilities, the Landlock ABI query, ruleset creation, adding the default system paths,
 * adding the profile's paths, landlock_restrict_self, building the seccomp program, installing it, the
 * limits) and of the whole tabhost_sandbox_apply() in other children, and the number of rules added.
 */
#include "../../Sources/_CSandbox/tabhost_sandbox.c"

#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

enum { STEP_NNP, STEP_NAMESPACE, STEP_SPLIT, STEP_CAPS, STEP_ABI, STEP_CREATE, STEP_SYSTEM, STEP_PROFILE, STEP_RESTRICT, STEP_BUILD, STEP_INSTALL,
       STEP_LIMITS, STEP_WHOLE, STEP_RULES, STEP_COUNT };
static const char *const step_names[STEP_COUNT] = {"no_new_privs_us", "process_namespace_us", "pid_ipc_mount_namespaces_us", "capabilities_us", "abi_query_us", "ruleset_create_us",
                                                   "system_paths_us", "profile_paths_us", "restrict_self_us",
                                                   "seccomp_build_us", "seccomp_install_us", "limits_us", "apply_us",
                                                   "rules"};

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* The steps of tabhost_sandbox_apply() one by one (the same calls, in the same order). */
static int timed_steps(const tabhost_sandbox_profile *profile, double *steps) {
    tabhost_sandbox_report report;
    memset(&report, 0, sizeof report);
    double t = now_us();
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    double u = now_us();
    steps[STEP_NNP] = u - t;
    tabhost_sandbox_processes processes;
    memset(&processes, 0, sizeof processes);
    if (profile->max_processes) tabhost_sandbox_process_namespace(&processes);
    t = now_us();
    steps[STEP_NAMESPACE] = t - u;
    u = t;
    /* The PID, IPC and mount namespaces, the private tmpfs, and the split: timed in the module's process
       (the one that goes on), from before the unshare to after its fork returned. */
    tabhost_sandbox_family family;
    memset(&family, 0, sizeof family);
    tabhost_sandbox_namespaces(profile, &family);
    tabhost_sandbox_private_tmp(profile, &family);
    if (tabhost_sandbox_split(&family, &report) != 0) return -1;
    tabhost_sandbox_resources(&report);
    t = now_us();
    steps[STEP_SPLIT] = t - u;
    u = t;
    if (tabhost_sandbox_capabilities(&report) != 0) return -1;
    t = now_us();
    steps[STEP_CAPS] = t - u;
    int abi = tabhost_sandbox_landlock_abi();
    u = now_us();
    steps[STEP_ABI] = u - t;
    if (abi <= 0) return -1;
    struct tabhost_ll_ruleset_attr attr = {.handled_access_fs = tabhost_sandbox_handled_fs(abi)};
    size_t size = sizeof attr;
    if (abi >= 4) attr.handled_access_net = TABHOST_LL_NET_BIND_TCP | TABHOST_LL_NET_CONNECT_TCP;
    if (abi >= 6) attr.scoped = TABHOST_LL_SCOPE_SIGNAL | TABHOST_LL_SCOPE_ABSTRACT_UNIX_SOCKET;
    if (abi < 6) size = offsetof(struct tabhost_ll_ruleset_attr, scoped);
    if (abi < 4) size = offsetof(struct tabhost_ll_ruleset_attr, handled_access_net);
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) return -1;
    t = now_us();
    steps[STEP_CREATE] = t - u;
    uint64_t handled = attr.handled_access_fs;
    uint64_t read = TABHOST_LL_FS_READ;
    int rules = 0;
    struct stat info;
    for (size_t i = 0; tabhost_sandbox_system_paths[i]; i++) {
        rules += stat(tabhost_sandbox_system_paths[i], &info) == 0;
        tabhost_sandbox_allow_path(ruleset, (const char *)tabhost_sandbox_system_paths[i], read, handled);
    }
    tabhost_sandbox_allow_path(ruleset, "/dev/null", TABHOST_LL_FS_WRITE_FILE, handled);
    rules++;
    u = now_us();
    steps[STEP_SYSTEM] = u - t;
    for (size_t i = 0; i < profile->read_path_count; i++, rules++) {
        tabhost_sandbox_allow_path(ruleset, profile->read_paths[i], read, handled);
    }
    for (size_t i = 0; i < profile->write_path_count; i++, rules++) {
        tabhost_sandbox_allow_path(ruleset, profile->write_paths[i], read | TABHOST_LL_FS_WRITE, handled);
    }
    t = now_us();
    steps[STEP_PROFILE] = t - u;
    if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) return -1;
    close(ruleset);
    u = now_us();
    steps[STEP_RESTRICT] = u - t;
    struct sock_filter code[512];
    size_t count = tabhost_sandbox_build_filter(profile, family.pid_namespace ? 0 : (uint32_t)getpid(),
                                                TABHOST_SANDBOX_FILTER_WHOLE, code, sizeof code / sizeof *code);
    struct sock_fprog program = {.len = (unsigned short)count, .filter = code};
    t = now_us();
    steps[STEP_BUILD] = t - u;
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) != 0) return -1;
    u = now_us();
    steps[STEP_INSTALL] = u - t;
    if (tabhost_sandbox_limits(profile, &processes, &report) != 0) return -1;
    tabhost_sandbox_lower_priority();
    steps[STEP_LIMITS] = now_us() - u;
    steps[STEP_RULES] = rules;
    return 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    qsort(values, (size_t)count, sizeof *values, compare);
    return values[(count - 1) / 2];
}

/* In a child: the steps (`whole` false) or tabhost_sandbox_apply() alone (`whole` true). */
static int run_child(const tabhost_sandbox_profile *profile, bool whole, double *steps) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        close(fds[0]);
        double out[STEP_COUNT] = {0};
        int status;
        if (whole) {
            tabhost_sandbox_report report;
            double t = now_us();
            status = tabhost_sandbox_apply(profile, &report);
            out[STEP_WHOLE] = now_us() - t;
        } else {
            status = timed_steps(profile, out);
        }
        ssize_t written = write(fds[1], out, sizeof out);
        _exit(status == 0 && written == (ssize_t)sizeof out ? 0 : 1);
    }
    close(fds[1]);
    double in[STEP_COUNT];
    ssize_t got = read(fds[0], in, sizeof in);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != (ssize_t)sizeof in || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    for (int i = 0; i < STEP_COUNT; i++) {
        if (whole == (i == STEP_WHOLE)) steps[i] = in[i];
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: sandbox_apply COUNT READ_DIR... -- WRITE_DIR...\n");
        return 2;
    }
    int count = atoi(argv[1]);
    const char *read_paths[16], *write_paths[16];
    size_t reads = 0, writes = 0;
    bool after = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            after = true;
        } else if (after && writes < 16) {
            write_paths[writes++] = argv[i];
        } else if (!after && reads < 16) {
            read_paths[reads++] = argv[i];
        }
    }
    tabhost_sandbox_profile profile = {.read_paths = read_paths, .read_path_count = reads, .write_paths = write_paths,
                                       .write_path_count = writes, .max_processes = 256, .max_memory_bytes = 8ull << 30,
                                       /* The module child's TMPDIR, its last write path, becomes a tmpfs. */
                                       .private_tmp = writes ? write_paths[writes - 1] : NULL};
    if (count < 1 || count > 100000) return 2;
    double *samples[STEP_COUNT];
    for (int i = 0; i < STEP_COUNT; i++) samples[i] = calloc((size_t)count, sizeof(double));
    for (int n = 0; n < count; n++) {
        double steps[STEP_COUNT] = {0};
        /* Alternate which child goes first, as Scripts/bench alternates its pairs. */
        for (int pass = 0; pass < 2; pass++) {
            bool whole = (pass == 0) == (n % 2 == 0);
            if (run_child(&profile, whole, steps) != 0) {
                fprintf(stderr, "sandbox_apply: a child could not apply the sandbox (Landlock and seccomp needed)\n");
                return 1;
            }
        }
        for (int i = 0; i < STEP_COUNT; i++) samples[i][n] = steps[i];
    }
    for (int i = 0; i < STEP_COUNT; i++) {
        printf("%s%s=%.1f", i ? " " : "", step_names[i], median(samples[i], count));
    }
    printf(" landlock_abi=%d\n", tabhost_sandbox_landlock_abi());
    return 0;
}
