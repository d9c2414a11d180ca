/*
 * _CModuleHost: the library behind tabhost-module-host, which runs one tab module in a process of its
 * own and speaks the wire protocol of tabhost_isolation.h with the host over descriptor 3. The
 * executable's main.c only calls tabhost_module_host_run(); the fuzzer and the leak check link this
 * library and drive it through tabhost_module_host.h.
 *
 * The host checks the file, makes the private copy and validates the descriptor before it starts
 * this child (its loader does that work for both paths); the child opens the copy the host names,
 * checks that it still declares the expected module and serves the host's requests. Every host API
 * call becomes a frame: notifications (set_title, log, …) are sent and forgotten, requests (push,
 * add_tab, tab_item, …) wait for the host's reply and serve the host's nested requests meanwhile.
 * View-building calls are collected and travel with the render reply, to be replayed by the host's
 * view builder; after an EVENT whose frame rule asks for it, the instance is rendered right after the
 * reply and its view pushed as a FRAME (one unacknowledged per instance; FRAME_ACK releases the next);
 * so is an instance a module thread invalidates while the host says its tab is shown (SHOWN): the
 * thread wakes the main loop, which renders between requests. `invalidate`, `schedule_tick`, `set_timer`, `cancel_timer`, `save_soon` and `log` are
 * notifications any thread may send (one mutex serializes the socket's writes); every other call from
 * another thread is ignored here, with the line an in-process host logs.
 *
 * It dies with the host: PR_SET_PDEATHSIG(SIGKILL), and end-of-file on descriptor 3 ends it too.
 * Sandboxed, the process the host started stays behind and only waits: the module runs in its child,
 * process 2 of a PID namespace of its own, whose every process ends with it (tabhost_sandbox.h); `ps`
 * shows that child under the module's name, the waiting processes under the helper's.
 *
 * Sandboxed (LOAD's sandbox part), it names what its sandbox refuses where it can: the refusals `exec`
 * and `network` would lift come back on a pipe from _CSandbox's SIGSYS handler, which the main loop
 * polls beside the socket (SANDBOX_DENIED, once per permission). With the memory ceiling in force, its
 * fatal-signal handlers tell the host when the ceiling is why it dies (MEMORY_CEILING), then die of
 * the same signal.
 */
#define _GNU_SOURCE
#include "tabhost_module_host.h"

#include "tab_module.h"
#include "tabhost_isolation.h"
#include "tabhost_ltdl.h"
#include "tabhost_sandbox.h"
#include "tabhost_blame.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tabhost_file_denials.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/lsan_interface.h>
#define TABHOST_SANITIZER_OPTIONS __asan_default_options
#elif __has_feature(thread_sanitizer)
#define TABHOST_SANITIZER_OPTIONS __tsan_default_options
#endif
#endif

#ifdef TABHOST_SANITIZER_OPTIONS
/* A module's crash is the module's: the host reports the signal that ended this child and keeps
   the module's tabs stopped. A sanitizer's own handler would turn SIGSEGV and company into a report
   and exit status 1 (and a crash test into a failure), so sanitized builds let them through. A
   report ends the child at once (exit status 66 under TSan), which the host shows on the module's
   tabs: it ends with _exit, so a report kept for the end would never count. The environment's
   ASAN_OPTIONS / TSAN_OPTIONS still add to these. */
const char *TABHOST_SANITIZER_OPTIONS(void);
const char *TABHOST_SANITIZER_OPTIONS(void) {
    return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0:halt_on_error=1";
}
#endif

/* Ends this child after an allocation of its own failed (exit status 71), first telling the host when
   the memory ceiling is why (see memory_ceiling_check). */
static void out_of_memory(void) __attribute__((noreturn));

/* ---- byte buffers ---------------------------------------------------------------------------- */

typedef struct buffer {
    unsigned char *bytes;
    size_t count, capacity;
} buffer;

static void buffer_reserve(buffer *b, size_t extra) {
    if (b->count + extra <= b->capacity) return;
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->count + extra) capacity *= 2;
    unsigned char *grown = realloc(b->bytes, capacity);
    if (grown == NULL) out_of_memory(); /* the host reports the child as stopped */
    b->bytes = grown;
    b->capacity = capacity;
}

static void put(buffer *b, const void *data, size_t count) {
    buffer_reserve(b, count);
    if (count > 0) memcpy(b->bytes + b->count, data, count);
    b->count += count;
}

static void put_u8(buffer *b, uint8_t v) { put(b, &v, sizeof v); }
static void put_u32(buffer *b, uint32_t v) { put(b, &v, sizeof v); }
static void put_i32(buffer *b, int32_t v) { put(b, &v, sizeof v); }
static void put_u64(buffer *b, uint64_t v) { put(b, &v, sizeof v); }

/* A string of at most `limit` bytes (the rest is not sent: the host cuts longer ones anyway). */
static void put_str_max(buffer *b, const char *s, size_t limit) {
    if (s == NULL) {
        put_u32(b, TABHOST_WIRE_NULL_STRING);
        return;
    }
    size_t length = strnlen(s, limit);
    put_u32(b, (uint32_t)length);
    put(b, s, length);
}

static void put_str(buffer *b, const char *s) { put_str_max(b, s, TABHOST_WIRE_MAX_FRAME / 2); }

/* A string the host shows in a view or alert, or an id: cut where the host still sees it is longer. */
static void put_view_str(buffer *b, const char *s) { put_str_max(b, s, TABHOST_WIRE_MAX_VIEW_STRING); }
static void put_long_str(buffer *b, const char *s) { put_str_max(b, s, TABHOST_WIRE_MAX_LONG_STRING); }
static void put_id(buffer *b, const char *s) { put_long_str(b, s); }

/* A received payload, read front to back; any short read sets `bad`. */
typedef struct reader {
    const unsigned char *bytes;
    size_t count, offset;
    int bad;
} reader;

static int take(reader *r, void *out, size_t count) {
    if (r->bad || r->count - r->offset < count) {
        r->bad = 1;
        memset(out, 0, count);
        return 0;
    }
    memcpy(out, r->bytes + r->offset, count);
    r->offset += count;
    return 1;
}

static uint32_t get_u32(reader *r) { uint32_t v; take(r, &v, sizeof v); return v; }
static int32_t get_i32(reader *r) { int32_t v; take(r, &v, sizeof v); return v; }
static uint64_t get_u64(reader *r) { uint64_t v; take(r, &v, sizeof v); return v; }
static uint8_t get_u8(reader *r) { uint8_t v; take(r, &v, sizeof v); return v; }

/* A string as a new NUL-terminated copy (NULL for the wire's NULL); free it. */
static char *get_str(reader *r) {
    uint32_t length = get_u32(r);
    if (r->bad || length == TABHOST_WIRE_NULL_STRING) return NULL;
    if (r->count - r->offset < length) {
        r->bad = 1;
        return NULL;
    }
    char *copy = malloc((size_t)length + 1);
    if (copy == NULL) out_of_memory();
    memcpy(copy, r->bytes + r->offset, length);
    copy[length] = '\0';
    r->offset += length;
    return copy;
}

/* ---- frames ---------------------------------------------------------------------------------- */

typedef struct frame {
    uint16_t type, flags;
    uint32_t seq;
    unsigned char *payload; /* malloc'd; free it */
    size_t count;
    int fd; /* the descriptor a SCAN brought (the pipe its file's process replies on), or -1 */
} frame;

static const int wire = TABHOST_WIRE_SOCKET_FD;
/* Module threads send schedule_tick while the main thread sends replies: one frame at a time. */
static pthread_mutex_t send_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t main_thread;
static uint32_t next_seq = 1;

/* The host is gone or the socket is unusable: nothing is left to do. _exit, not exit: the module's
   threads may still run, and atexit handlers and destructors must not run under them. That also
   skips LeakSanitizer's check at exit, so an address-sanitized build runs it here (Scripts/leak-check
   counts on it: a leak makes the child exit nonzero). */
static void host_gone(void) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
    __lsan_do_leak_check();
#endif
#endif
    _exit(0);
}

/* Set in a scanned file's process, whose descriptor 3 is then the pipe its SCAN brought (it only writes
   there, and a pipe costs the kernel less than a socket pair, once for every file of a cold start);
   everywhere else it is the host's socket. SIGPIPE is ignored in both. */
static int wire_is_pipe;

/* Writes what it can of `parts` on the wire: a socket's send never raises SIGPIPE, even where a module
   restored it. */
static ssize_t wire_write(struct iovec *parts, int count) {
    if (wire_is_pipe) return writev(wire, parts, count);
    struct msghdr message = {.msg_iov = parts, .msg_iovlen = (size_t)count};
    return sendmsg(wire, &message, MSG_NOSIGNAL);
}

static void write_all(const unsigned char *bytes, size_t count) {
    while (count > 0) {
        struct iovec part = {(void *)bytes, count};
        ssize_t sent = wire_write(&part, 1);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) host_gone();
        bytes += sent;
        count -= (size_t)sent;
    }
}

static void send_frame(uint16_t type, uint16_t flags, uint32_t seq, const buffer *payload) {
    unsigned char header[TABHOST_WIRE_HEADER_SIZE];
    uint32_t length = (uint32_t)(8 + (payload ? payload->count : 0));
    memcpy(header, &length, 4);
    memcpy(header + 4, &type, 2);
    memcpy(header + 6, &flags, 2);
    memcpy(header + 8, &seq, 4);
    /* Header and payload in one call: a scanned file's process sends a frame for each phase and its
       reply before it exits, and two calls a frame were a measurable part of its cost. */
    struct iovec parts[2] = {{header, sizeof header}, {payload ? payload->bytes : NULL, payload ? payload->count : 0}};
    pthread_mutex_lock(&send_lock);
    ssize_t sent;
    while ((sent = wire_write(parts, parts[1].iov_len > 0 ? 2 : 1)) < 0 && errno == EINTR) {}
    if (sent <= 0) host_gone();
    /* What a full socket or pipe buffer left over. */
    size_t first = (size_t)sent < sizeof header ? (size_t)sent : sizeof header;
    write_all(header + first, sizeof header - first);
    if (parts[1].iov_len > 0) {
        size_t done = (size_t)sent - first;
        write_all((const unsigned char *)parts[1].iov_base + done, parts[1].iov_len - done);
    }
    pthread_mutex_unlock(&send_lock);
}

static void read_all(unsigned char *bytes, size_t count) {
    while (count > 0) {
        ssize_t got = read(wire, bytes, count);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) host_gone(); /* end-of-file: the host closed its end or exited */
        bytes += got;
        count -= (size_t)got;
    }
}

/* ---- what the sandbox refused, and the memory ceiling --------------------------------------- */

/* The read end of the pipe the sandbox's SIGSYS handler names refusals on (-1 without one). */
static int denial_fd = -1;
/* Categories already told to the host (bit 1 << category): one notification each per child. */
static unsigned denials_told;

/* The pipe's bytes not yet told: a file refusal's record can end in the next read. */
static unsigned char denial_bytes[2 * (4 + TABHOST_FILE_DENIAL_MAX_PATH)];
static size_t denial_byte_count;
/* File refusals told to the host: a module probing many paths is named for the first ones only. */
static unsigned file_denials_told;

/* Tells the host of one file refusal record (test mode): its category, then "read:PATH" or "write:PATH". */
static void tell_file_denial(const unsigned char *record, size_t path_length) {
    if (file_denials_told >= 64) return;
    file_denials_told++;
    char text[8 + TABHOST_FILE_DENIAL_MAX_PATH];
    snprintf(text, sizeof text, "%s:%.*s", record[1] == 'r' ? "read" : "write", (int)path_length, (const char *)record + 4);
    buffer b = {0};
    put_u64(&b, 0); /* no instance: the child's */
    put_u8(&b, TABHOST_SANDBOX_DENIED_FILE);
    put_str(&b, text);
    send_frame(TABHOST_WIRE_SANDBOX_DENIED, 0, 0, &b);
    free(b.bytes);
}

/* Tells the host, once per category, the permissions whose refusals the pipe holds, and each file
   refusal's path (tabhost_file_denials.h). */
static void drain_denials(void) {
    ssize_t count;
    while ((count = read(denial_fd, denial_bytes + denial_byte_count, sizeof denial_bytes - denial_byte_count)) > 0 ||
           (count < 0 && errno == EINTR)) {
        if (count < 0) continue;
        denial_byte_count += (size_t)count;
        size_t i = 0;
        while (i < denial_byte_count) {
            unsigned category = denial_bytes[i];
            if (category == TABHOST_SANDBOX_DENIED_FILE) {
                if (denial_byte_count - i < 4) break;
                size_t length = denial_bytes[i + 2] | (size_t)denial_bytes[i + 3] << 8;
                if (denial_byte_count - i < 4 + length) break;
                tell_file_denial(denial_bytes + i, length);
                i += 4 + length;
                continue;
            }
            i++;
            if (category == 0 || category > 31 || (denials_told & (1u << category))) continue;
            denials_told |= 1u << category;
            buffer b = {0};
            put_u64(&b, 0); /* no instance: the child's */
            put_u8(&b, (uint8_t)category);
            send_frame(TABHOST_WIRE_SANDBOX_DENIED, 0, 0, &b);
            free(b.bytes);
        }
        memmove(denial_bytes, denial_bytes + i, denial_byte_count - i);
        denial_byte_count -= i;
    }
}

/* The pipe a module thread's invalidate wakes the main loop with ({-1, -1}: none, as under the fuzzer
   and the leak driver, which serve without the loop: there it stays an INVALIDATE). One byte at most
   waits in it (`wake_sent`); the instances to draw are marked on themselves. */
static int wake_fds[2] = {-1, -1};
static atomic_int wake_sent;

static void drain_wake(void) {
    unsigned char bytes[64];
    atomic_store(&wake_sent, 0);
    while (read(wake_fds[0], bytes, sizeof bytes) > 0) {}
}

/* Waits until the host's socket is readable, telling the host of refusals meanwhile: 1. With `woken`
   (the main loop, between requests), 0 when a module thread invalidated a shown instance first;
   elsewhere (inside a module's call that waits for the host) the wake is taken and its instances wait
   for the loop. */
static int wait_for_host(int woken) {
    for (;;) {
        if (denial_fd < 0 && wake_fds[0] < 0) return 1;
        struct pollfd fds[3] = {
            {.fd = wire, .events = POLLIN}, {.fd = denial_fd, .events = POLLIN}, {.fd = wake_fds[0], .events = POLLIN}};
        int ready = poll(fds, 3, -1); /* a negative descriptor is skipped */
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return 1; /* the read that follows says what is wrong */
        if (fds[1].revents & POLLIN) drain_denials();
        if (fds[1].revents & (POLLERR | POLLHUP | POLLNVAL)) denial_fd = -1; /* the module closed it: refusals go unnamed */
        if (fds[2].revents & POLLIN) {
            drain_wake();
            if (woken) return 0;
        }
        if (fds[0].revents) return 1;
    }
}

/* RLIMIT_AS as applied (0: none), and this system's page size, read before a handler needs them. */
static uint64_t memory_ceiling;
static uint64_t page_size;
/* The process that watches it: a fork of the module inherits the handlers and the socket, and must not
   speak for the child. */
static pid_t ceiling_watcher;

/* This process's address space in bytes, from /proc/self/statm (async-signal-safe: open, read, close;
   the sandbox lets the child read /proc/self); 0 when it cannot be read. */
static uint64_t address_space_bytes(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[64];
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    uint64_t pages = 0;
    for (ssize_t i = 0; i < count && text[i] >= '0' && text[i] <= '9'; i++) pages = pages * 10 + (uint64_t)(text[i] - '0');
    return pages * page_size;
}

/* Called on the way out (a fatal signal, an allocation of this child's that failed): when the ceiling
   is why, the address space being within an eighth of it, tells the host before the process ends. (A
   single request larger than what is left fails below that mark, and so does one the kernel would
   refuse without a ceiling: neither is blamed on it.) The frame is written without buffers or malloc,
   and only when no other frame is half-written (the send lock is free). */
static void memory_ceiling_check(void) {
    if (memory_ceiling == 0 || getpid() != ceiling_watcher) return;
    int saved_errno = errno;
    uint64_t used = address_space_bytes();
    errno = saved_errno;
    if (used == 0 || used + memory_ceiling / 8 < memory_ceiling) return;
    unsigned char message[TABHOST_WIRE_HEADER_SIZE + 24];
    uint32_t length = (uint32_t)(sizeof message - 4);
    uint16_t type = TABHOST_WIRE_MEMORY_CEILING, flags = 0;
    uint32_t seq = 0;
    uint64_t instance = 0;
    memcpy(message, &length, 4);
    memcpy(message + 4, &type, 2);
    memcpy(message + 6, &flags, 2);
    memcpy(message + 8, &seq, 4);
    memcpy(message + 12, &instance, 8);
    memcpy(message + 20, &memory_ceiling, 8);
    memcpy(message + 28, &used, 8);
    if (pthread_mutex_trylock(&send_lock) != 0) return;
    size_t sent = 0;
    while (sent < sizeof message) {
        struct iovec part = {message + sent, sizeof message - sent};
        ssize_t count = wire_write(&part, 1);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        sent += (size_t)count;
    }
    pthread_mutex_unlock(&send_lock);
}

static void out_of_memory(void) {
    memory_ceiling_check();
    _exit(71);
}

/* A fatal signal with the memory ceiling in force: tells the host when the ceiling is why, then ends
   the process with the same signal (the disposition is back to the default: SA_RESETHAND), so the host
   still reports the signal. */
static void fatal_signal(int signal_number) {
    memory_ceiling_check();
    raise(signal_number);
}

/* The signals a module dies of when an allocation fails: a NULL pointer used (SEGV, BUS), abort (C++'s
   bad_alloc, assert), a trap (Swift's allocation failure). On an alternate stack: a stack that cannot
   grow past the ceiling still reports. A module's own handlers replace these. */
static void watch_memory_ceiling(uint64_t ceiling) {
    memory_ceiling = ceiling;
    page_size = (uint64_t)sysconf(_SC_PAGESIZE);
    ceiling_watcher = getpid();
    static unsigned char alternate_stack[65536];
    stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack};
    sigaltstack(&stack, NULL);
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = fatal_signal;
        action.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(fatal[i], &action, NULL);
    }
}

static void read_ready_frame(frame *f);

static void read_frame(frame *f) {
    wait_for_host(0);
    read_ready_frame(f);
}

/* Reads the first bytes of a frame, and the descriptor the host sent with them (close-on-exec), or -1. */
static int read_first_bytes(unsigned char *bytes, size_t count) {
    union {
        struct cmsghdr align;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct iovec part = {bytes, count};
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    ssize_t got;
    do {
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        got = recvmsg(wire, &message, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got <= 0) host_gone();
    int passed = -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + i * sizeof fd, sizeof fd);
            if (passed < 0) passed = fd;
            else close(fd);
        }
    }
    read_all(bytes + got, count - (size_t)got);
    return passed;
}

/* Reads the frame the host sent (wait_for_host said it is there, or the read waits for it). */
static void read_ready_frame(frame *f) {
    unsigned char header[TABHOST_WIRE_HEADER_SIZE];
    f->fd = read_first_bytes(header, sizeof header);
    uint32_t length;
    memcpy(&length, header, 4);
    memcpy(&f->type, header + 4, 2);
    memcpy(&f->flags, header + 6, 2);
    memcpy(&f->seq, header + 8, 4);
    if (length < 8 || length > TABHOST_WIRE_MAX_FRAME) _exit(72); /* not our host */
    if (f->fd >= 0 && f->type != TABHOST_WIRE_SCAN && f->type != TABHOST_WIRE_SANDBOX_AHEAD) {
        close(f->fd); /* only a SCAN and a SANDBOX_AHEAD bring one */
        f->fd = -1;
    }
    f->count = length - 8;
    f->payload = malloc(f->count ? f->count : 1);
    if (f->payload == NULL) out_of_memory();
    read_all(f->payload, f->count);
}

/* ---- the module ------------------------------------------------------------------------------ */

static const tab_module_descriptor *descriptor;
/* prepare_for_module() ran: the unwinder is loaded and the sandbox's fixed paths are open. */
static bool prepared_for_module;

/* A timer the module set and has not cancelled (a one-shot one until it fires): a TIMER event for
   an id not here is not delivered, so a timer never fires after cancel_timer returns, whichever
   thread called it, even when the host's event was already on its way. */
typedef struct timer_entry {
    char *id;
    int repeating;
    struct timer_entry *next;
} timer_entry;

/* What `tab_host *` points at in this process. */
/* One lazy list's rows RENDER asked to draw (ABI 1.3). */
typedef struct list_window {
    char *id;
    uint64_t start, end;
} list_window;

struct tab_host {
    uint64_t id;
    void *self;
    struct tab_host *next;
    timer_entry *timers; /* under state_lock */
    size_t timer_count;
    /* The calls already logged as made off the main thread (one line each, as in process): the
       literals' addresses, under state_lock. */
    const char *reported[32];
    size_t reported_count;
    /* Renders of this instance in progress; main thread only. */
    int rendering;
    /* Main thread only: inside an EVENT whose frame rule may push a FRAME (its invalidate is noted in
       `invalidated`, not sent); a FRAME the host has not acknowledged; a FRAME owed once it does. */
    int collecting;
    int invalidated;
    int frame_unacked;
    int frame_owed;
    /* SHOWN: its tab is shown, so another thread's invalidate is a pushed FRAME; that thread marks it
       in `thread_invalidated` (many invalidates, one frame) and wakes the main loop. */
    atomic_int shown;
    atomic_int thread_invalidated;
    /* 1.3: the lazy-list windows the last RENDER asked for, kept for the FRAMEs the child pushes. */
    list_window *windows;
    uint32_t window_count;
};

/* 1.3's `list_row`, read only where the module's struct holds it (an older one ends before it). */
static int has_list_row(const tab_module_descriptor *d) {
    return d->struct_size >= offsetof(tab_module_descriptor, list_row) + sizeof d->list_row && d->abi_minor >= 3 &&
           d->list_row != NULL;
}

/* What `tab_view *` points at: the render reply being built. Never freed: a closed view goes back to
   a free list, so a module that keeps the pointer past `render` reaches a closed view, not freed
   memory. */
struct tab_view {
    buffer nodes;
    uint32_t count; /* nodes, for the host's limit (style, columns and row_action add none) */
    uint32_t calls; /* calls collected in `nodes` */
    int open;
    int overflowed;
    int reported_closed; /* a call after render was logged; once until the view's next render */
    /* The instance rendering, by id only (for log lines): it may be gone when a stale call comes. */
    struct tab_host *host, owner;
    struct tab_view *next_free;
    /* 1.3: the rendering instance's `self` (for list_row), its lazy-list windows (borrowed from the
       instance for the render), and whether a list's row is being drawn (a list inside one is refused,
       as in process). */
    void *self;
    list_window *windows;
    uint32_t window_count;
    int in_list;
};

static struct tab_view *free_views;
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
/* LOAD's module_dir, and the data_dir the host made: stable for the process's life. */
static char *module_directory;
static char *data_directory;

static struct tab_host *instances;

static struct tab_host *find_instance(uint64_t id) {
    for (struct tab_host *h = instances; h != NULL; h = h->next)
        if (h->id == id) return h;
    return NULL;
}

/* Strings handed to the module by tab_item: valid until the host's request being served returns
   (the header's rule), so they are freed when that request's reply is sent. */
static char **kept_strings;
static size_t kept_count, kept_capacity;

static const char *keep(char *s) {
    if (s == NULL) return NULL;
    if (kept_count == kept_capacity) {
        kept_capacity = kept_capacity ? kept_capacity * 2 : 16;
        char **grown = realloc(kept_strings, kept_capacity * sizeof *grown);
        if (grown == NULL) out_of_memory();
        kept_strings = grown;
    }
    kept_strings[kept_count++] = s;
    return s;
}

static void release_kept(size_t mark) {
    while (kept_count > mark) free(kept_strings[--kept_count]);
}

static void serve(frame *request);
static const char *call_name(uint16_t type);
static void serve_call(frame *request, reader *r, uint64_t id, size_t mark);

/* Sends a request to the host and serves the host's requests until its reply arrives. */
static frame call_host(uint16_t type, const buffer *payload) {
    uint32_t seq = next_seq++;
    send_frame(type, 0, seq, payload);
    for (;;) {
        frame f;
        read_frame(&f);
        if (f.flags & TABHOST_WIRE_FLAG_REPLY) {
            if (f.seq != seq) _exit(73); /* replies come back in order, or the host is confused */
            return f;
        }
        serve(&f);
        free(f.payload);
    }
}

/* True on the thread that serves the host: the only thread that may wait for a reply. */
static int on_main_thread(void) { return pthread_equal(pthread_self(), main_thread); }

static void notify(uint16_t type, const buffer *payload) { send_frame(type, 0, 0, payload); }

static void host_log(tab_host *host, int level, const char *message);

/* True the first time `call` is reported for `host`. */
static int first_report(tab_host *host, const char *call) {
    int first = 1;
    pthread_mutex_lock(&state_lock);
    for (size_t i = 0; i < host->reported_count && first; i++)
        if (host->reported[i] == call) first = 0;
    if (first && host->reported_count < sizeof host->reported / sizeof host->reported[0])
        host->reported[host->reported_count++] = call;
    pthread_mutex_unlock(&state_lock);
    return first;
}

/* True on the main thread; elsewhere the call is ignored, with one line the first time (the line an
   in-process host logs, word for word; the log names the module). Any thread may log. */
static int main_only(tab_host *host, const char *call) {
    if (on_main_thread()) return 1;
    if (first_report(host, call)) {
        char line[320];
        snprintf(line, sizeof line,
                 "%s called from another thread; ignored (only invalidate, set_timer, cancel_timer, schedule_tick, "
                 "save_soon and log are safe off the main thread)",
                 call);
        host_log(host, TAB_LOG_WARNING, line);
    }
    return 0;
}

static void host_set_title(tab_host *host, const char *title) {
    if (host == NULL || !main_only(host, "set_title") || title == NULL) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_view_str(&b, title); /* the host keeps 256 bytes: a huge title costs neither side memory */
    notify(TABHOST_WIRE_SET_TITLE, &b);
    free(b.bytes);
}

static void host_set_badge(tab_host *host, const char *badge) {
    if (host == NULL || !main_only(host, "set_badge")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_view_str(&b, badge);
    notify(TABHOST_WIRE_SET_BADGE, &b);
    free(b.bytes);
}

static void host_simple(tab_host *host, uint16_t type) {
    if (host == NULL) return;
    buffer b = {0};
    put_u64(&b, host->id);
    notify(type, &b);
    free(b.bytes);
}

/* Inside its own render on the main thread it asks for the render in progress: not sent, since the
   host counts an invalidate that arrives during a render as a change the render missed (one from
   another thread of the module). */
static void host_invalidate(tab_host *host) {
    if (host != NULL && on_main_thread() && host->rendering > 0) return;
    /* Another thread's, on a shown tab: the main loop renders it between requests and pushes the FRAME. */
    if (host != NULL && !on_main_thread() && wake_fds[1] >= 0 && atomic_load(&host->shown)) {
        if (!atomic_exchange(&host->thread_invalidated, 1) && !atomic_exchange(&wake_sent, 1)) {
            ssize_t written;
            do {
                written = write(wake_fds[1], "w", 1);
            } while (written < 0 && errno == EINTR);
        }
        return;
    }
    /* Inside an event that pushes its frame: the FRAME after it carries the change. */
    if (host != NULL && on_main_thread() && host->collecting > 0) {
        host->invalidated = 1;
        return;
    }
    host_simple(host, TABHOST_WIRE_INVALIDATE);
}
static void host_save_soon(tab_host *host) { host_simple(host, TABHOST_WIRE_SAVE_SOON); }

static void host_pop(tab_host *host) {
    if (host != NULL && main_only(host, "pop")) host_simple(host, TABHOST_WIRE_POP);
}

static void host_dismiss(tab_host *host) {
    if (host != NULL && main_only(host, "dismiss")) host_simple(host, TABHOST_WIRE_DISMISS);
}

/* A request whose reply is one i32 (push, present, add_tab); 0 off the main thread. */
static int host_int_call(uint16_t type, buffer *b) {
    frame reply = call_host(type, b);
    free(b->bytes);
    reader r = {reply.payload, reply.count, 0, 0};
    int32_t result = (reply.flags & TABHOST_WIRE_FLAG_FAILED) ? 0 : get_i32(&r);
    free(reply.payload);
    return r.bad ? 0 : result;
}

static int host_push(tab_host *host, const char *module, const char *param, int target) {
    if (host == NULL || !main_only(host, "push") || module == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_str(&b, module);
    put_str(&b, param);
    put_i32(&b, target);
    return host_int_call(TABHOST_WIRE_PUSH, &b);
}

static int host_present(tab_host *host, const char *module, const char *param) {
    if (host == NULL || !main_only(host, "present") || module == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_str(&b, module);
    put_str(&b, param);
    return host_int_call(TABHOST_WIRE_PRESENT, &b);
}

static int host_add_tab(tab_host *host, const char *name, const char *module, const char *image,
                        const char *param) {
    if (host == NULL || !main_only(host, "add_tab") || name == NULL || module == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_str(&b, name);
    put_str(&b, module);
    put_str(&b, image);
    put_str(&b, param);
    return host_int_call(TABHOST_WIRE_ADD_TAB, &b);
}

static void host_schedule_tick(tab_host *host, uint32_t after_ms) {
    if (host == NULL) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_u32(&b, after_ms);
    notify(TABHOST_WIRE_SCHEDULE_TICK, &b);
    free(b.bytes);
}

/* LOG calls this second (from every thread), and those dropped past TABHOST_WIRE_MAX_LOGS_PER_SECOND:
   a thread logging in a loop fills neither the socket nor the host's loop. */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static time_t log_second;
static uint32_t log_count, log_dropped;

static void send_log(uint64_t id, int level, const char *message) {
    buffer b = {0};
    put_u64(&b, id);
    put_i32(&b, level);
    put_str_max(&b, message, TABHOST_WIRE_MAX_LOG_STRING);
    notify(TABHOST_WIRE_LOG, &b);
    free(b.bytes);
}

/* The watchdog's report: the module's log, as a warning. */
static void blame_log(uint64_t id, const char *line) { send_log(id, TAB_LOG_WARNING, line); }

static void host_log(tab_host *host, int level, const char *message) {
    if (host == NULL || message == NULL) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&log_lock);
    uint32_t dropped = 0;
    if (now.tv_sec != log_second) {
        dropped = log_dropped;
        log_second = now.tv_sec;
        log_count = log_dropped = 0;
    }
    int send = log_count < TABHOST_WIRE_MAX_LOGS_PER_SECOND;
    if (send) log_count++;
    else log_dropped++;
    pthread_mutex_unlock(&log_lock);
    if (dropped > 0) {
        char line[160];
        snprintf(line, sizeof line, "%u log lines dropped in the module's process (over %u lines/s)", dropped,
                 TABHOST_WIRE_MAX_LOGS_PER_SECOND);
        send_log(host->id, TAB_LOG_WARNING, line);
    }
    if (send) send_log(host->id, level, message);
}

/* True when `call` may add to `view`: on the main thread, inside its render (else one log line,
   as in process). Past the host's node limit (it shows that many and one line saying the rest is not
   shown) or the byte budget, later calls are not collected: a module rendering rows without end does
   not fill this process's memory. */
static int view_open(tab_view *view, const char *call) {
    if (view == NULL || !main_only(view->host, call)) return 0;
    if (!view->open) {
        if (!view->reported_closed) {
            view->reported_closed = 1;
            char line[240];
            snprintf(line, sizeof line,
                     "%s called outside render; ignored (view calls are valid only inside render, on its view)", call);
            host_log(view->host, TAB_LOG_WARNING, line);
        }
        return 0;
    }
    if (view->count > TABHOST_WIRE_MAX_VIEW_NODES) return 0;
    if (view->nodes.count > TABHOST_WIRE_MAX_VIEW_BYTES) {
        if (!view->overflowed) {
            view->overflowed = 1;
            char line[160];
            snprintf(line, sizeof line, "render: the view is larger than %u MiB; the rest is not shown",
                     TABHOST_WIRE_MAX_VIEW_BYTES >> 20);
            host_log(view->host, TAB_LOG_WARNING, line);
        }
        return 0;
    }
    return 1;
}

static void view_section(tab_view *view, const char *title) {
    if (!view_open(view, "section")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_SECTION);
    view->calls++;
    put_view_str(&view->nodes, title);
    view->count++;
}

static void view_row(tab_view *view, const char *title, const char *detail, const char *action) {
    if (!view_open(view, "row")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_ROW);
    view->calls++;
    put_view_str(&view->nodes, title != NULL ? title : "");
    put_view_str(&view->nodes, detail);
    put_view_str(&view->nodes, action);
    view->count++;
}

static void view_text(tab_view *view, const char *text) {
    if (!view_open(view, "text") || text == NULL) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_TEXT);
    view->calls++;
    put_view_str(&view->nodes, text);
    view->count++;
}

static void view_button(tab_view *view, const char *label, const char *action) {
    if (!view_open(view, "button") || label == NULL) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_BUTTON);
    view->calls++;
    put_view_str(&view->nodes, label);
    put_view_str(&view->nodes, action);
    view->count++;
}

static void view_image(tab_view *view, const char *path, const char *alt) {
    if (!view_open(view, "image") || path == NULL) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_IMAGE);
    view->calls++;
    put_long_str(&view->nodes, path);
    put_view_str(&view->nodes, alt);
    view->count++;
}

static void view_text_field(tab_view *view, const char *id, const char *value, const char *placeholder,
                            uint32_t flags) {
    if (!view_open(view, "text_field")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_TEXT_FIELD);
    view->calls++;
    put_id(&view->nodes, id);
    put_long_str(&view->nodes, value);
    put_view_str(&view->nodes, placeholder);
    put_u32(&view->nodes, flags);
    view->count++;
}

static void view_toggle(tab_view *view, const char *id, const char *label, int on) {
    if (!view_open(view, "toggle")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_TOGGLE);
    view->calls++;
    put_id(&view->nodes, id);
    put_view_str(&view->nodes, label);
    put_u8(&view->nodes, on != 0);
    view->count++;
}

static void view_progress(tab_view *view, const char *label, double fraction) {
    if (!view_open(view, "progress")) return;
    uint64_t bits;
    memcpy(&bits, &fraction, sizeof bits);
    put_u8(&view->nodes, TABHOST_WIRE_NODE_PROGRESS);
    view->calls++;
    put_view_str(&view->nodes, label);
    put_u64(&view->nodes, bits);
    view->count++;
}

static void view_style(tab_view *view, uint32_t style) {
    if (!view_open(view, "style")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_STYLE);
    view->calls++;
    put_u32(&view->nodes, style);
}

/* The count a module passed and its list, at most one past the host's limit (a NULL list sends no
   entries, as the in-process host reads none). */
static void put_list(buffer *b, const char *const *items, size_t count) {
    uint32_t sent = items == NULL ? 0 : count > TAB_MAX_COLUMNS + 1 ? TAB_MAX_COLUMNS + 1 : (uint32_t)count;
    put_u64(b, (uint64_t)count);
    put_u32(b, sent);
    for (uint32_t i = 0; i < sent; i++) put_view_str(b, items[i]);
}

static void view_columns(tab_view *view, const char *const *headers, size_t count) {
    if (!view_open(view, "columns")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_COLUMNS);
    view->calls++;
    put_list(&view->nodes, headers, count);
}

static void view_cells(tab_view *view, const char *const *cells, size_t count, const char *action) {
    if (!view_open(view, "cells")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_CELLS);
    view->calls++;
    put_list(&view->nodes, cells, count);
    put_view_str(&view->nodes, action);
    view->count++;
}

static void view_row_action(tab_view *view, const char *label, const char *action) {
    if (!view_open(view, "row_action")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_ROW_ACTION);
    view->calls++;
    put_view_str(&view->nodes, label);
    put_view_str(&view->nodes, action);
}

/* ---- 1.3 view calls -------------------------------------------------------------------------- */

static void view_enabled(tab_view *view, int enabled) {
    if (!view_open(view, "enabled")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_ENABLED);
    view->calls++;
    put_u8(&view->nodes, enabled != 0);
}

static void view_bar_button(tab_view *view, const char *label, const char *action, uint32_t side) {
    if (!view_open(view, "bar_button")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_BAR_BUTTON);
    view->calls++;
    put_view_str(&view->nodes, label);
    put_view_str(&view->nodes, action);
    put_u32(&view->nodes, side);
}

static void view_shortcut(tab_view *view, uint32_t key, const char *label, const char *action) {
    if (!view_open(view, "shortcut")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_SHORTCUT);
    view->calls++;
    put_u32(&view->nodes, key);
    put_view_str(&view->nodes, label);
    put_view_str(&view->nodes, action);
}

static void view_spans(tab_view *view, const char *const *texts, const uint32_t *styles, size_t count) {
    if (!view_open(view, "spans")) return;
    uint64_t declared = texts == NULL ? 0 : (uint64_t)count;
    uint32_t sent = declared > TABHOST_WIRE_MAX_SPANS + 1 ? TABHOST_WIRE_MAX_SPANS + 1 : (uint32_t)declared;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_SPANS);
    view->calls++;
    put_u64(&view->nodes, declared);
    put_u32(&view->nodes, sent);
    for (uint32_t i = 0; i < sent; i++) {
        put_view_str(&view->nodes, texts[i]);
        put_u32(&view->nodes, styles != NULL ? styles[i] : 0);
    }
    view->count++;
}

/* The rows of the list `id` (of `count`) to draw: the window RENDER named, else the first rows; within
   the list and TABHOST_WIRE_MAX_LIST_WINDOW rows (ModuleLimits.listWindow, the same rule). */
static void list_window_of(const tab_view *view, const char *id, uint64_t count, uint64_t *start, uint64_t *end) {
    uint64_t asked_start = 0, asked_end = TABHOST_WIRE_LIST_WINDOW_ROWS;
    for (uint32_t i = 0; i < view->window_count; i++)
        if (strcmp(view->windows[i].id, id) == 0) {
            asked_start = view->windows[i].start;
            asked_end = view->windows[i].end;
        }
    *start = asked_start < count ? asked_start : count;
    uint64_t e = asked_end > *start ? asked_end : *start;
    if (e > count) e = count;
    if (e > *start + TABHOST_WIRE_MAX_LIST_WINDOW) e = *start + TABHOST_WIRE_MAX_LIST_WINDOW;
    *end = e;
}

static void view_list(tab_view *view, const char *id, size_t count) {
    if (!view_open(view, "list")) return;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_LIST);
    view->calls++;
    put_id(&view->nodes, id);
    put_u64(&view->nodes, (uint64_t)count);
    view->count++;
    /* The host refuses these (one log line there) and expects no rows. */
    if (id == NULL || id[0] == '\0' || strnlen(id, TAB_MAX_ID_BYTES + 1) > TAB_MAX_ID_BYTES || view->in_list) return;
    uint64_t start, end;
    list_window_of(view, id, (uint64_t)count, &start, &end);
    int draws = has_list_row(descriptor);
    view->in_list = 1;
    for (uint64_t index = start; index < end && view->open; index++) {
        put_u8(&view->nodes, TABHOST_WIRE_NODE_LIST_ROW);
        view->calls++;
        put_u64(&view->nodes, index);
        if (draws) descriptor->list_row(view->self, id, (size_t)index, view);
    }
    view->in_list = 0;
    put_u8(&view->nodes, TABHOST_WIRE_NODE_LIST_END);
    view->calls++;
}

/* RENDER's optional windows (a host before 1.3 sends none): u32 n, n x (str id, u64 start, u64 end).
   They replace the instance's last ones. */
static void free_list_windows(struct tab_host *host) {
    for (uint32_t i = 0; i < host->window_count; i++) free(host->windows[i].id);
    free(host->windows);
    host->windows = NULL;
    host->window_count = 0;
}

static void read_list_windows(reader *r, struct tab_host *host) {
    free_list_windows(host);
    if (r->offset >= r->count) return;
    uint32_t n = get_u32(r);
    if (r->bad || n > 4096) return;
    host->windows = calloc(n ? n : 1, sizeof *host->windows);
    if (host->windows == NULL) out_of_memory();
    for (uint32_t i = 0; i < n && !r->bad; i++) {
        char *id = get_str(r);
        uint64_t start = get_u64(r), end = get_u64(r);
        if (id == NULL || r->bad) {
            free(id);
            break;
        }
        host->windows[host->window_count++] = (list_window){id, start, end};
    }
}

/* ---- 1.3 host calls -------------------------------------------------------------------------- */

static void host_focus(tab_host *host, const char *id) {
    if (host == NULL || !main_only(host, "focus")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_id(&b, id);
    notify(TABHOST_WIRE_FOCUS, &b);
    free(b.bytes);
}

static void host_scroll_to(tab_host *host, const char *id, size_t index) {
    if (host == NULL || !main_only(host, "scroll_to")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_id(&b, id);
    put_u64(&b, (uint64_t)index);
    notify(TABHOST_WIRE_SCROLL_TO, &b);
    free(b.bytes);
}

static void host_copy_text(tab_host *host, const char *text) {
    if (host == NULL || !main_only(host, "copy_text")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_long_str(&b, text);
    notify(TABHOST_WIRE_COPY_TEXT, &b);
    free(b.bytes);
}

static void host_toast(tab_host *host, const char *text, uint32_t style) {
    if (host == NULL || !main_only(host, "toast") || text == NULL) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_view_str(&b, text);
    put_u32(&b, style);
    notify(TABHOST_WIRE_TOAST, &b);
    free(b.bytes);
}

static int host_push_for_result(tab_host *host, const char *module, const char *param, int target, const char *tag) {
    if (host == NULL || !main_only(host, "push_for_result") || module == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_str(&b, module);
    put_str(&b, param);
    put_i32(&b, target);
    put_id(&b, tag);
    return host_int_call(TABHOST_WIRE_PUSH_FOR_RESULT, &b);
}

static int host_present_for_result(tab_host *host, const char *module, const char *param, const char *tag,
                                   uint32_t flags) {
    if (host == NULL || !main_only(host, "present_for_result") || module == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_str(&b, module);
    put_str(&b, param);
    put_id(&b, tag);
    put_u32(&b, flags);
    return host_int_call(TABHOST_WIRE_PRESENT_FOR_RESULT, &b);
}

static uint64_t host_now_ms(tab_host *host) {
    if (host == NULL || !main_only(host, "now_ms")) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    frame reply = call_host(TABHOST_WIRE_NOW_MS, &b);
    free(b.bytes);
    reader r = {reply.payload, reply.count, 0, 0};
    uint64_t now = (reply.flags & TABHOST_WIRE_FLAG_FAILED) ? 0 : get_u64(&r);
    free(reply.payload);
    return r.bad ? 0 : now;
}

/* ---- 1.2 host calls -------------------------------------------------------------------------- */

static void host_finish(tab_host *host, const char *result) {
    if (host == NULL || !main_only(host, "finish")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_long_str(&b, result);
    notify(TABHOST_WIRE_FINISH, &b);
    free(b.bytes);
}

static void host_alert(tab_host *host, const char *id, const char *title, const char *message,
                       const char *const *buttons, size_t count) {
    if (host == NULL || !main_only(host, "alert")) return;
    buffer b = {0};
    put_u64(&b, host->id);
    put_id(&b, id);
    put_view_str(&b, title);
    put_view_str(&b, message);
    uint32_t sent = buttons == NULL ? 0 : count > TAB_MAX_ALERT_BUTTONS + 1 ? TAB_MAX_ALERT_BUTTONS + 1 : (uint32_t)count;
    put_u64(&b, (uint64_t)count);
    put_u32(&b, sent);
    for (uint32_t i = 0; i < sent; i++) put_view_str(&b, buttons[i]);
    notify(TABHOST_WIRE_ALERT, &b);
    free(b.bytes);
}

/* Arms `id` (an id the host ignores for its length is not armed); the set stays within the host's
   timer limit, past which the host ignores new ids too. */
static void arm_timer(tab_host *host, const char *id, int repeating) {
    if (strnlen(id, TAB_MAX_ID_BYTES + 1) > TAB_MAX_ID_BYTES) return;
    pthread_mutex_lock(&state_lock);
    timer_entry *found = NULL;
    for (timer_entry *t = host->timers; t != NULL; t = t->next)
        if (strcmp(t->id, id) == 0) found = t;
    if (found != NULL) {
        found->repeating = repeating;
    } else if (host->timer_count < TAB_MAX_TIMERS) {
        /* malloc and memcpy, not strdup: a sanitizer's runtime in this child may not see strdup's
           allocation, and then frees it as foreign memory. */
        size_t length = strlen(id) + 1;
        timer_entry *t = malloc(sizeof *t);
        char *copy = malloc(length);
        if (t == NULL || copy == NULL) out_of_memory();
        memcpy(copy, id, length);
        t->id = copy;
        t->repeating = repeating;
        t->next = host->timers;
        host->timers = t;
        host->timer_count++;
    }
    pthread_mutex_unlock(&state_lock);
}

/* Disarms `id`; with `fired`, only a one-shot timer. Returns whether `id` was armed. */
static int disarm_timer(tab_host *host, const char *id, int fired) {
    int armed = 0;
    pthread_mutex_lock(&state_lock);
    for (timer_entry **link = &host->timers; *link != NULL; link = &(*link)->next) {
        timer_entry *t = *link;
        if (strcmp(t->id, id) != 0) continue;
        armed = 1;
        if (!fired || !t->repeating) {
            *link = t->next;
            free(t->id);
            free(t);
            host->timer_count--;
        }
        break;
    }
    pthread_mutex_unlock(&state_lock);
    return armed;
}

static void free_timers(tab_host *host) {
    pthread_mutex_lock(&state_lock);
    while (host->timers != NULL) {
        timer_entry *t = host->timers;
        host->timers = t->next;
        free(t->id);
        free(t);
    }
    host->timer_count = 0;
    pthread_mutex_unlock(&state_lock);
}

static void host_set_timer(tab_host *host, const char *id, uint32_t after_ms, uint32_t repeat_ms) {
    if (host == NULL) return;
    if (id != NULL) arm_timer(host, id, repeat_ms != 0);
    buffer b = {0};
    put_u64(&b, host->id);
    put_id(&b, id);
    put_u32(&b, after_ms);
    put_u32(&b, repeat_ms);
    notify(TABHOST_WIRE_SET_TIMER, &b);
    free(b.bytes);
}

static void host_cancel_timer(tab_host *host, const char *id) {
    if (host == NULL) return;
    if (id != NULL) disarm_timer(host, id, 0);
    buffer b = {0};
    put_u64(&b, host->id);
    put_id(&b, id);
    notify(TABHOST_WIRE_CANCEL_TIMER, &b);
    free(b.bytes);
}

/* The host makes the directory (this process may not be allowed to) and names it; kept for the
   process's life, so the pointer stays valid for every instance's. */
static const char *host_data_dir(tab_host *host) {
    if (host == NULL || !main_only(host, "data_dir")) return NULL;
    if (data_directory != NULL) return data_directory;
    buffer b = {0};
    put_u64(&b, host->id);
    frame reply = call_host(TABHOST_WIRE_DATA_DIR, &b);
    free(b.bytes);
    reader r = {reply.payload, reply.count, 0, 0};
    char *path = (reply.flags & TABHOST_WIRE_FLAG_FAILED) ? NULL : get_str(&r);
    free(reply.payload);
    if (r.bad) {
        free(path);
        path = NULL;
    }
    data_directory = path;
    return data_directory;
}

static const char *host_module_dir(tab_host *host) {
    if (host == NULL || !main_only(host, "module_dir")) return NULL;
    return module_directory;
}

static size_t host_tab_count(tab_host *host) {
    if (host == NULL || !main_only(host, "tab_count")) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    frame reply = call_host(TABHOST_WIRE_TAB_COUNT, &b);
    free(b.bytes);
    reader r = {reply.payload, reply.count, 0, 0};
    uint64_t count = (reply.flags & TABHOST_WIRE_FLAG_FAILED) ? 0 : get_u64(&r);
    free(reply.payload);
    return r.bad ? 0 : (size_t)count;
}

static int host_tab_item(tab_host *host, size_t index, tab_bar_item *out) {
    if (host == NULL || !main_only(host, "tab_item") || out == NULL) return 0;
    buffer b = {0};
    put_u64(&b, host->id);
    put_u64(&b, (uint64_t)index);
    frame reply = call_host(TABHOST_WIRE_TAB_ITEM, &b);
    free(b.bytes);
    reader r = {reply.payload, reply.count, 0, 0};
    int found = !(reply.flags & TABHOST_WIRE_FLAG_FAILED) && get_u8(&r);
    char *title = found ? get_str(&r) : NULL;
    char *glyph = found ? get_str(&r) : NULL;
    char *badge = found ? get_str(&r) : NULL;
    int selected = found ? get_u8(&r) : 0;
    char *image = found ? get_str(&r) : NULL;
    free(reply.payload);
    if (!found || r.bad) {
        free(title);
        free(glyph);
        free(badge);
        free(image);
        return 0;
    }
    /* Only the fields the caller's struct_size holds. */
    if (TAB_API_HAS(out, tab_bar_item, title)) out->title = keep(title); else free(title);
    if (TAB_API_HAS(out, tab_bar_item, glyph)) out->glyph = keep(glyph); else free(glyph);
    if (TAB_API_HAS(out, tab_bar_item, badge)) out->badge = keep(badge); else free(badge);
    if (TAB_API_HAS(out, tab_bar_item, selected)) out->selected = selected;
#if TAB_MODULE_ABI_MINOR >= 1
    if (TAB_API_HAS(out, tab_bar_item, image)) out->image = keep(image); else free(image);
#else
    free(image);
#endif
    return 1;
}

static const tab_host_api api = {
    .struct_size = (uint32_t)sizeof(tab_host_api),
    .set_title = host_set_title,
    .set_badge = host_set_badge,
    .invalidate = host_invalidate,
    .push = host_push,
    .pop = host_pop,
    .present = host_present,
    .dismiss = host_dismiss,
    .add_tab = host_add_tab,
    .schedule_tick = host_schedule_tick,
    .log = host_log,
    .section = view_section,
    .row = view_row,
    .text = view_text,
    .button = view_button,
    .image = view_image,
    .tab_count = host_tab_count,
    .tab_item = host_tab_item,
    .text_field = view_text_field,
    .toggle = view_toggle,
    .progress = view_progress,
    .style = view_style,
    .columns = view_columns,
    .cells = view_cells,
    .row_action = view_row_action,
    .finish = host_finish,
    .alert = host_alert,
    .set_timer = host_set_timer,
    .cancel_timer = host_cancel_timer,
    .data_dir = host_data_dir,
    .module_dir = host_module_dir,
    .save_soon = host_save_soon,
    .focus = host_focus,
    .scroll_to = host_scroll_to,
    .enabled = view_enabled,
    .bar_button = view_bar_button,
    .push_for_result = host_push_for_result,
    .present_for_result = host_present_for_result,
    .list = view_list,
    .spans = view_spans,
    .copy_text = host_copy_text,
    .toast = host_toast,
    .now_ms = host_now_ms,
    .shortcut = view_shortcut,
};

/* ---- serving the host ------------------------------------------------------------------------ */

static void reply(const frame *request, const buffer *payload) {
    /* What the sandbox refused during the call goes first: the host that sees the reply has seen it. */
    if (denial_fd >= 0) drain_denials();
    send_frame(request->type, TABHOST_WIRE_FLAG_REPLY, request->seq, payload);
}

static void reply_failure(const frame *request, const char *format, ...) {
    char message[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    buffer b = {0};
    put_str(&b, message);
    send_frame(request->type, TABHOST_WIRE_FLAG_REPLY | TABHOST_WIRE_FLAG_FAILED, request->seq, &b);
    free(b.bytes);
}

static uint32_t function_bits(const tab_module_descriptor *d) {
    /* The bit order of ModuleFunctions on the host. */
    return (d->create ? 1u << 0 : 0) | (d->start ? 1u << 1 : 0) | (d->render ? 1u << 2 : 0) |
           (d->event ? 1u << 3 : 0) | (d->appearance ? 1u << 4 : 0) | (d->save_state ? 1u << 5 : 0) |
           (d->restore_state ? 1u << 6 : 0) | (d->destroy ? 1u << 7 : 0) | (has_list_row(d) ? 1u << 8 : 0);
}

/* LOAD's optional sandbox part (optional: a host built before it sends none). */
typedef struct load_sandbox {
    uint8_t mode; /* 0 off, 1 on, 2 require */
    char *tmpdir;
    char **read_paths, **write_paths, **grants;
    uint32_t read_count, write_count, grant_count;
    uint64_t max_processes, max_memory;
    int32_t landlock_abi_limit;
} load_sandbox;

static char **get_str_list(reader *r, uint32_t *count) {
    uint32_t n = get_u32(r);
    if (r->bad || n > 4096) {
        r->bad = 1;
        *count = 0;
        return NULL;
    }
    char **items = calloc(n ? n : 1, sizeof *items);
    if (items == NULL) out_of_memory();
    for (uint32_t i = 0; i < n; i++) {
        items[i] = get_str(r);
        if (items[i] == NULL) r->bad = 1;
    }
    *count = n;
    return items;
}

static void free_str_list(char **items, uint32_t count) {
    if (items == NULL) return;
    for (uint32_t i = 0; i < count; i++) free(items[i]);
    free(items);
}

static void read_load_sandbox(reader *r, load_sandbox *s) {
    memset(s, 0, sizeof *s);
    if (r->bad || r->offset == r->count) return; /* --sandbox off, or an older host: no sandbox */
    s->mode = get_u8(r);
    s->tmpdir = get_str(r);
    s->read_paths = get_str_list(r, &s->read_count);
    s->write_paths = get_str_list(r, &s->write_count);
    s->max_processes = get_u64(r);
    s->max_memory = get_u64(r);
    s->grants = get_str_list(r, &s->grant_count);
    s->landlock_abi_limit = get_i32(r);
}

static void free_load_sandbox(load_sandbox *s) {
    free(s->tmpdir);
    free_str_list(s->read_paths, s->read_count);
    free_str_list(s->write_paths, s->write_count);
    free_str_list(s->grants, s->grant_count);
}

/* A sanitizer reserves terabytes of address space: RLIMIT_AS would stop it, not the module. */
static int sanitized_build(void) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
    return 1;
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return 1;
#endif
    return 0;
}

/* Lock first, then load: confines this process before the module's file is opened, while it has one
   thread (nothing in this program starts one before a module does). Returns 0 to go on and load,
   else -1 with `why` filled (a hard failure, or `require` with a layer missing). */
static int apply_load_sandbox(const load_sandbox *s, tabhost_sandbox_report *report, char *why, size_t size) {
    if (s->tmpdir != NULL) setenv("TMPDIR", s->tmpdir, 1);
    tabhost_sandbox_profile profile;
    memset(&profile, 0, sizeof profile);
    profile.read_paths = (const char *const *)s->read_paths;
    profile.read_path_count = s->read_count;
    profile.write_paths = (const char *const *)s->write_paths;
    profile.write_path_count = s->write_count;
    profile.max_processes = s->max_processes;
    profile.landlock_abi_limit = s->landlock_abi_limit;
    profile.max_memory_bytes = sanitized_build() ? 0 : s->max_memory;
    /* The host made TMPDIR (0700, empty): the child mounts its own capped tmpfs over it, so the host only
       removes an empty directory. */
    profile.private_tmp = s->tmpdir;
    bool report_files = false;
    /* The host expands read:PATH and write:PATH into the path lists; the other grants are names. */
    for (uint32_t i = 0; i < s->grant_count; i++) {
        const char *grant = s->grants[i];
        if (strcmp(grant, "network") == 0) profile.network = true;
        if (strcmp(grant, "system") == 0) profile.system = true;
        if (strcmp(grant, "exec") == 0) profile.exec = true;
        if (strcmp(grant, "unrestricted") == 0) profile.unrestricted = true;
        /* Not a permission: the host's mark that a read: or write: path was granted (the path lists
           always hold the module's own directories, so their length says nothing). */
        if (strcmp(grant, "paths") == 0) profile.watch_files = true;
        /* Not a permission either: test mode's mark that refused file opens are named (tabhost_file_denials.h). */
        if (strcmp(grant, "report-files") == 0) report_files = true;
        /* Tests only: the host's TABHOST_TEST_SANDBOX_WITHOUT_NAMESPACES, the keeper's path where namespaces work. */
        if (strcmp(grant, "no-namespaces") == 0) profile.without_namespaces = true;
    }
    /* Refusals a permission would lift are named on a pipe, made before the lock (see wait_for_host). */
    int denials[2] = {-1, -1};
    if (!profile.exec && !profile.unrestricted && pipe2(denials, O_NONBLOCK | O_CLOEXEC) == 0) {
        profile.report_denials = true;
        profile.denial_fd = denials[1];
    }
    int status = tabhost_sandbox_apply(&profile, report);
    if (status == 0 && profile.report_denials) {
        denial_fd = denials[0];
        if (report_files) tabhost_file_denials_start(denials[1]);
    } else if (denials[0] >= 0) {
        close(denials[0]);
        close(denials[1]);
    }
    if (status == 0 && (report->enforced & TABHOST_SANDBOX_MEMORY_LIMIT)) watch_memory_ceiling(profile.max_memory_bytes);
    if (sanitized_build() && s->max_memory != 0) {
        size_t used = strnlen(report->text, sizeof report->text);
        snprintf(report->text + used, sizeof report->text - used, "; memory ceiling skipped (sanitizer build)");
    }
    if (status != 0) {
        snprintf(why, size, "its sandbox could not be applied (%s)", report->text);
        return -1;
    }
    /* The kernel never applies RLIMIT_NPROC to root: not a layer this kernel lacks. */
    unsigned missing = report->missing & (getuid() == 0 ? ~(unsigned)TABHOST_SANDBOX_PROCESS_LIMIT : ~0u);
    if (s->mode == 2 && missing != 0) {
        snprintf(why, size, "--sandbox require: its sandbox is incomplete (%s)", report->text);
        return -1;
    }
    return 0;
}

/* SANDBOX_AHEAD: a spare child makes its sandbox's namespaces and splits while it waits for its module,
   which takes them off the module's start. A failure is LOAD's to report (its sandbox then fails). */
static void serve_sandbox_ahead(frame *request, reader *r) {
    uint64_t max_processes = get_u64(r);
    uint8_t private_tmp = get_u8(r);
    char *tmp_path = get_str(r);
    uint8_t filter_ahead = get_u8(r);
    uint32_t ruleset_skipped = get_u32(r);
    /* The system paths' ruleset the host made, when it sent one: split_ahead takes it over. */
    int ruleset = request->fd;
    request->fd = -1;
    /* Only a child that will load a module, before it has one (a scanner never asks for one). */
    if (!r->bad && descriptor == NULL && prepared_for_module) {
        /* Made before the split, as LOAD makes it: the module's process inherits both ends. */
        if (wake_fds[0] < 0 && pipe2(wake_fds, O_NONBLOCK | O_CLOEXEC) != 0) wake_fds[0] = wake_fds[1] = -1;
        (void)tabhost_sandbox_split_ahead(max_processes, private_tmp != 0, tmp_path, filter_ahead != 0, ruleset,
                                          ruleset_skipped);
    } else if (ruleset >= 0) {
        close(ruleset);
    }
    free(tmp_path);
}

static void serve_load(frame *request, reader *r) {
    char *path = get_str(r);
    char *name = get_str(r);
    char *directory = get_str(r);
    char message[512] = "";
    load_sandbox sandbox;
    read_load_sandbox(r, &sandbox);
    tabhost_sandbox_report report;
    memset(&report, 0, sizeof report);
    char why[768] = "";
    if (!r->bad && descriptor == NULL && !prepared_for_module) tabhost_blame_warm_up();
    /* The wake pipe, made here rather than at exec (the child starts with 0-3 only) and before the
       sandbox and its fork: the module's process inherits both ends. Without it, an INVALIDATE. */
    if (wake_fds[0] < 0 && pipe2(wake_fds, O_NONBLOCK | O_CLOEXEC) != 0) wake_fds[0] = wake_fds[1] = -1;
    if (r->bad || path == NULL || name == NULL || directory == NULL) {
        reply_failure(request, "malformed load request");
    } else if (descriptor != NULL) {
        reply_failure(request, "a module is loaded already");
    } else if (sandbox.mode != 0 && apply_load_sandbox(&sandbox, &report, why, sizeof why) != 0) {
        reply_failure(request, "%s", why);
    } else {
        /* Applied or not, the module's code never holds what a spare child opened ahead. */
        tabhost_sandbox_release_prepared();
        /* Sandboxed, before the module (tabhost_blame.h); without a watchdog, calls are only not watched. */
        (void)tabhost_blame_start(name, blame_log);
        tabhost_lt_image *image = tabhost_lt_open(path, message, sizeof message);
        void *symbol = image ? tabhost_lt_symbol(image, "tab_module_entry", message, sizeof message) : NULL;
        const tab_module_descriptor *(*entry)(void) = NULL;
        if (symbol != NULL) memcpy(&entry, &symbol, sizeof entry);
        const tab_module_descriptor *d = entry ? entry() : NULL;
        if (image == NULL) {
            reply_failure(request, "the dynamic loader refused it: %s", message);
        } else if (d == NULL) {
            reply_failure(request, "%s", symbol == NULL ? "no tab_module_entry symbol" : "tab_module_entry() returned NULL");
        } else if (d->magic != TAB_MODULE_MAGIC || d->abi_major != TAB_MODULE_ABI_MAJOR ||
                   d->struct_size < offsetof(tab_module_descriptor, reserved) || d->name == NULL ||
                   strcmp(d->name, name) != 0 || d->create == NULL || d->render == NULL) {
            reply_failure(request, "the file no longer declares module \"%s\"", name);
        } else {
            /* Never closed: the process ends with the module. */
            descriptor = d;
            module_directory = directory;
            directory = NULL;
            /* `ps -o comm` and `top` name the module (a spare child was started without one). */
            prctl(PR_SET_NAME, d->name);
            buffer b = {0};
            put_u32(&b, function_bits(d));
            put_u32(&b, d->kind);
            if (sandbox.mode != 0) {
                put_u32(&b, report.enforced);
                put_u32(&b, report.missing);
                put_i32(&b, report.landlock_abi);
                put_str(&b, report.text);
            }
            reply(request, &b);
            free(b.bytes);
        }
    }
    free(path);
    free(name);
    free(directory);
    free_load_sandbox(&sandbox);
}

static void scan_phase(uint8_t phase) {
    buffer b = {0};
    put_u8(&b, phase);
    notify(TABHOST_WIRE_SCAN_PHASE, &b);
    free(b.bytes);
}

/* A descriptor string as the host's validator reads it, at most `limit` bytes, through volatile
   reads (a wild pointer must crash here, and an unused strnlen may be dropped by the compiler). */
static void put_bounded_str(buffer *b, const char *s, size_t limit) {
    if (s == NULL) {
        put_u32(b, TABHOST_WIRE_NULL_STRING);
        return;
    }
    const volatile char *bytes = s;
    size_t n = 0;
    while (n < limit && bytes[n] != '\0') n++;
    put_u32(b, (uint32_t)n);
    buffer_reserve(b, n);
    for (size_t i = 0; i < n; i++) b->bytes[b->count + i] = (unsigned char)bytes[i];
    b->count += n;
}

/* Opens a file the host has not trusted yet, as the host would, and reports what the host's
   validator needs: a crash or hang here costs this child, not the host. Each file is opened in a
   process of its own, forked from this scanner once it is locked (a pre-confined fork server): one
   module's constructors, threads or crash can neither end the scan of another file nor change what
   another file's report says, and nothing a file mapped stays behind for the next. */
static void scan_file(frame *request, char *path, uint8_t close_after);
static void scan_ended(uint32_t seq, int status);
static void sweep_left_processes(const pid_t *_Nullable spared, int spared_count);
/* The scanner's `children` file (/proc/self/task/TID/children), opened by its first sweep; -1 when its
   /proc does not number processes as its namespace does. */
static int scanner_children = -2;
static void scan_server(void) __attribute__((noreturn));

/* A file's process from here on speaks only on the pipe the host sent with its SCAN (when it sent one):
   the connection every request comes on is closed before the module's code runs, so that code can
   neither read the next file's request nor answer for another file in flight. */
static void scan_reply_pipe(int passed) {
    if (passed < 0) return;
    struct stat status;
    if (fstat(passed, &status) != 0 || !S_ISFIFO(status.st_mode) || dup3(passed, wire, O_CLOEXEC) < 0) _exit(71);
    close(passed);
    wire_is_pipe = 1;
}

/* Set once the scanner locked itself: its file processes then add a layer of their own. */
static int scanner_locked;

/* The layer each file's process adds (tabhost_sandbox_signal_scope_ruleset), made once by the fork
   server rather than by every file's process; -1 before then, or where the kernel has no such layer. */
static int signal_scope_ruleset = -1;

/* A Landlock layer of the file's process's own that scopes signals (ABI 6): its module's code can signal
   only this process and its own forks, not the scanner nor another file's process scanned at the same
   time (killed, that file would look crashed, and its refusal would be remembered). Before ABI 6 the
   scanner's sandbox line says signals are not scoped. */
static void scan_own_signal_scope(void) {
    if (!scanner_locked) return;
    int ruleset = signal_scope_ruleset >= 0 ? signal_scope_ruleset : tabhost_sandbox_signal_scope_ruleset();
    signal_scope_ruleset = -1;
    if (tabhost_sandbox_scope_signals(ruleset) < 0) _exit(71);
}

static void serve_scan(frame *request, reader *r) {
    char *path = get_str(r);
    uint8_t close_after = get_u8(r);
    /* Optionally: u8 sandbox, u32 n + n str read paths (the tightest profile), then optionally u64 max
       processes, u64 max memory bytes, then optionally u32 n + n str paths whose files may be read but
       not listed (the private copies). */
    uint8_t sandboxed = (!r->bad && r->offset < r->count) ? get_u8(r) : 0;
    uint32_t read_count = 0, file_read_count = 0;
    char **read_paths = sandboxed ? get_str_list(r, &read_count) : NULL;
    uint64_t max_processes = (sandboxed && !r->bad && r->offset < r->count) ? get_u64(r) : 0;
    uint64_t max_memory = (sandboxed && !r->bad && r->offset < r->count) ? get_u64(r) : 0;
    char **file_read_paths = (sandboxed && !r->bad && r->offset < r->count) ? get_str_list(r, &file_read_count) : NULL;
    if (r->bad || path == NULL) {
        free(path);
        free_str_list(read_paths, read_count);
        free_str_list(file_read_paths, file_read_count);
        if (request->fd >= 0) close(request->fd);
        reply_failure(request, "malformed scan request");
        return;
    }
    if (sandboxed && !scanner_locked) {
        /* Lock first, then load: the files being scanned and the loader's libraries, nothing to write,
           a process and a memory limit. */
        tabhost_sandbox_profile profile;
        memset(&profile, 0, sizeof profile);
        profile.read_paths = (const char *const *)read_paths;
        profile.read_path_count = read_count;
        profile.file_read_paths = (const char *const *)file_read_paths;
        profile.file_read_path_count = file_read_count;
        profile.max_processes = max_processes;
        profile.max_memory_bytes = sanitized_build() ? 0 : max_memory;
        profile.own_proc = true;
        tabhost_sandbox_report report;
        int status = tabhost_sandbox_apply(&profile, &report);
        free_str_list(read_paths, read_count);
        free_str_list(file_read_paths, file_read_count);
        read_paths = NULL;
        file_read_paths = NULL;
        scanner_locked = 1;
        if (status != 0) {
            free(path);
            if (request->fd >= 0) close(request->fd);
            reply_failure(request, "the scanner's sandbox could not be applied (%s)", report.text);
            return;
        }
    }
    free_str_list(read_paths, read_count);
    free_str_list(file_read_paths, file_read_count);
    /* This first file is opened by a process of its own too; from then on a scanner is a fork server
       and never reads the socket again (scan_server). */
    pid_t scanner = getpid();
    /* A scanner (not a child that scans the module it will run): the processes a module's code leaves
       come to it, not to the namespace's first process, for sweep_left_processes. */
    if (!prepared_for_module) (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    pid_t child = fork();
    if (child < 0) {
        free(path);
        if (request->fd >= 0) close(request->fd);
        reply_failure(request, "the scanner could not fork (%s)", strerror(errno));
        return;
    }
    if (child == 0) {
        /* Ends with this scanner when the host kills it for a hang. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != scanner) _exit(127);
        scan_reply_pipe(request->fd);
        scan_own_signal_scope();
        scan_file(request, path, close_after);
        _exit(0);
    }
    if (request->fd >= 0) close(request->fd);
    /* Every later file's process is forked from this one: none may find this file's copy named in
       memory it inherits (copies may be read by name, not listed). */
    explicit_bzero(path, strlen(path));
    free(path);
    explicit_bzero(request->payload, request->count);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    /* Without a pipe of its own the reply came on this connection: SCAN_ENDED only for a failure. */
    if (request->fd >= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) scan_ended(request->seq, status);
    /* Whatever the first file's process left (it has no sibling to spare). */
    if (!prepared_for_module) sweep_left_processes(NULL, 0);
    /* A child that runs a module (the leak check scans in one) goes on serving it; a scanner, which
       never loads one, becomes the fork server. */
    if (descriptor == NULL) scan_server();
}

/* Tells the host that the process that opened the file of request `seq` ended before it replied. */
static void scan_ended(uint32_t seq, int status) {
    buffer b = {0};
    put_u8(&b, WIFSIGNALED(status) ? 1 : 2);
    put_i32(&b, WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    send_frame(TABHOST_WIRE_SCAN_ENDED, 0, seq, &b);
    free(b.bytes);
}

/* The locked scanner as a fork server. Processes forked from it take turns: the one holding the
   baton (a byte on a pipe) reads the host's next SCAN from the socket, passes the baton on, closes the
   pipe and the socket (the module's code never sees them), opens its file, replies on the pipe the
   SCAN brought and exits; the others already wait for the baton, so neither a fork nor this scanner
   sits between a request and its reply, and a fork happens while files are being scanned. The host
   sends up to six SCANs before their replies: with seven processes one is always waiting for the next.
   Each process writes the seq of the request it read to its slot of a shared page, which it then
   unmaps (the module's code cannot change another's), for SCAN_ENDED when it dies before it replies.
   A process that exits without a request read saw the host go away: so does the scanner. */
enum { SCAN_SERVER_PROCESSES = 7 };

typedef struct scan_server_slot {
    pid_t pid;
    volatile uint32_t *seq;
} scan_server_slot;

static pid_t scan_server_fork(volatile uint32_t *seqs, size_t slot, int baton[2], pid_t scanner) {
    seqs[slot] = 0;
    pid_t child = fork();
    if (child != 0) return child;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != scanner) _exit(127);
    /* The scanner's list of its children is not the module's to read. */
    if (scanner_children >= 0) close(scanner_children);
    unsigned char token;
    while (read(baton[0], &token, 1) < 0 && errno == EINTR) {}
    frame f;
    read_frame(&f);
    seqs[slot] = f.seq != 0 ? f.seq : 1;
    munmap((void *)seqs, SCAN_SERVER_PROCESSES * sizeof(uint32_t));
    while (write(baton[1], &token, 1) < 0 && errno == EINTR) {}
    close(baton[0]);
    close(baton[1]);
    scan_reply_pipe(f.fd);
    scan_own_signal_scope();
    reader r = {f.payload, f.count, 0, 0};
    char *path = f.type == TABHOST_WIRE_SCAN ? get_str(&r) : NULL;
    uint8_t close_after = path != NULL ? get_u8(&r) : 0;
    if (f.type != TABHOST_WIRE_SCAN || r.bad || path == NULL) {
        free(path);
        reply_failure(&f, "a scanner serves SCAN requests only");
        _exit(0);
    }
    /* What follows the path (the profile) was applied by the scanner before the first file. */
    scan_file(&f, path, close_after);
    _exit(0);
}

/* Kills every child of the scanner's but the `spared_count` file processes in `spared`: the processes a
   module's code left (a fork, a `setsid`, a double fork), which come to the scanner as their subreaper
   when the file's process ends, however it ends; after each file, so none runs on in the scanner's
   namespace for the rest of the host's life. Only where /proc numbers processes as the scanner's own
   namespace does (its own procfs, or no PID namespace): a number from another would name nothing here,
   or another process. */
static void sweep_left_processes(const pid_t *_Nullable spared, int spared_count) {
    int children = scanner_children;
    if (children == -2) {
        char link[32];
        ssize_t length = readlink("/proc/self", link, sizeof link - 1);
        link[length > 0 ? length : 0] = '\0';
        char path[64];
        snprintf(path, sizeof path, "/proc/self/task/%ld/children", (long)gettid());
        children = length > 0 && strtol(link, NULL, 10) == (long)getpid() ? open(path, O_RDONLY | O_CLOEXEC) : -1;
        scanner_children = children;
    }
    if (children < 0) return;
    /* A process killed here may have forked first: its children come here next, so again until none. */
    for (int round = 0; round < 64; round++) {
        char text[4096];
        ssize_t length = pread(children, text, sizeof text - 1, 0);
        if (length <= 0) return;
        text[length] = '\0';
        int killed = 0;
        for (char *cursor = text; *cursor;) {
            char *end;
            long pid = strtol(cursor, &end, 10);
            if (end == cursor) break;
            cursor = end;
            int is_spared = 0;
            for (int i = 0; i < spared_count; i++) is_spared |= spared[i] == (pid_t)pid;
            if (pid <= 0 || is_spared || kill((pid_t)pid, SIGKILL) != 0) continue;
            while (waitpid((pid_t)pid, NULL, __WALL) < 0 && errno == EINTR) {}
            killed++;
        }
        if (killed == 0) return;
    }
}

static void scan_server(void) {
    volatile uint32_t *seqs = mmap(NULL, SCAN_SERVER_PROCESSES * sizeof(uint32_t), PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    int baton[2];
    if (seqs == MAP_FAILED || pipe2(baton, O_CLOEXEC) != 0) out_of_memory();
    unsigned char token = 1;
    if (write(baton[1], &token, 1) != 1) _exit(71);
    /* Once here rather than in every file's process: libltdl's setup (its allocations, its loaders)
       is then inherited, not redone and copied on write for each file. */
    (void)tabhost_lt_init(NULL, 0);
    if (scanner_locked) signal_scope_ruleset = tabhost_sandbox_signal_scope_ruleset();
    pid_t scanner = getpid();
    scan_server_slot slots[SCAN_SERVER_PROCESSES];
    pid_t running[SCAN_SERVER_PROCESSES];
    for (int i = 0; i < SCAN_SERVER_PROCESSES; i++) {
        slots[i].seq = &seqs[i];
        slots[i].pid = scan_server_fork(seqs, (size_t)i, baton, scanner);
        if (slots[i].pid < 0) _exit(71);
    }
    for (;;) {
        int status = 0;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended < 0) {
            if (errno == EINTR) continue;
            _exit(71);
        }
        int i = 0;
        while (i < SCAN_SERVER_PROCESSES && slots[i].pid != ended) i++;
        if (i == SCAN_SERVER_PROCESSES) continue; /* not one of ours: a process a module left behind */
        uint32_t seq = *slots[i].seq;
        if (seq == 0) {
            /* Killed and reaped before this scanner ends: without a PID namespace (the sandbox off) its
               processes would otherwise go to the system's init as zombies. */
            for (int j = 0; j < SCAN_SERVER_PROCESSES; j++)
                if (j != i) kill(slots[j].pid, SIGKILL);
            for (int j = 0; j < SCAN_SERVER_PROCESSES; j++)
                if (j != i) while (waitpid(slots[j].pid, NULL, 0) < 0 && errno == EINTR) {}
            host_gone();
        }
        /* Every file's end is told: the host waits for it, not for each frame on the file's pipe. */
        scan_ended(seq, status);
        slots[i].pid = 0;
        for (int j = 0; j < SCAN_SERVER_PROCESSES; j++) running[j] = slots[j].pid;
        sweep_left_processes(running, SCAN_SERVER_PROCESSES);
        slots[i].pid = scan_server_fork(seqs, (size_t)i, baton, scanner);
        if (slots[i].pid < 0) _exit(71);
    }
}

static void scan_file(frame *request, char *path, uint8_t close_after) {
    char message[512] = "";
    buffer b = {0};
    scan_phase(TABHOST_WIRE_SCAN_OPENING);
    tabhost_lt_image *image = tabhost_lt_open(path, message, sizeof message);
    free(path);
    put_u8(&b, image != NULL);
    put_str(&b, image == NULL ? message : NULL);
    void *symbol = image ? tabhost_lt_symbol(image, "tab_module_entry", NULL, 0) : NULL;
    put_u8(&b, symbol != NULL);
    const tab_module_descriptor *d = NULL;
    if (symbol != NULL) {
        const tab_module_descriptor *(*entry)(void);
        memcpy(&entry, &symbol, sizeof entry);
        scan_phase(TABHOST_WIRE_SCAN_ENTRY);
        d = entry();
    }
    put_u8(&b, d != NULL);
    if (d != NULL) {
        scan_phase(TABHOST_WIRE_SCAN_DESCRIPTOR);
        /* The header words one by one (the struct may be smaller than ours), then, for a v1-sized
           descriptor with the right magic, what the validator reads. */
        uint32_t header[2];
        memcpy(header, d, sizeof header);
        put_u32(&b, header[0]);
        put_u32(&b, header[1]);
        int full = header[0] == TAB_MODULE_MAGIC && header[1] >= offsetof(tab_module_descriptor, permissions);
        put_u8(&b, (uint8_t)full);
        if (full) {
            put_u32(&b, d->abi_major);
            put_u32(&b, d->abi_minor);
            put_u32(&b, d->kind);
            put_bounded_str(&b, d->name, 4096);
            put_bounded_str(&b, d->version, 4096);
            put_bounded_str(&b, d->title, 4096);
            put_bounded_str(&b, d->image, 4096);
            put_bounded_str(&b, d->glyph, 4096);
            put_u32(&b, function_bits(d));
            uint32_t reserved = 0;
            for (unsigned i = 0; i < sizeof d->reserved / sizeof d->reserved[0]; i++)
                if (d->reserved[i] != NULL) reserved |= 1u << i;
            put_u32(&b, reserved);
            /* 1.2's field, where the module's struct holds it. */
            int has_permissions = header[1] >= offsetof(tab_module_descriptor, list_row) && d->abi_minor >= 2;
            if (has_permissions)
                put_bounded_str(&b, d->permissions, TAB_MAX_PERMISSIONS_BYTES + 1);
            else
                put_u32(&b, TABHOST_WIRE_NULL_STRING);
        }
    }
    if (image != NULL && close_after) {
        scan_phase(TABHOST_WIRE_SCAN_CLOSING);
        tabhost_lt_close(image, NULL, 0);
    }
    reply(request, &b);
    free(b.bytes);
}

/* The module's render of `host`: u32 count and the view calls, appended to `b` (RENDER's reply, FRAME). */
static void render_into(struct tab_host *host, buffer *b) {
    tab_view *view = free_views;
    if (view != NULL) {
        free_views = view->next_free;
    } else {
        view = calloc(1, sizeof *view);
        if (view == NULL) out_of_memory();
    }
    view->owner = (struct tab_host){.id = host->id};
    view->host = &view->owner;
    view->open = 1;
    view->reported_closed = 0;
    view->self = host->self;
    view->windows = host->windows;
    view->window_count = host->window_count;
    host->rendering++;
    descriptor->render(host->self, view);
    host->rendering--;
    view->open = 0;
    view->windows = NULL;
    view->window_count = 0;
    put_u32(b, view->calls);
    put(b, view->nodes.bytes, view->nodes.count);
    free(view->nodes.bytes);
    view->nodes = (buffer){0};
    view->count = view->calls = 0;
    view->overflowed = 0;
    view->next_free = free_views;
    free_views = view;
}

/* Renders `host` and pushes the view as a FRAME, or owes it until the host acknowledges the last one. */
static void push_frame(struct tab_host *host) {
    host->invalidated = 0;
    if (host->frame_unacked) {
        host->frame_owed = 1;
        return;
    }
    host->frame_owed = 0;
    host->frame_unacked = 1;
    buffer b = {0};
    put_u64(&b, host->id);
    /* The render's own duration: the host does not see when it began (after an ack, a thread's invalidate). */
    size_t duration_at = b.count;
    put_u64(&b, 0);
    /* A frame's render is the module's render, wherever it is called from (an EVENT's tail, an ack). */
    tabhost_blame_begin("render", host->id);
    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    render_into(host, &b);
    clock_gettime(CLOCK_MONOTONIC, &ended);
    tabhost_blame_end();
    int64_t nanoseconds = (int64_t)(ended.tv_sec - began.tv_sec) * 1000000000 + (ended.tv_nsec - began.tv_nsec);
    uint64_t duration = nanoseconds > 0 ? (uint64_t)nanoseconds : 0;
    memcpy(b.bytes + duration_at, &duration, sizeof duration);
    notify(TABHOST_WIRE_FRAME, &b);
    free(b.bytes);
}

/* FRAME_ACK: the host applied the instance's frame; one owed meanwhile goes now. */
static void frame_acknowledged(reader *r) {
    struct tab_host *host = find_instance(get_u64(r));
    if (host == NULL || r->bad) return;
    host->frame_unacked = 0;
    /* Inside the instance's own call (an ACK read while it waits for push's reply) it goes after it. */
    if (host->frame_owed && host->collecting == 0 && host->rendering == 0) push_frame(host);
}

/* SHOWN: whether another thread's invalidate of the instance is pushed as a FRAME (its tab is shown)
   or sent as an INVALIDATE. */
static void shown_changed(reader *r) {
    struct tab_host *host = find_instance(get_u64(r));
    uint8_t shown = get_u8(r);
    if (host == NULL || r->bad) return;
    atomic_store(&host->shown, shown != 0);
}

/* Between requests: the instances other threads invalidated are drawn and pushed (one frame, or one
   owed until the last is acknowledged); one hidden meanwhile gets its INVALIDATE. */
static void push_invalidated(void) {
    struct tab_host *host = instances;
    while (host != NULL) {
        if (!atomic_exchange(&host->thread_invalidated, 0)) {
            host = host->next;
            continue;
        }
        if (atomic_load(&host->shown)) {
            push_frame(host);
        } else {
            host_simple(host, TABHOST_WIRE_INVALIDATE);
        }
        /* Its render may have made requests whose answers changed the list: look again from its head. */
        host = instances;
    }
}

static void serve(frame *request) {
    reader r = {request->payload, request->count, 0, 0};
    if (request->type == TABHOST_WIRE_FRAME_ACK) {
        frame_acknowledged(&r);
        return;
    }
    if (request->type == TABHOST_WIRE_SHOWN) {
        shown_changed(&r);
        return;
    }
    size_t mark = kept_count;
    if (request->type == TABHOST_WIRE_LOAD) {
        serve_load(request, &r);
        return;
    }
    if (request->type == TABHOST_WIRE_SCAN) {
        serve_scan(request, &r);
        return;
    }
    if (request->type == TABHOST_WIRE_SANDBOX_AHEAD) {
        serve_sandbox_ahead(request, &r);
        return;
    }
    uint64_t id = get_u64(&r);
    if (descriptor == NULL) {
        reply_failure(request, "no module is loaded");
        return;
    }
    tabhost_blame_begin(call_name(request->type), id);
    serve_call(request, &r, id, mark);
    tabhost_blame_end();
}

/* The module function a request calls, as the watchdog's report names it. */
static const char *call_name(uint16_t type) {
    switch (type) {
    case TABHOST_WIRE_CREATE: return "create";
    case TABHOST_WIRE_START: return "start";
    case TABHOST_WIRE_RENDER: return "render";
    case TABHOST_WIRE_EVENT: return "event";
    case TABHOST_WIRE_APPEARANCE: return "appearance";
    case TABHOST_WIRE_SAVE_STATE: return "save_state";
    case TABHOST_WIRE_RESTORE_STATE: return "restore_state";
    case TABHOST_WIRE_DESTROY: return "destroy";
    default: return "a call";
    }
}

/* One module call: `id` read from `r`, a module loaded. */
static void serve_call(frame *request, reader *r, uint64_t id, size_t mark) {
    if (request->type == TABHOST_WIRE_CREATE) {
        if (find_instance(id) != NULL) {
            reply_failure(request, "instance %llu exists", (unsigned long long)id);
            return;
        }
        struct tab_host *host = calloc(1, sizeof *host);
        if (host == NULL) out_of_memory();
        host->id = id;
        host->self = descriptor->create(&api, host);
        buffer b = {0};
        put_u8(&b, host->self != NULL);
        if (host->self != NULL) {
            host->next = instances;
            instances = host;
        } else {
            free(host);
        }
        release_kept(mark);
        reply(request, &b);
        free(b.bytes);
        return;
    }
    struct tab_host *host = find_instance(id);
    if (host == NULL) {
        reply_failure(request, "no instance %llu", (unsigned long long)id);
        return;
    }
    buffer b = {0};
    struct tab_host *frame_after = NULL; /* the instance whose FRAME follows the reply */
    switch (request->type) {
    case TABHOST_WIRE_START: {
        char *param = get_str(r);
        if (descriptor->start) descriptor->start(host->self, param);
        free(param);
        break;
    }
    case TABHOST_WIRE_RENDER:
        read_list_windows(r, host);
        render_into(host, &b);
        break;
    case TABHOST_WIRE_EVENT: {
        tab_event event;
        memset(&event, 0, sizeof event);
        event.struct_size = (uint32_t)sizeof event;
        event.type = get_u32(r);
        char *action = get_str(r);
        event.action = action;
        event.key = get_u32(r);
        char *value = get_str(r);
        char *focus = get_str(r);
        event.value = value;
        event.focus = focus;
        uint8_t rule = get_u8(r);
        if (r->bad) rule = TABHOST_WIRE_FRAME_NONE;
        /* A timer cancelled (from any thread) after the host sent this does not fire. */
        int cancelled = event.type == TAB_EVENT_TIMER && (action == NULL || !disarm_timer(host, action, 1));
        if (rule != TABHOST_WIRE_FRAME_NONE) host->collecting++;
        if (descriptor->event && !cancelled) descriptor->event(host->self, &event);
        free(action);
        free(value);
        free(focus);
        /* Still there: a nested DESTROY of the instance in its own event is refused by the host. */
        if (rule != TABHOST_WIRE_FRAME_NONE && find_instance(id) == host) {
            host->collecting--;
            int changed = host->invalidated || descriptor->abi_minor < 2;
            if (rule == TABHOST_WIRE_FRAME_ALWAYS || changed || host->frame_owed) {
                /* Rendered after the reply, which says a FRAME follows: the host blames a slow render on render. */
                if (host->frame_unacked) {
                    host->frame_owed = 1;
                } else {
                    frame_after = host;
                }
            }
        }
        put_u8(&b, frame_after != NULL);
        break;
    }
    case TABHOST_WIRE_APPEARANCE: {
        int32_t phase = get_i32(r);
        if (descriptor->appearance) descriptor->appearance(host->self, phase);
        break;
    }
    case TABHOST_WIRE_SAVE_STATE: {
        if (descriptor->save_state == NULL) {
            put_u8(&b, 0);
            break;
        }
        size_t capacity = descriptor->save_state(host->self, NULL, 0);
        /* The size may grow between the two calls; ask again a few times, then give up. A state
           over the limit is not saved (a module asking for SIZE_MAX made malloc fail here). */
        int saved = 0;
        for (int attempt = 0; attempt < 4 && !saved && capacity <= TABHOST_WIRE_MAX_STATE; attempt++) {
            void *bytes = malloc(capacity ? capacity : 1);
            if (bytes == NULL) out_of_memory();
            size_t needed = descriptor->save_state(host->self, bytes, capacity);
            if (needed <= capacity) {
                put_u8(&b, 1);
                put_u32(&b, (uint32_t)needed);
                put(&b, bytes, needed);
                saved = 1;
            }
            capacity = needed;
            free(bytes);
        }
        if (!saved) put_u8(&b, 0);
        if (!saved && capacity > TABHOST_WIRE_MAX_STATE) {
            /* The host's line, word for word (ModuleLimits.stateRefusal). */
            char line[200];
            snprintf(line, sizeof line,
                     "save_state asked for %zu bytes, more than the limit of %u; the state is not saved (keep it smaller)",
                     capacity, TABHOST_WIRE_MAX_STATE);
            host_log(host, TAB_LOG_WARNING, line);
        }
        break;
    }
    case TABHOST_WIRE_RESTORE_STATE: {
        uint32_t size = get_u32(r);
        int restored = 0;
        if (!r->bad && size <= r->count - r->offset && descriptor->restore_state)
            restored = descriptor->restore_state(host->self, r->bytes + r->offset, size) != 0;
        put_u8(&b, (uint8_t)restored);
        break;
    }
    case TABHOST_WIRE_DESTROY: {
        for (struct tab_host **link = &instances; *link != NULL; link = &(*link)->next) {
            if (*link == host) {
                *link = host->next;
                break;
            }
        }
        if (descriptor->destroy) descriptor->destroy(host->self);
        free_timers(host);
        free_list_windows(host);
        free(host);
        break;
    }
    default:
        free(b.bytes);
        release_kept(mark);
        reply_failure(request, "unknown request %u", (unsigned)request->type);
        return;
    }
    release_kept(mark);
    reply(request, &b);
    free(b.bytes);
    if (frame_after != NULL) push_frame(frame_after);
}

void tabhost_module_host_use_module(const tab_module_descriptor *module) {
    main_thread = pthread_self();
    descriptor = module;
}

void tabhost_module_host_serve(uint16_t type, uint32_t seq, const void *payload, size_t count) {
    frame request = {type, 0, seq, malloc(count ? count : 1), count, -1};
    if (request.payload == NULL) out_of_memory();
    if (count > 0) memcpy(request.payload, payload, count);
    serve(&request);
    free(request.payload);
}

void tabhost_module_host_destroy_instances(void) {
    while (instances != NULL) {
        struct tab_host *host = instances;
        instances = host->next;
        if (descriptor != NULL && descriptor->destroy != NULL) descriptor->destroy(host->self);
        free_timers(host);
        free_list_windows(host);
        free(host);
    }
}

/* What a child that will load a module (not the scanner, whose forks must stay small) does while it
   waits for its first request, instead of after LOAD: the unwinder's libraries and the sandbox's fixed
   paths do not depend on the module. */
static void prepare_for_module(void) {
    tabhost_blame_warm_up();
    tabhost_sandbox_prepare();
    prepared_for_module = true;
}

int tabhost_module_host_run(int argc, char *_Nonnull *_Nonnull argv) {
    long parent = 0;
    const char *label = "";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--parent") == 0) parent = strtol(argv[i + 1], NULL, 10);
        if (strcmp(argv[i], "--module") == 0) label = argv[i + 1];
    }
    /* Die with the host; if it died before this line, the parent is already someone else. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (parent <= 0 || getppid() != (pid_t)parent) {
        fprintf(stderr, "tabhost-module-host: run by tabhost only (the host passes --parent PID)\n");
        return 64;
    }
    signal(SIGPIPE, SIG_IGN);
    /* What a module writes (in its data_dir or anywhere) is the user's alone: 0600 files, 0700 directories. */
    umask(077);
    /* The module's printf lines reach the host's log one by one, not in 4 KiB blocks. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    main_thread = pthread_self();
    /* Before HELLO, so that what the child holds when it says it is ready is all it will hold until LOAD. */
    if (strcmp(label, "scanner") != 0) prepare_for_module();

    buffer hello = {0};
    put_u32(&hello, TABHOST_WIRE_MAGIC);
    uint16_t version[2] = {TABHOST_WIRE_VERSION_MAJOR, TABHOST_WIRE_VERSION_MINOR};
    put(&hello, version, sizeof version);
    put_u32(&hello, (uint32_t)getpid());
    send_frame(TABHOST_WIRE_HELLO, 0, 0, &hello);
    free(hello.bytes);

    for (;;) {
        push_invalidated();
        if (!wait_for_host(1)) continue;
        frame f;
        read_ready_frame(&f);
        if (!(f.flags & TABHOST_WIRE_FLAG_REPLY)) serve(&f);
        free(f.payload);
    }
}
