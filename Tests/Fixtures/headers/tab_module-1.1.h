/*
 * tab_module.h: the TabHost module ABI, version 1.1.
 *
 * A tab module is a shared library (.so) that exports exactly one symbol,
 * `tab_module_entry`, returning a static descriptor. This header is all a
 * module needs: `cc -shared -fPIC -o mymod.so mymod.c` builds one.
 *
 * Compatibility rules (append-only, like SQLite's sqlite3ext.h):
 *   - Fields are only ever appended to `tab_module_descriptor`, `tab_host_api`,
 *     `tab_event` and `tab_bar_item`; nothing is renamed, reordered or removed.
 *   - Each struct starts with (or contains) a `struct_size`. Read a field only
 *     if the struct is large enough to hold it (`TAB_API_HAS`).
 *   - The host accepts a module when: magic matches, struct_size >= the v1
 *     size, abi_major == TAB_MODULE_ABI_MAJOR, abi_minor <= the host's minor
 *     and every `reserved` slot is zero (NULL).
 *   - A module built against an older minor keeps loading: the host reads and
 *     writes only the fields that module's structs hold.
 *
 * History:
 *   1.0  first release.
 *   1.1  `tab_bar_item.image`; `tab_item` strings live until the module call
 *        that obtained them returns; nonzero `reserved` slots are refused;
 *        `dismiss` dismisses the modal the instance is part of (and those above).
 *
 * Threading (as in UIKit): the host calls every module function on one thread,
 * its main loop. A module calls the host API only from inside those calls, on
 * that thread. The one exception is `schedule_tick`, which is safe from any
 * thread: work a module does on its own threads comes back through it, as a
 * TAB_EVENT_TICK delivered on the main thread.
 *
 * Ownership: every `const char *` the host passes to a module as an argument
 * is valid only for the duration of that call; copy it to keep it. Strings
 * `tab_item` stores live until the module call that obtained them returns
 * (see `tab_item`). Every string a module passes to the host is copied before
 * the call returns. Strings in the descriptor must stay valid while the image
 * is loaded (use literals).
 */
#ifndef TAB_MODULE_H
#define TAB_MODULE_H

#include <stddef.h>
#include <stdint.h>

#define TAB_MODULE_ABI_MAJOR 1
#define TAB_MODULE_ABI_MINOR 1

/** First field of every descriptor: "TABM" read as a little-endian word. */
#define TAB_MODULE_MAGIC 0x4D424154u

#ifdef __cplusplus
#define TAB_MODULE_EXTERN_C extern "C"
#else
#define TAB_MODULE_EXTERN_C
#endif

/** Marks the entry point: default visibility, C linkage under C++. */
#define TAB_MODULE_EXPORT TAB_MODULE_EXTERN_C __attribute__((visibility("default")))

/**
 * True when a struct of `struct_size` bytes holds `field` (for appended fields).
 * Use it on what the host built (`tab_host_api`, `tab_event`) before reading a
 * field added after 1.0, e.g. `TAB_API_HAS(api, tab_host_api, tab_item)`.
 */
#define TAB_API_HAS(ptr, type, field) \
    ((ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque: the host side of one module instance. Valid until `destroy` returns. */
typedef struct tab_host tab_host;
/** Opaque: the view being built. Valid only inside `render`. */
typedef struct tab_view tab_view;

/** What a descriptor declares itself to be. Zero-filled means content. */
enum tab_module_kind {
    TAB_MODULE_KIND_CONTENT = 0, /* a screen: a tab, a pushed or presented screen */
    TAB_MODULE_KIND_TAB_BAR = 1  /* draws a tab container's bar itself */
};

/** `tab_event.type`. */
enum tab_event_type {
    TAB_EVENT_ACTION = 1, /* a row or button with an action id was activated */
    TAB_EVENT_KEY = 2,    /* a key the host did not consume; see `key` */
    TAB_EVENT_TICK = 3    /* a tick asked for with `schedule_tick` is due */
};

/** `tab_event.key` for keys without a character (others are Unicode scalars). */
enum tab_key {
    TAB_KEY_UP = 0x110001,
    TAB_KEY_DOWN = 0x110002,
    TAB_KEY_LEFT = 0x110003,
    TAB_KEY_RIGHT = 0x110004,
    TAB_KEY_ENTER = 0x0D
};

/** `appearance(self, phase)`: calls strictly cycle will/did appear, will/did disappear. */
enum tab_appearance_phase {
    TAB_APPEARANCE_WILL_APPEAR = 0,
    TAB_APPEARANCE_DID_APPEAR = 1,
    TAB_APPEARANCE_WILL_DISAPPEAR = 2,
    TAB_APPEARANCE_DID_DISAPPEAR = 3
};

/** `push(…, target)`: which navigation stack receives the new screen. */
enum tab_push_target {
    TAB_PUSH_OWN_STACK = 0, /* the stack of the tab this instance lives in */
    TAB_PUSH_APP_STACK = 1  /* the application's outer stack: covers the tab bar */
};

/** `log(…, level)`. */
enum tab_log_level {
    TAB_LOG_DEBUG = 0,
    TAB_LOG_INFO = 1,
    TAB_LOG_WARNING = 2,
    TAB_LOG_ERROR = 3
};

/** An input event. Owned by the host; valid only during `event`. */
typedef struct tab_event {
    uint32_t struct_size; /* sizeof(tab_event) as the host built it */
    uint32_t type;        /* enum tab_event_type */
    const char *action;   /* TAB_EVENT_ACTION: the action id given to row/button; else NULL */
    uint32_t key;         /* TAB_EVENT_KEY: Unicode scalar or enum tab_key; else 0 */
} tab_event;

/**
 * One item of a tab container's bar, as a tab-bar module sees it: filled by
 * `tab_item`. The caller owns the struct and zero-fills it with its size,
 * `tab_bar_item item = {.struct_size = sizeof(tab_bar_item)};`; the host
 * writes only the fields that `struct_size` holds and never changes
 * `struct_size`. Every string is owned by the host and stays valid until the
 * module call that obtained it (the `render`, `event`, … in progress) returns:
 * collect every item first, then draw. Copy a string to keep it longer.
 */
typedef struct tab_bar_item {
    uint32_t struct_size; /* Required, set by the caller: sizeof(tab_bar_item) */
    const char *title;    /* Always set: the item's title (owned by the host) */
    const char *glyph;    /* Optional: a short symbol, or NULL (owned by the host) */
    const char *badge;    /* Optional: NULL = no badge; else shown verbatim (owned by the host) */
    int selected;         /* Always set: nonzero for the selected item */
    /*
     * Added in 1.1. Optional: the item's image, an absolute path (PNG or SVG),
     * or NULL (owned by the host). A 1.0 host does not know this field and
     * leaves it as the caller set it, so a 1.1 module that may run on a 1.0
     * host must zero-fill the struct (as above) and treat NULL as "no image";
     * a 1.0 module's smaller struct_size keeps the host from writing it.
     */
    const char *image;
} tab_bar_item;

/**
 * The host's functions, handed to `create`. Owned by the host; valid for the
 * life of the instance. Append-only: check `struct_size` (TAB_API_HAS) before
 * using a function added after v1.0. Every `host` argument is the `tab_host *`
 * given to `create`; every `view` argument is the `tab_view *` given to `render`.
 */
typedef struct tab_host_api {
    uint32_t struct_size; /* sizeof(tab_host_api) as the host built it */

    /** Sets the title of the title bar and of the tab item, like UIKit's `title` (a layout's tab title still wins). Copied. */
    void (*set_title)(tab_host *host, const char *title);
    /** Sets the tab item's badge, shown verbatim; NULL hides it. Copied. */
    void (*set_badge)(tab_host *host, const char *badge);
    /** Asks for a new `render` soon (coalesced; at most one per frame). */
    void (*invalidate)(tab_host *host);
    /**
     * Pushes a new instance of `module` (a module name) started with `param`
     * (may be NULL) onto the stack chosen by `target` (enum tab_push_target).
     * Returns nonzero on success, 0 if the module is unknown or fails to create.
     */
    int (*push)(tab_host *host, const char *module, const char *param, int target);
    /** Pops the top of the stack this instance is on (no-op at a root). */
    void (*pop)(tab_host *host);
    /** Presents `module` modally, full screen, over everything. Returns nonzero on success. */
    int (*present)(tab_host *host, const char *module, const char *param);
    /**
     * Dismisses the modal this instance is part of (the presented screen or any
     * screen inside it), together with every modal presented above it; what it
     * covered appears again. Does nothing when the instance is not inside a
     * modal. (1.0 hosts dismissed the top modal.)
     */
    void (*dismiss)(tab_host *host);
    /**
     * The dynamic-tab call. In the nearest tab container: if a tab named
     * `name` exists, selects it and calls its `start(param)` again; otherwise
     * creates `module` (by name), appends it as tab `name`, selects it and
     * starts it with `param`. `image` may be NULL. Returns nonzero on success.
     */
    int (*add_tab)(tab_host *host, const char *name, const char *module,
                   const char *image, const char *param);
    /**
     * Asks for one TAB_EVENT_TICK after `after_ms` milliseconds. Safe from
     * any thread; the tick itself is delivered on the main thread.
     */
    void (*schedule_tick)(tab_host *host, uint32_t after_ms);
    /** Writes one line to the host's log (enum tab_log_level). Copied. */
    void (*log)(tab_host *host, int level, const char *message);

    /* View-building calls: valid only inside `render`, on its `view`. */

    /** Starts a section with a header (NULL or "" for none). */
    void (*section)(tab_view *view, const char *title);
    /** Adds a row; `detail` may be NULL; `action` (may be NULL) makes it selectable. */
    void (*row)(tab_view *view, const char *title, const char *detail, const char *action);
    /** Adds a paragraph of text (may contain newlines). */
    void (*text)(tab_view *view, const char *text);
    /** Adds a button with `label` that sends `action` when activated. */
    void (*button)(tab_view *view, const char *label, const char *action);
    /**
     * Adds an image: `path` is relative to the module file (or absolute);
     * `alt` is what text front ends show (may be NULL).
     */
    void (*image)(tab_view *view, const char *path, const char *alt);

    /* Added in 1.0 for tab-bar modules (kind TAB_MODULE_KIND_TAB_BAR). */

    /** Number of items in the bar this tab-bar instance draws (0 for content modules). */
    size_t (*tab_count)(tab_host *host);
    /**
     * Fills `out` for item `index` (0 ..< tab_count), writing only the fields
     * `out->struct_size` holds; returns 0 (and writes nothing) if out of range.
     * The strings it stores stay valid until the module call in progress
     * returns (the outermost one, for calls nested through the host), however
     * many items are read: a module may read them all before drawing.
     */
    int (*tab_item)(tab_host *host, size_t index, tab_bar_item *out);
} tab_host_api;

/**
 * What a module declares. Returned by `tab_module_entry`; must stay valid
 * (and unchanged) while the image is loaded, so make it `static const`.
 * Start it with TAB_MODULE_DESCRIPTOR_HEADER.
 */
typedef struct tab_module_descriptor {
    uint32_t magic;       /* Required: TAB_MODULE_MAGIC */
    uint32_t struct_size; /* Required: sizeof(tab_module_descriptor) */
    uint32_t abi_major;   /* Required: TAB_MODULE_ABI_MAJOR */
    uint32_t abi_minor;   /* Required: TAB_MODULE_ABI_MINOR */
    uint32_t kind;        /* Optional: enum tab_module_kind; 0 = content */

    /** Required: unique id, [a-z0-9._-], 1 to 64 bytes. Plays the class name. */
    const char *name;
    /** Optional: free-form version shown by `tabhost list` (e.g. "1.2.0"). */
    const char *version;
    /** Required: the tab item's title, UTF-8, at most 64 bytes. */
    const char *title;
    /** Optional: PNG or SVG path relative to the module file; must exist if given. */
    const char *image;
    /** Optional: a short symbol for text front ends (one or two cells), e.g. "★". */
    const char *glyph;

    /**
     * Required: makes an instance. `api` and `host` stay valid until `destroy`
     * returns. Returns the instance pointer passed to every other function;
     * NULL means failure (the host reports it and keeps running).
     */
    void *(*create)(const tab_host_api *api, tab_host *host);
    /** Optional: (re)starts with `param` (may be NULL). Called after create and on add_tab of an existing tab. */
    void (*start)(void *self, const char *param);
    /** Required: builds the view with the api's view calls on `view`. */
    void (*render)(void *self, tab_view *view);
    /** Optional: handles an event. `e` is valid only during the call. */
    void (*event)(void *self, const tab_event *e);
    /** Optional: appearance phase (enum tab_appearance_phase). */
    void (*appearance)(void *self, int phase);
    /**
     * Optional: serializes state for hot reload and restoration. Returns the
     * size needed; writes to `buf` only if that size is <= `cap`.
     */
    size_t (*save_state)(void *self, void *buf, size_t cap);
    /** Optional: restores what `save_state` wrote (maybe by an older version). Nonzero = restored. */
    int (*restore_state)(void *self, const void *data, size_t len);
    /** Optional: frees the instance. Never called twice, never followed by another call. */
    void (*destroy)(void *self);

    /** Reserved for growth: must be zero (NULL); a nonzero slot is refused (code reservedNotZero). */
    void *reserved[8];
} tab_module_descriptor;

/** The fields every descriptor starts with, for designated initializers. */
#define TAB_MODULE_DESCRIPTOR_HEADER                     \
    .magic = TAB_MODULE_MAGIC,                           \
    .struct_size = (uint32_t)sizeof(tab_module_descriptor), \
    .abi_major = TAB_MODULE_ABI_MAJOR,                   \
    .abi_minor = TAB_MODULE_ABI_MINOR

/** The one symbol a module exports. Returns NULL only on failure. */
TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void);

/** Defines `tab_module_entry` returning `&descriptor` (a static const tab_module_descriptor). */
#define TAB_MODULE_DECLARE(descriptor) \
    TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) { return &(descriptor); }

#ifdef __cplusplus
}
#endif

#endif /* TAB_MODULE_H */
