#define _GNU_SOURCE
#include "tabhost_dev.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int tabhost_dev_pipe(int fds[_Nonnull 2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(fds[0], F_GETFL);
    if (flags < 0 || fcntl(fds[0], F_SETFL, flags | O_NONBLOCK) != 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    return 0;
}

static volatile sig_atomic_t tabhost_dev_stop_asked;

/* Once: the leader's own SIGTERM to the group comes back to it. */
static void tabhost_dev_ask_stop(int sig) {
    (void)sig;
    if (tabhost_dev_stop_asked == 0) tabhost_dev_stop_asked = 1;
}

static void tabhost_dev_kill_group(int sig) {
    (void)sig;
    kill(0, SIGKILL);
}

/* The build's group leader, between tabhost and the build tool: it stays (it never execs) so that when
   tabhost ends however it ends (PR_SET_PDEATHSIG), or cancels the build, every process of the group is
   asked to stop (SIGTERM), then killed a second later, whatever the tool passes on to its children (a
   shell running a recipe passes nothing). It ends as the tool ended. Async-signal-safe calls only: it is
   a fork of a process with other threads. */
static void tabhost_dev_build_leader(pid_t tool) __attribute__((noreturn));
static void tabhost_dev_build_leader(pid_t tool) {
    int status = 0;
    for (;;) {
        pid_t ended = waitpid(tool, &status, 0);
        if (ended == tool) break;
        if (ended < 0 && errno != EINTR) _exit(127);
        if (tabhost_dev_stop_asked == 1) {
            tabhost_dev_stop_asked = 2;
            kill(0, SIGTERM);
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_handler = tabhost_dev_kill_group;
            sigaction(SIGALRM, &action, NULL);
            alarm(1);
        }
    }
    /* Stopped: what ignored the SIGTERM (a step that traps it) goes with the group now. */
    if (tabhost_dev_stop_asked != 0) kill(0, SIGKILL);
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    kill(getpid(), sig);
    _exit(128 + sig);
}

/* After fork, before exec: async-signal-safe calls only (the parent has other threads). */
static void tabhost_dev_build_child(char *const argv[], int output, int report, pid_t parent) {
    setpgid(0, 0);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++) (void)sigaction(sig, &action, NULL);
    sigset_t none;
    sigemptyset(&none);
    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0 || dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(output, 2) < 0) {
        int error = errno;
        (void)!write(report, &error, sizeof error);
        _exit(127);
    }
    /* The leader's stops are asked for before it can be signalled: blocked until it waits. */
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGHUP);
    sigprocmask(SIG_BLOCK, &stops, NULL);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);
    pid_t tool = _Fork();
    if (tool < 0) {
        int error = errno;
        (void)!write(report, &error, sizeof error);
        _exit(127);
    }
    if (tool == 0) {
        prctl(PR_SET_PDEATHSIG, 0);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvp(argv[0], argv);
        int error = errno;
        (void)!write(report, &error, sizeof error);
        _exit(127);
    }
    /* What it holds of the build's output would keep the pipe from ending with the tool. */
    close(report);
    close(input);
    close(output);
    close(0);
    close(1);
    close(2);
    action.sa_handler = tabhost_dev_ask_stop;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigprocmask(SIG_SETMASK, &none, NULL);
    tabhost_dev_build_leader(tool);
}

int tabhost_dev_spawn_build(char *_Nullable const argv[_Nonnull], int output, int *_Nonnull error) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return -1;
    }
    pid_t parent = getpid();
    pid_t child = _Fork();
    if (child == 0) tabhost_dev_build_child((char *const *)argv, output, report[1], parent);
    close(report[1]);
    if (child < 0) {
        *error = errno;
        close(report[0]);
        return -1;
    }
    /* The exec's failure, or end of file once it succeeded (the pipe is close-on-exec). */
    int failure = 0;
    ssize_t count;
    while ((count = read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (count == (ssize_t)sizeof failure) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        *error = failure;
        return -1;
    }
    /* The parent's setpgid too: the group exists before anyone signals it. */
    (void)setpgid(child, child);
    *error = 0;
    return child;
}
