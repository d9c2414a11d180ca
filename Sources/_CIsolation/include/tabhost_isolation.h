/*
 * tabhost_isolation.h: the wire protocol between the host and `tabhost-module-host`, the child
 * process that runs one module, and the host's side of starting that child.
 *
 * Transport: one AF_UNIX SOCK_STREAM socketpair, descriptor 3 in the child. Every message is a
 * frame: a 12-byte header in host byte order (both ends run on one machine) followed by the payload.
 *
 *     u32 length   bytes after this field: 8 + payload size (at most TABHOST_WIRE_MAX_FRAME)
 *     u16 type     enum tabhost_wire_type
 *     u16 flags    TABHOST_WIRE_FLAG_*
 *     u32 seq      request id chosen by the sender of a request; a reply carries the request's id
 *
 * Payload fields, in order, are u8/u16/u32/u64/i32 in host byte order, and strings as a u32 byte
 * count followed by the bytes (no NUL); TABHOST_WIRE_NULL_STRING as the count means NULL.
 *
 * Handshake: the child's first frame is HELLO (u32 TABHOST_WIRE_MAGIC, u16 major, u16 minor,
 * u32 pid). The host answers a different major by closing the socket; otherwise its first
 * request is LOAD. Requests nest in both directions: while one side waits for a reply it serves
 * the other side's requests (a module's `push` inside `event`, the host's `create` inside that
 * `push`). The host sends the calls the user waits on (render, event, appearance) one at a
 * time without waiting: it handles the reply when it comes and keeps the next in a queue until then.
 * Notifications (set_title, log, FRAME, …) have no reply.
 */
#ifndef TABHOST_ISOLATION_H
#define TABHOST_ISOLATION_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** "TABI" read as a little-endian word: the first field of HELLO. */
#define TABHOST_WIRE_MAGIC 0x49424154u
/** The protocol version; a different major is refused by the host (2: ABI 1.2's events, view and host calls;
    3: EVENT's frame byte, FRAME and FRAME_ACK, so the host never waits on the child; 4: FRAME's render
    time, SHOWN, so a module thread's invalidate is a pushed FRAME too). */
#define TABHOST_WIRE_VERSION_MAJOR 4
#define TABHOST_WIRE_VERSION_MINOR 0
/** Bytes of a frame header. */
#define TABHOST_WIRE_HEADER_SIZE 12
/** Largest value of a frame's `length` field. */
#define TABHOST_WIRE_MAX_FRAME 67108864u /* 64 MiB */
/** Largest module state a child sends for SAVE_STATE (`ModuleLimits.maximumStateBytes`); a larger one is not saved. */
#define TABHOST_WIRE_MAX_STATE 1048576u /* 1 MiB */
/** Nodes of a render reply the host shows (`ModuleLimits.maximumViewNodes`); a child sends at most one more. */
#define TABHOST_WIRE_MAX_VIEW_NODES 10000u
/** Bytes a child sends past a string's limit: the host still sees it is longer and cuts it at the same character. */
#define TABHOST_WIRE_STRING_MARGIN 8u
/** Bytes of an id, a field's value or a result a child sends: the host logs their length when over their limit. */
#define TABHOST_WIRE_MAX_LONG_STRING 1048576u /* 1 MiB */
/** Bytes of one view string a child sends; the host cuts it to 16 KiB (`ModuleLimits.maximumViewStringBytes`). */
#define TABHOST_WIRE_MAX_VIEW_STRING (16384u + TABHOST_WIRE_STRING_MARGIN)
/** Bytes of a render reply's nodes a child collects; past them the rest is not collected (one log line).
    The host shows 4 MiB of a view's strings (`ModuleLimits.maximumViewBytes`); the last MiB covers the
    encoding of at most TABHOST_WIRE_MAX_VIEW_NODES + 1 nodes, so the host always sees where to cut. */
#define TABHOST_WIRE_MAX_VIEW_BYTES 5242880u /* 5 MiB */
/** Bytes of a LOG message a child sends; the host cuts lines to 4 KiB (`ModuleLimits.maximumLogLineBytes`). */
#define TABHOST_WIRE_MAX_LOG_STRING (4096u + TABHOST_WIRE_STRING_MARGIN)
/** LOG messages a child sends per second; the rest are counted and dropped in the child, and the count
    is sent as one LOG line once the second is over. The host's log keeps fewer (docs/user/limits.md). */
#define TABHOST_WIRE_MAX_LOGS_PER_SECOND 1000u
/** Runs of one `spans` paragraph the host keeps (`ModuleLimits.maximumSpans`); a child sends at most one more. */
#define TABHOST_WIRE_MAX_SPANS 256u
/** Rows of a lazy list drawn when the host asked for no window (a list it has not shown yet): from row 0. */
#define TABHOST_WIRE_LIST_WINDOW_ROWS 64u
/** Rows of one lazy list drawn in one render at most, whatever window the host asked for. */
#define TABHOST_WIRE_MAX_LIST_WINDOW 512u
/** The string count that stands for NULL. */
#define TABHOST_WIRE_NULL_STRING 0xFFFFFFFFu
/** The child's end of the socketpair. */
#define TABHOST_WIRE_SOCKET_FD 3

/** `flags` bits. */
enum tabhost_wire_flag {
    TABHOST_WIRE_FLAG_REPLY = 1,  /* a reply to the request with the same seq */
    TABHOST_WIRE_FLAG_FAILED = 2  /* a reply whose payload is one string: why the request failed */
};

/** Message types. The comment gives the payload, then "->" and the reply's payload. */
enum tabhost_wire_type {
    /* child -> host, first frame: u32 magic, u16 major, u16 minor, u32 pid (no reply) */
    TABHOST_WIRE_HELLO = 1,
    /* host -> child: str path (the checked private copy), str name, str module_dir (the directory of
       the module's original file, for `module_dir`) -> u32 functions, u32 kind.
       Optionally followed by the sandbox (absent: none): u8 mode (0 off, 1 on, 2 require),
       str? tmpdir (set as TMPDIR), u32 n + n str read paths, u32 n + n str write paths, u64 max
       processes (the sandbox's own tasks, threads included), u64 max memory bytes, u32 n + n str granted permissions (not applied yet), i32 Landlock
       ABI limit (0: the best; tests reach an older kernel's path with it). With
       mode on or require the child applies it before it opens the module, and the reply adds
       u32 enforced, u32 missing, i32 landlock ABI, str report line (tabhost_sandbox_report). With
       require, a sandbox with anything missing is a failed reply and the module is not opened. */
    TABHOST_WIRE_LOAD = 2,
    /* host -> scanner child: str path, u8 close -> u8 opened, str? loader message, u8 has entry,
       u8 has descriptor, then with a descriptor: u32 magic, u32 struct_size, u8 full, and when full
       (right magic, v1 size): u32 abi_major, u32 abi_minor, u32 kind, str? name, str? version,
       str? title, str? image, str? glyph (each at most 4096 bytes), u32 functions, u32 reserved
       (bit i: reserved[i] is not NULL), str? permissions (read only when struct_size holds it and
       abi_minor >= 2, else NULL; at most TAB_MAX_PERMISSIONS_BYTES + 1 bytes, so a longer one shows
       as longer). Opens the file, calls its entry point, reads the descriptor
       as the host's validator will and, with close (an image without Swift code), closes it again,
       running its destructors; SCAN_PHASE notifications say how far it got. One scanner scans many
       files; the host builds and validates the descriptor from this report without opening it.
       Optionally followed by u8 sandbox, u32 n + n str read paths, then optionally u64 max processes,
       u64 max memory bytes, then optionally u32 n + n str paths whose files may be read but not listed
       (the private copies): with sandbox set the scanner confines itself to the tightest profile (those
       paths and the loader's libraries, nothing to write, those limits) before its first open. Each
       file is opened in a process of its own forked from the locked scanner, which replies (on the
       pipe the SCAN brought with SCM_RIGHTS, when it brought one: SCAN_PHASE and the reply come there);
       when that process ends, the scanner sends SCAN_ENDED (with the request's seq), and the host reads
       the file's pipe then. After the first file the scanner is a fork server: a process forked ahead
       reads the next SCAN itself (the profile part of later requests is not read again). */
    TABHOST_WIRE_SCAN = 3,
    /* scanner child -> host notification: u8 phase (enum tabhost_wire_scan_phase) */
    TABHOST_WIRE_SCAN_PHASE = 4,
    /* scanner child -> host notification once the process that opened a file ended, with that
       request's seq: u8 how (1 a signal, 2 an exit), i32 the signal number or exit status */
    TABHOST_WIRE_SCAN_ENDED = 5,
    /* host -> child notification, before its LOAD (a spare's, or one started for a module when no
       spare waited, sent right after its spawn): u64 max processes, u8 private tmp (1: the
       LOAD will name a TMPDIR), str? the TMPDIR the host made for that LOAD's module (its LOAD names it
       again; null when none was made), u8 filter ahead (1: install the seccomp filter's part every profile has
       now; 0, for a child whose LOAD comes at once: LOAD installs the whole filter), u32 the system paths
       the ruleset passed with it left out; with it (SCM_RIGHTS, optional) the Landlock ruleset of the
       system paths the host made (tabhost_sandbox_make_system_ruleset()), which the child takes over
       instead of making its own. The LOAD that follows asks for the sandbox (on or require), not
       unrestricted: the child makes the sandbox's namespaces, splits and mounts that TMPDIR's tmpfs now,
       while it waits (tabhost_sandbox_split_ahead()), and LOAD goes on from there. A child with a
       module ignores it. */
    TABHOST_WIRE_SANDBOX_AHEAD = 6,

    /* host -> child requests on one instance (u64 instance id first) */
    TABHOST_WIRE_CREATE = 10,        /* u64 id -> u8 created */
    TABHOST_WIRE_START = 11,         /* u64 id, str? param -> (empty) */
    TABHOST_WIRE_RENDER = 12,        /* u64 id, then optionally (ABI 1.3) u32 n, n x (str list id, u64 start,
                                        u64 end): the rows of each lazy list to draw (the child keeps them for
                                        the instance's FRAMEs) -> u32 count, count view calls
                                        (enum tabhost_wire_node) */
    TABHOST_WIRE_EVENT = 13,         /* u64 id, u32 type, str? action, u32 key, str? value, str? focus,
                                        u8 frame (enum tabhost_wire_frame_rule) -> u8 frame follows: the
                                        child renders next and sends the instance's FRAME (the host's
                                        clock for the call runs on, as render) */
    TABHOST_WIRE_APPEARANCE = 14,    /* u64 id, i32 phase -> (empty) */
    TABHOST_WIRE_SAVE_STATE = 15,    /* u64 id -> u8 saved, u32 size, bytes */
    TABHOST_WIRE_RESTORE_STATE = 16, /* u64 id, u32 size, bytes -> u8 restored */
    TABHOST_WIRE_DESTROY = 17,       /* u64 id -> (empty) */

    /* child -> host notifications (no reply), u64 instance id first */
    TABHOST_WIRE_SET_TITLE = 30,     /* str title (at most TABHOST_WIRE_MAX_VIEW_STRING bytes) */
    TABHOST_WIRE_SET_BADGE = 31,     /* str? badge (at most TABHOST_WIRE_MAX_VIEW_STRING bytes) */
    TABHOST_WIRE_INVALIDATE = 32,    /* (nothing) */
    TABHOST_WIRE_POP = 33,           /* (nothing) */
    TABHOST_WIRE_DISMISS = 34,       /* (nothing) */
    TABHOST_WIRE_LOG = 35,           /* i32 level, str message (at most TABHOST_WIRE_MAX_LOG_STRING bytes);
                                        applied at once, never held until the call returns */
    TABHOST_WIRE_SCHEDULE_TICK = 36, /* u32 milliseconds; sent from any of the module's threads */
    TABHOST_WIRE_SET_TIMER = 37,     /* str? id, u32 after_ms, u32 repeat_ms; from any thread */
    TABHOST_WIRE_CANCEL_TIMER = 38,  /* str? id; from any thread */
    TABHOST_WIRE_SAVE_SOON = 39,     /* (nothing); from any thread */
    TABHOST_WIRE_FINISH = 40,        /* str? result (at most TABHOST_WIRE_MAX_LONG_STRING bytes) */
    TABHOST_WIRE_ALERT = 41,         /* str? id, str? title, str? message, u64 count, u32 n (sent, at most
                                        TAB_MAX_ALERT_BUTTONS + 1), n x str? button; strings cut as
                                        render nodes' are (see enum tabhost_wire_node) */
    /* The child's own notifications (instance id 0: they concern the whole child; a host that predates
       them finds no instance 0 and ignores them, so the wire stays 2.0). */
    TABHOST_WIRE_SANDBOX_DENIED = 42, /* u8 category (enum tabhost_sandbox_denial: 1 exec, 2 network): the
                                         sandbox refused a call that permission would allow; once per
                                         category per child; 3 (test mode, tabhost_file_denials.h): then
                                         str "read:PATH" or "write:PATH", a refused file open */
    TABHOST_WIRE_MEMORY_CEILING = 43, /* u64 ceiling bytes, u64 address space bytes: the child is dying
                                         (a fatal signal, an allocation that failed) with its address space
                                         within an eighth of its RLIMIT_AS; its exit follows */
    /* ABI 1.3 host calls (appended; u64 instance id first) */
    TABHOST_WIRE_FOCUS = 44,         /* str? id */
    TABHOST_WIRE_SCROLL_TO = 45,     /* str? id, u64 index */
    TABHOST_WIRE_COPY_TEXT = 46,     /* str? text (at most TABHOST_WIRE_MAX_LONG_STRING bytes) */
    TABHOST_WIRE_TOAST = 47,         /* str? text (a view string), u32 style */

    /* child -> host requests, u64 instance id first */
    TABHOST_WIRE_PUSH = 50,          /* str module, str? param, i32 target -> i32 result */
    TABHOST_WIRE_PRESENT = 51,       /* str module, str? param -> i32 result */
    TABHOST_WIRE_ADD_TAB = 52,       /* str name, str module, str? image, str? param -> i32 result */
    TABHOST_WIRE_TAB_COUNT = 53,     /* (nothing) -> u64 count */
    TABHOST_WIRE_TAB_ITEM = 54,      /* u64 index -> u8 found, str title, str? glyph, str? badge,
                                        u8 selected, str? image */
    TABHOST_WIRE_DATA_DIR = 55,      /* (nothing) -> str? path (made 0700 by the host; NULL if it cannot) */
    /* ABI 1.3 requests (appended) */
    TABHOST_WIRE_PUSH_FOR_RESULT = 56,    /* str module, str? param, i32 target, str? tag -> i32 result */
    TABHOST_WIRE_PRESENT_FOR_RESULT = 57, /* str module, str? param, str? tag, u32 flags -> i32 result */
    TABHOST_WIRE_NOW_MS = 58,             /* (nothing) -> u64 milliseconds of the host's clock */

    /* child -> host notification, u64 instance id first: the instance's new view, pushed after the reply
       of an EVENT whose frame rule asks for it, or between requests after another thread of the module
       invalidated it while SHOWN said its tab is shown: u64 nanoseconds the module's render took (the
       child's monotonic clock; what `tabhost inspect NAME --timings` counts under render), then u32
       count, count view calls, as RENDER's reply (lazy lists drawn over the rows the last RENDER asked
       for). At most one per instance is unacknowledged: while one is, the next waits for FRAME_ACK
       (changes merge: a flood of invalidates is one frame). */
    TABHOST_WIRE_FRAME = 60,
    /* host -> child notification (no reply): u64 id. The host applied that instance's FRAME. */
    TABHOST_WIRE_FRAME_ACK = 61,
    /* host -> child notification (no reply): u64 id, u8 shown. Whether the instance's tab is shown (0 at
       create): while it is, another thread's invalidate makes the child render it and push a FRAME;
       while it is not, that invalidate is an INVALIDATE, and the host asks when it shows the tab. */
    TABHOST_WIRE_SHOWN = 62
};

/** EVENT's last byte: whether the child renders after the event and pushes the view as a FRAME. */
enum tabhost_wire_frame_rule {
    TABHOST_WIRE_FRAME_NONE = 0,        /* no frame (the tab is hidden): an invalidate is an INVALIDATE */
    TABHOST_WIRE_FRAME_IF_CHANGED = 1,  /* a frame when the module invalidated during the event (always
                                           for a module built before ABI 1.2, as the host renders those
                                           after every event) */
    TABHOST_WIRE_FRAME_ALWAYS = 2       /* a frame in any case (the host's view of the tab is stale) */
};

/** How far a SCAN got: what a crash is blamed on. */
enum tabhost_wire_scan_phase {
    TABHOST_WIRE_SCAN_OPENING = 1,   /* the dynamic loader: mapping, relocations, constructors */
    TABHOST_WIRE_SCAN_ENTRY = 2,     /* tab_module_entry() */
    TABHOST_WIRE_SCAN_DESCRIPTOR = 3, /* reading the descriptor's fields and strings */
    TABHOST_WIRE_SCAN_CLOSING = 4     /* closing the image: its destructors */
};

/**
 * Render nodes: the module's view calls in order, each a u8 kind and its arguments as the module
 * gave them: view strings cut to TABHOST_WIRE_MAX_VIEW_STRING bytes, ids and a field's value to
 * TABHOST_WIRE_MAX_LONG_STRING, lists to TAB_MAX_COLUMNS + 1 entries with the count the module passed
 * in front: enough for the host to see what is over a limit and cut it exactly as in process.
 * The host replays them through the builder an in-process render uses, so every rule and limit (and
 * its log line) is the same on both paths. Style, columns and row_action do not count toward the
 * child's node limit (the host counts every node itself).
 */
enum tabhost_wire_node {
    TABHOST_WIRE_NODE_SECTION = 1,    /* str? title */
    TABHOST_WIRE_NODE_ROW = 2,        /* str title, str? detail, str? action */
    TABHOST_WIRE_NODE_TEXT = 3,       /* str text */
    TABHOST_WIRE_NODE_BUTTON = 4,     /* str label, str? action */
    TABHOST_WIRE_NODE_IMAGE = 5,      /* str path (as the module gave it), str? alt */
    TABHOST_WIRE_NODE_TEXT_FIELD = 6, /* str? id, str? value, str? placeholder, u32 flags */
    TABHOST_WIRE_NODE_TOGGLE = 7,     /* str? id, str? label, u8 on */
    TABHOST_WIRE_NODE_PROGRESS = 8,   /* str? label, u64 fraction (the double's bits) */
    TABHOST_WIRE_NODE_STYLE = 9,      /* u32 style */
    TABHOST_WIRE_NODE_COLUMNS = 10,   /* u64 count, u32 n (sent), n x str? header */
    TABHOST_WIRE_NODE_CELLS = 11,     /* u64 count, u32 n (sent), n x str? cell, str? action */
    TABHOST_WIRE_NODE_ROW_ACTION = 12, /* str? label, str? action */
    /* ABI 1.3 (appended). A lazy list is LIST, then for each row of the window the render's request
       named (or the default one) LIST_ROW and that row's calls, then LIST_END. */
    TABHOST_WIRE_NODE_ENABLED = 13,    /* u8 enabled */
    TABHOST_WIRE_NODE_BAR_BUTTON = 14, /* str? label, str? action, u32 side */
    TABHOST_WIRE_NODE_LIST = 15,       /* str? id, u64 count */
    TABHOST_WIRE_NODE_LIST_ROW = 16,   /* u64 index */
    TABHOST_WIRE_NODE_LIST_END = 17,   /* (nothing) */
    TABHOST_WIRE_NODE_SPANS = 18,      /* u64 count, u32 n (sent, at most TABHOST_WIRE_MAX_SPANS + 1),
                                          n x (str? text, u32 style) */
    TABHOST_WIRE_NODE_SHORTCUT = 19    /* u32 key, str? label, str? action */
};

/** A started child: the host's ends of its descriptors (all close-on-exec). */
typedef struct tabhost_isolation_child {
    pid_t pid;
    int socket_fd; /* non-blocking; the child's is TABHOST_WIRE_SOCKET_FD */
    int log_fd;    /* non-blocking read end of the pipe the child's stdout and stderr write to */
    int pid_fd;    /* pidfd_open(pid): readable once the child exited; -1 where unsupported */
} tabhost_isolation_child;

/**
 * Starts `helper` as `helper --parent PID --module LABEL` in a session of its own, with stdin on
 * /dev/null, stdout and stderr on a pipe, the socket as descriptor 3, default signal dispositions
 * and an empty signal mask; no other descriptor of the host reaches it (every other one is closed in
 * the child, O_CLOEXEC or not). Its environment is a short list built from the host's, never all of
 * it: PATH, HOME, LANG, LANGUAGE, LC_*, TZ, TMPDIR, LD_LIBRARY_PATH, LTDL_LIBRARY_PATH and the sanitizers'
 * ASAN_OPTIONS, TSAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS, MSAN_OPTIONS, ASAN_SYMBOLIZER_PATH and
 * LLVM_SYMBOLIZER_PATH (docs/user/sandbox.md). Returns 0 and fills
 * `child`, or -1 with a message in `error`.
 */
int tabhost_isolation_spawn(const char *helper, const char *label, tabhost_isolation_child *child,
                            char *error, size_t error_cap);

/**
 * Reaps the child `pid` if it has exited (or, with `block`, waits for it): SIGKILL first goes to
 * its process group while the pid cannot be reused yet, so forks of the module end with it.
 * Returns 1 and the wait status in `status` once reaped, 0 while it runs, -1 on error.
 */
int tabhost_isolation_reap(pid_t pid, int block, int *status);

/** The signal's short name without "SIG" (e.g. "SEGV"), or NULL when unknown. */
const char *tabhost_isolation_signal_name(int signal_number);

/**
 * A pipe for one SCAN: `pair[0]`, its read end, the host's, non-blocking; `pair[1]`, its write end, sent
 * with the request (`tabhost_isolation_send_passing`), the only descriptor its file's process speaks on.
 * Both close-on-exec. Returns 0, or -1 with errno.
 */
int tabhost_isolation_scan_pipe(int *pair);

/**
 * Sends what it can of `count` bytes on the non-blocking `socket_fd` without waiting, with the
 * descriptor `passed` attached to the first byte (SCM_RIGHTS). Returns the bytes sent, or -1 with errno
 * (EAGAIN: none fit, and `passed` was not sent).
 */
ssize_t tabhost_isolation_send_passing(int socket_fd, const void *bytes, size_t count, int passed);

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_ISOLATION_H */
