/*
 * tabhost_blame.c: the module child's watchdog (tabhost_blame.h).
 *
 * The main thread notes each call's start under a lock. The watchdog thread sleeps until the
 * innermost call would pass TABHOST_BLAME_AFTER_MS (or, with no call running, until one begins: a
 * wake only when the child goes from idle to busy, not one per call). When a call is still the same
 * one at its deadline, the watchdog sends the blame signal to the main thread, whose handler takes the
 * stack with backtrace() into static storage (warmed up before the sandbox: the first call
 * dlopens the unwinder) and posts a semaphore; the watchdog, not the handler, formats the frames with dladdr and
 * sends them. The signal goes to the child's own main thread (pthread_kill → tgkill on its own
 * thread group), which the sandbox's filter allows.
 */
#define _GNU_SOURCE
#include "tabhost_blame.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* A real-time signal no libc or unwinder uses; SA_RESTART, so the module's interrupted call goes on. */
#define TABHOST_BLAME_SIGNAL (SIGRTMIN + 5)
#define TABHOST_BLAME_MAX_FRAMES 64
#define TABHOST_BLAME_MAX_DEPTH 16
/* The handler's frame and the kernel's signal trampoline come before the interrupted code. */
#define TABHOST_BLAME_SKIPPED_FRAMES 2

typedef struct tabhost_blame_call {
    const char *call;
    uint64_t id;
    struct timespec since;
} tabhost_blame_call;

static pthread_mutex_t tabhost_blame_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tabhost_blame_changed;
static pthread_t tabhost_blame_main;
static char tabhost_blame_module[128];
static tabhost_blame_log_fn tabhost_blame_log;
static int tabhost_blame_running;
/* The calls running, outermost first; `depth` may exceed the stack (deeper calls are not watched). */
static tabhost_blame_call tabhost_blame_stack[TABHOST_BLAME_MAX_DEPTH];
static unsigned tabhost_blame_depth;
/* Counts begins and ends: the watchdog's deadline is for the call it saw only while this is unchanged. */
static uint64_t tabhost_blame_serial;
/* The serial whose call was reported (a call's stack is sent once). */
static uint64_t tabhost_blame_reported;
/* Whether the watchdog sleeps with no deadline, until a call begins (the only sleep a begin must cut
   short: a timed one rechecks which call runs when it ends). */
static int tabhost_blame_idle;

static void *tabhost_blame_frames[TABHOST_BLAME_MAX_FRAMES];
static atomic_int tabhost_blame_frame_count;
static sem_t tabhost_blame_taken;
/* Set by the watchdog before it signals the main thread, taken by the handler. A handler that runs
   only after the watchdog stopped waiting finds it taken back and writes nothing the watchdog may be
   reading; and the handler's acquire orders the watchdog's earlier reads and writes of the frames
   before its own (a signal is no synchronisation: ThreadSanitizer reported the two writes of the count
   as a race, and exited the child with its status). */
static atomic_int tabhost_blame_wanted;

static void tabhost_blame_signal(int signal_number) {
    (void)signal_number;
    int saved = errno;
    if (atomic_exchange_explicit(&tabhost_blame_wanted, 0, memory_order_acq_rel) != 0) {
        atomic_store_explicit(&tabhost_blame_frame_count, backtrace(tabhost_blame_frames, TABHOST_BLAME_MAX_FRAMES),
                              memory_order_release);
        sem_post(&tabhost_blame_taken);
    }
    errno = saved;
}

static void tabhost_blame_add_ms(struct timespec *t, long ms) {
    t->tv_sec += ms / 1000;
    t->tv_nsec += (ms % 1000) * 1000000L;
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

static int tabhost_blame_passed(const struct timespec *now, const struct timespec *deadline) {
    return now->tv_sec > deadline->tv_sec || (now->tv_sec == deadline->tv_sec && now->tv_nsec >= deadline->tv_nsec);
}

/* One frame: `#2 spin_forever+0x1a (/path/mod.so+0x1139)`, `#3 ?? (/path/mod.so+0x1180)`, or the bare
   address when no loaded file holds it. */
static void tabhost_blame_frame(char *line, size_t size, unsigned number, void *address) {
    Dl_info info;
    uintptr_t at = (uintptr_t)address;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) {
        snprintf(line, size, "#%u 0x%lx", number, (unsigned long)at);
        return;
    }
    unsigned long offset = (unsigned long)(at - (uintptr_t)info.dli_fbase);
    if (info.dli_sname != NULL && info.dli_saddr != NULL) {
        snprintf(line, size, "#%u %s+0x%lx (%s+0x%lx)", number, info.dli_sname,
                 (unsigned long)(at - (uintptr_t)info.dli_saddr), info.dli_fname, offset);
    } else {
        snprintf(line, size, "#%u ?? (%s+0x%lx)", number, info.dli_fname, offset);
    }
}

/* Whether the handler posts within `ms`. */
static int tabhost_blame_wait_taken(long ms) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    tabhost_blame_add_ms(&deadline, ms);
    for (;;) {
        if (sem_timedwait(&tabhost_blame_taken, &deadline) == 0) return 1;
        if (errno != EINTR) return 0;
    }
}

/* Takes the main thread's stack and sends it: the header, then one line a frame. */
static void tabhost_blame_report(const tabhost_blame_call *call, const struct timespec *now) {
    double seconds = (double)(now->tv_sec - call->since.tv_sec) + (double)(now->tv_nsec - call->since.tv_nsec) / 1e9;
    while (sem_trywait(&tabhost_blame_taken) == 0) continue;
    atomic_store_explicit(&tabhost_blame_frame_count, 0, memory_order_relaxed);
    char line[1200];
    atomic_store_explicit(&tabhost_blame_wanted, 1, memory_order_release);
    int taken = pthread_kill(tabhost_blame_main, TABHOST_BLAME_SIGNAL) == 0 && tabhost_blame_wait_taken(500);
    /* Given up on: take the request back, unless the handler took it first and is about to post. */
    if (!taken && atomic_exchange_explicit(&tabhost_blame_wanted, 0, memory_order_acq_rel) == 0) {
        taken = tabhost_blame_wait_taken(100);
    }
    int count = taken ? atomic_load_explicit(&tabhost_blame_frame_count, memory_order_acquire) : 0;
    if (count <= TABHOST_BLAME_SKIPPED_FRAMES) {
        snprintf(line, sizeof line, "%s is stuck in %s for %.1f s; its stack could not be taken (its main thread blocks signals)",
                 tabhost_blame_module, call->call, seconds);
        tabhost_blame_log(call->id, line);
        return;
    }
    snprintf(line, sizeof line, "%s is stuck in %s for %.1f s; its stack:", tabhost_blame_module, call->call, seconds);
    tabhost_blame_log(call->id, line);
    for (int i = TABHOST_BLAME_SKIPPED_FRAMES; i < count; i++) {
        tabhost_blame_frame(line, sizeof line, (unsigned)(i - TABHOST_BLAME_SKIPPED_FRAMES), tabhost_blame_frames[i]);
        tabhost_blame_log(call->id, line);
    }
}

static void *tabhost_blame_watch(void *unused) {
    (void)unused;
    pthread_mutex_lock(&tabhost_blame_lock);
    for (;;) {
        unsigned depth = tabhost_blame_depth;
        if (depth == 0 || depth > TABHOST_BLAME_MAX_DEPTH || tabhost_blame_reported == tabhost_blame_serial) {
            tabhost_blame_idle = 1;
            pthread_cond_wait(&tabhost_blame_changed, &tabhost_blame_lock);
            tabhost_blame_idle = 0;
            continue;
        }
        uint64_t serial = tabhost_blame_serial;
        tabhost_blame_call call = tabhost_blame_stack[depth - 1];
        struct timespec deadline = call.since, now;
        tabhost_blame_add_ms(&deadline, TABHOST_BLAME_AFTER_MS);
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!tabhost_blame_passed(&now, &deadline)) {
            pthread_cond_timedwait(&tabhost_blame_changed, &tabhost_blame_lock, &deadline);
            continue;
        }
        if (serial != tabhost_blame_serial) continue;
        tabhost_blame_reported = serial;
        pthread_mutex_unlock(&tabhost_blame_lock);
        tabhost_blame_report(&call, &now);
        pthread_mutex_lock(&tabhost_blame_lock);
    }
    return NULL;
}

void tabhost_blame_warm_up(void) {
    void *warm[2];
    (void)backtrace(warm, 2);
}

int tabhost_blame_start(const char *module_name, tabhost_blame_log_fn log) {
    if (tabhost_blame_running) return 0;
    snprintf(tabhost_blame_module, sizeof tabhost_blame_module, "%s", module_name);
    tabhost_blame_log = log;
    tabhost_blame_main = pthread_self();
    if (sem_init(&tabhost_blame_taken, 0, 0) != 0) return -1;
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&tabhost_blame_changed, &attributes);
    pthread_condattr_destroy(&attributes);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tabhost_blame_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(TABHOST_BLAME_SIGNAL, &action, NULL) != 0) return -1;
    /* The watchdog takes no signal meant for the process (a module's SIGALRM, the host's SIGTERM). */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    int failed = pthread_create(&thread, NULL, tabhost_blame_watch, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failed != 0) return -1;
    pthread_detach(thread);
#ifdef __linux__
    pthread_setname_np(thread, "tabhost-blame");
#endif
    tabhost_blame_running = 1;
    return 0;
}

void tabhost_blame_begin(const char *call, uint64_t id) {
    if (!tabhost_blame_running) return;
    pthread_mutex_lock(&tabhost_blame_lock);
    if (tabhost_blame_depth < TABHOST_BLAME_MAX_DEPTH) {
        tabhost_blame_call *entry = &tabhost_blame_stack[tabhost_blame_depth];
        entry->call = call;
        entry->id = id;
        clock_gettime(CLOCK_MONOTONIC, &entry->since);
    }
    tabhost_blame_depth++;
    tabhost_blame_serial++;
    if (tabhost_blame_idle) pthread_cond_signal(&tabhost_blame_changed);
    pthread_mutex_unlock(&tabhost_blame_lock);
}

void tabhost_blame_end(void) {
    if (!tabhost_blame_running) return;
    pthread_mutex_lock(&tabhost_blame_lock);
    if (tabhost_blame_depth > 0) tabhost_blame_depth--;
    tabhost_blame_serial++;
    pthread_mutex_unlock(&tabhost_blame_lock);
}
