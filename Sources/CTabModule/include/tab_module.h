/*
 * tab_module.h: the TabHost module ABI, version 1.3.
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
 *   1.2  modules that take input: `tab_event.value` and `.focus`; events TEXT,
 *        SUBMIT, TOGGLE, RESULT, ALERT, TIMER; distinct keys (BACKSPACE,
 *        DELETE, ESCAPE, TAB, HOME, END, PAGE_UP, PAGE_DOWN); view calls
 *        text_field, toggle, progress, style, columns, cells, row_action; host
 *        calls finish, alert, set_timer, cancel_timer, data_dir, module_dir,
 *        save_soon; `tab_module_descriptor.permissions`. A 1.2 module is
 *        rendered after `invalidate`, when it appears and when a front end
 *        needs a new frame, not after every event (older modules still are).
 *   1.3  what real modules asked for: host calls focus, scroll_to,
 *        push_for_result, present_for_result (`enum tab_present_flags`,
 *        event DISMISS), copy_text, toast, now_ms; view calls enabled,
 *        bar_button (`enum tab_bar_side`), list (lazy rows through the new
 *        descriptor function `list_row`), spans, shortcut. A 1.2 module's
 *        smaller structs keep it loading unchanged.
 *
 * Threading (as in UIKit): the host calls every module function on one thread,
 * its main loop. A module calls the host API only from inside those calls, on
 * that thread. The exceptions are `invalidate`, `schedule_tick`, `set_timer`,
 * `cancel_timer`, `save_soon` and `log`, which are safe from any thread (1.2;
 * before it, only `schedule_tick`): work a module does on its own threads comes
 * back through them, as events delivered on the main thread. Any other call
 * made from another thread is ignored with one line in the host's log naming
 * the module and the call; it never crashes the host.
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
#define TAB_MODULE_ABI_MINOR 3

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

/*
 * Limits (1.2). Past a limit the host keeps what fits (a string is cut at a
 * character boundary and ends in "…"; extra items are dropped) or ignores the
 * call, and says so in one line of its log. View strings (titles, texts,
 * labels, cells, action ids) are cut at 16 KiB; one render holds at most
 * 10,000 nodes (a table row counts as one). `push`, `present` and `add_tab`
 * refuse a param longer than TAB_MAX_FIELD_BYTES and a tab name longer than
 * TAB_MAX_ID_BYTES.
 */
/** Bytes of an id given to text_field, toggle, alert, set_timer, cancel_timer; longer ones are ignored. */
#define TAB_MAX_ID_BYTES 256
/** Bytes of a text field's value (also of TAB_EVENT_TEXT's value); longer values are cut. */
#define TAB_MAX_FIELD_BYTES 65536
/** Columns of a table (headers or cells); more are dropped. */
#define TAB_MAX_COLUMNS 32
/** `row_action`s on one row or table row; more are dropped. */
#define TAB_MAX_ROW_ACTIONS 8
/** Buttons of one alert; more are dropped. An alert with no button gets "OK". */
#define TAB_MAX_ALERT_BUTTONS 8
/** Timers one instance may have set at once; `set_timer` of a new id past it is ignored. */
#define TAB_MAX_TIMERS 64
/** The shortest `repeat_ms` of a timer; a shorter nonzero one is raised to it. */
#define TAB_MIN_TIMER_REPEAT_MS 10
/** Bytes of the result given to `finish`; a longer one is cut. */
#define TAB_MAX_RESULT_BYTES 65536
/** Bytes of the descriptor's `permissions`; a longer string refuses the module. */
#define TAB_MAX_PERMISSIONS_BYTES 4096

/** `tab_event.type`. */
enum tab_event_type {
    TAB_EVENT_ACTION = 1, /* a row, table row, button or row action was activated: `action` is its id */
    TAB_EVENT_KEY = 2,    /* a key the host did not consume; see `key` */
    TAB_EVENT_TICK = 3,   /* a tick asked for with `schedule_tick` is due */
    /* Added in 1.2: delivered only to modules built against 1.2 or later. */
    TAB_EVENT_TEXT = 4,   /* a text field changed: `action` = field id, `value` = its whole new text */
    TAB_EVENT_SUBMIT = 5, /* Enter in a single-line field: `action` = field id, `value` = its text */
    TAB_EVENT_TOGGLE = 6, /* a toggle flipped: `action` = toggle id, `value` = "1" (on) or "0" (off) */
    TAB_EVENT_RESULT = 7, /* a screen this instance pushed or presented ended: `action` = that screen's
                             module name (1.3: the `tag` of push_for_result or present_for_result),
                             `value` = what it gave `finish`, NULL when the user went Back */
    TAB_EVENT_ALERT = 8,  /* an alert was answered: `action` = the alert id, `value` = the button's label */
    TAB_EVENT_TIMER = 9,  /* a timer set with `set_timer` fired: `action` = the timer id */
    /* Added in 1.3: delivered only to modules built against 1.3 or later. */
    TAB_EVENT_DISMISS = 10 /* the user asked to close a modal presented with TAB_PRESENT_CONFIRM_DISMISS
                              (Esc, Back, a click outside); it stays until `finish` or `dismiss` */
};

/**
 * `tab_event.key` for keys without a character (others are Unicode scalars;
 * Ctrl plus a letter arrives as its C0 control character, Ctrl-A as 0x01).
 *
 * Which keys reach a module (as TAB_EVENT_KEY) is decided by the front end:
 * the host keeps the keys it needs to navigate. Never while a text field has
 * the focus: the field takes every key (Esc leaves it, Tab moves on).
 *   Terminal: printable characters except `q` (quits) and the digits 1-9 that
 *     name a tab of the visible bar; Ctrl plus a letter except Ctrl-C, Ctrl-D
 *     (quit) and Ctrl-L (repaint); UP and DOWN (also PAGE_UP, PAGE_DOWN, HOME,
 *     END) when the screen has nothing focusable (the content scrolls too);
 *     LEFT and RIGHT when no tab bar is shown; ENTER when nothing has the focus;
 *     TAB when nothing is focusable; ESCAPE and BACKSPACE when there is nothing
 *     to go back from (no Back, no modal); DELETE always.
 *   Browser: the same, except that Ctrl and Alt combinations stay with the
 *     browser, and `q` reaches the module (closing the page is the browser's).
 * A module built against 1.0 or 1.1 gets the keys it got then: ESCAPE as 0x1B,
 * BACKSPACE and DELETE as 0x7F, TAB as 0x09; HOME, END, PAGE_UP and PAGE_DOWN
 * do not reach it.
 */
enum tab_key {
    TAB_KEY_UP = 0x110001,
    TAB_KEY_DOWN = 0x110002,
    TAB_KEY_LEFT = 0x110003,
    TAB_KEY_RIGHT = 0x110004,
    TAB_KEY_ENTER = 0x0D,
    /* Added in 1.2. */
    TAB_KEY_BACKSPACE = 0x110005,
    TAB_KEY_DELETE = 0x110006,
    TAB_KEY_ESCAPE = 0x110007,
    TAB_KEY_TAB = 0x110008,
    TAB_KEY_HOME = 0x110009,
    TAB_KEY_END = 0x11000A,
    TAB_KEY_PAGE_UP = 0x11000B,
    TAB_KEY_PAGE_DOWN = 0x11000C
};

/** `text_field(…, flags)` (1.2): bits. */
enum tab_field_flags {
    TAB_FIELD_SECURE = 1u << 0,   /* shown as bullets (a password); never in the screen the front end gets */
    TAB_FIELD_MULTILINE = 1u << 1 /* several lines: Enter types a newline, no TAB_EVENT_SUBMIT */
};

/**
 * `style(view, style)` (1.2): bits for the next node. MONOSPACE, BOLD and DIM
 * combine; of ERROR, WARNING and SUCCESS (a colour and, for screen readers,
 * a word) the first one listed wins.
 */
enum tab_style {
    TAB_STYLE_MONOSPACE = 1u << 0,
    TAB_STYLE_BOLD = 1u << 1,
    TAB_STYLE_DIM = 1u << 2,
    TAB_STYLE_ERROR = 1u << 3,
    TAB_STYLE_WARNING = 1u << 4,
    TAB_STYLE_SUCCESS = 1u << 5
};

/** `bar_button(…, side)` (1.3): which end of the title bar the button sits at. */
enum tab_bar_side {
    TAB_BAR_LEADING = 0, /* before the title (where Back is) */
    TAB_BAR_TRAILING = 1 /* after the title */
};

/** `present_for_result(…, flags)` (1.3): bits. */
enum tab_present_flags {
    /* Esc, Back or a click outside do not close the modal: the presented instance gets
       TAB_EVENT_DISMISS and closes it with `finish` or `dismiss`. If it has not answered a DISMISS
       within 1 s (stuck or crashed), the next Esc closes the modal: a guard never traps the user. */
    TAB_PRESENT_CONFIRM_DISMISS = 1u << 0
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

/**
 * An input event. Owned by the host, with every string in it; valid only
 * during `event`. A 1.2 module may read `value` and `focus` directly (a 1.2
 * host builds them); a module that may run on an older host checks
 * TAB_API_HAS(e, tab_event, focus) first.
 */
typedef struct tab_event {
    uint32_t struct_size; /* sizeof(tab_event) as the host built it */
    uint32_t type;        /* enum tab_event_type */
    const char *action;   /* the id the event is about (see enum tab_event_type); else NULL */
    uint32_t key;         /* TAB_EVENT_KEY: Unicode scalar or enum tab_key; else 0 */
    /* Added in 1.2. */
    const char *value;    /* the text, "1"/"0", result or button label (see enum tab_event_type); else NULL */
    const char *focus;    /* the id of the focused row, button, field or toggle when it happened; else NULL */
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
    /** Asks for a new `render` soon (coalesced; at most one per frame). Safe from any thread (1.2). */
    void (*invalidate)(tab_host *host);
    /**
     * Pushes a new instance of `module` (a module name) started with `param`
     * (may be NULL) onto the stack chosen by `target` (enum tab_push_target).
     * Returns nonzero on success, 0 if the module is unknown or fails to create.
     * TAB_PUSH_APP_STACK covers every tab: like `present`, only while this
     * screen is shown or handles the user's input.
     */
    int (*push)(tab_host *host, const char *module, const char *param, int target);
    /** Pops the top of the stack this instance is on (no-op at a root). */
    void (*pop)(tab_host *host);
    /**
     * Presents `module` modally, full screen, over everything. Returns nonzero on
     * success. Only while this screen is shown (not from a background tab, nor
     * from `start` before it shows) or handles an event the user caused (a key,
     * a click, an edit, an alert's answer); otherwise 0, with a log line. The
     * same holds for `alert`, `toast` and `present_for_result`.
     */
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
     * Selecting is the user's to cause: outside an event the user caused (from
     * `start`, a timer or a tick) a new tab is appended without being selected,
     * and an existing one is left as it is (0, with a log line).
     */
    int (*add_tab)(tab_host *host, const char *name, const char *module,
                   const char *image, const char *param);
    /**
     * Asks for one TAB_EVENT_TICK after `after_ms` milliseconds. Safe from
     * any thread; the tick itself is delivered on the main thread.
     */
    void (*schedule_tick)(tab_host *host, uint32_t after_ms);
    /** Writes one line to the host's log (enum tab_log_level). Copied. Safe from any thread (1.2). */
    void (*log)(tab_host *host, int level, const char *message);

    /* View-building calls: valid only inside `render`, on its `view` (a call outside it is ignored with a log line). */

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

    /* Added in 1.2: view calls (valid only inside `render`, on its `view`). */

    /**
     * Adds a text field with the id `id` showing `value` (the module's copy of
     * the text, may be NULL for empty) and `placeholder` when empty (may be
     * NULL); `flags` is enum tab_field_flags. The host owns the editing: each
     * edit sends TAB_EVENT_TEXT with the whole new text, Enter in a single-line
     * field sends TAB_EVENT_SUBMIT. While the user edits, the field shows what
     * they typed; a `value` different from the last text the module was sent
     * replaces it (so a module may clear the field after a submit).
     */
    void (*text_field)(tab_view *view, const char *id, const char *value, const char *placeholder, uint32_t flags);
    /** Adds an on/off switch; activating it sends TAB_EVENT_TOGGLE with the new value. */
    void (*toggle)(tab_view *view, const char *id, const char *label, int on);
    /** Adds a progress bar: `fraction` from 0 to 1 (clamped); negative = indeterminate. `label` may be NULL. */
    void (*progress)(tab_view *view, const char *label, double fraction);
    /** Styles the next node added (enum tab_style bits; 0 = plain). */
    void (*style)(tab_view *view, uint32_t style);
    /** Starts a table with `count` column headers (a header may be NULL or ""). */
    void (*columns)(tab_view *view, const char *const *headers, size_t count);
    /**
     * Adds a row to the table the last `columns` started (without one, to a
     * table with no headers): `count` cells (a cell may be NULL), selectable
     * when `action` is not NULL.
     */
    void (*cells)(tab_view *view, const char *const *cells, size_t count, const char *action);
    /**
     * Adds a secondary action to the last row or table row (UIKit's trailing
     * swipe actions): activating it sends TAB_EVENT_ACTION with `action`.
     * Ignored (with a log line) when no row comes before it.
     */
    void (*row_action)(tab_view *view, const char *label, const char *action);

    /* Added in 1.2: host calls. */

    /**
     * Ends this screen: pops it, or dismisses the modal it presents, and sends
     * TAB_EVENT_RESULT with `result` (copied; may be NULL) to the instance that
     * pushed or presented it. Does nothing for a screen nobody pushed (a tab's root).
     */
    void (*finish)(tab_host *host, const char *result);
    /**
     * Shows an alert over the screen (UIAlertController's alert) with the id
     * `id`, `title`, `message` (may be NULL) and `count` button labels; the
     * user's choice comes back as TAB_EVENT_ALERT. Esc answers with the last
     * button. An alert shown while another is up waits for it.
     */
    void (*alert)(tab_host *host, const char *id, const char *title, const char *message,
                  const char *const *buttons, size_t count);
    /**
     * Sends TAB_EVENT_TIMER with `id` after `after_ms` milliseconds, then every
     * `repeat_ms` (0 = once). The same id replaces that timer. Safe from any thread.
     */
    void (*set_timer)(tab_host *host, const char *id, uint32_t after_ms, uint32_t repeat_ms);
    /** Cancels the timer `id`: it never fires after this returns. Safe from any thread. */
    void (*cancel_timer)(tab_host *host, const char *id);
    /**
     * The module's own writable directory, `$XDG_DATA_HOME/tabhost/data/NAME`
     * (mode 0700, made on the first call, kept across versions and reinstalls).
     * Owned by the host, valid for the life of the instance; NULL if it cannot be made.
     */
    const char *(*data_dir)(tab_host *host);
    /**
     * The directory the module's file was found in (not the private copy the
     * host loaded), where its own files lie; read it, never write it. Owned by
     * the host, valid for the life of the instance.
     */
    const char *(*module_dir)(tab_host *host);
    /** Asks the host to save this instance's state (`save_state`) soon. Safe from any thread. */
    void (*save_soon)(tab_host *host);

    /* Added in 1.3: host calls (on the main thread, like the 1.2 ones). */

    /**
     * Gives the focus, at the next frame, to the node with the id `id` (a field or toggle by its id,
     * a button, row or table row by its action); the screen scrolls to it. An unknown id is one
     * log line.
     */
    void (*focus)(tab_host *host, const char *id);
    /**
     * Scrolls so that the node `id` is visible; for a lazy `list` named `id`, its row `index` (an
     * index past the most rows a list may have, INT32_MAX, is one log line).
     */
    void (*scroll_to)(tab_host *host, const char *id, size_t index);

    /* Added in 1.3: view calls (valid only inside `render`, on its `view`). */

    /**
     * With `enabled` 0, the next node added (a `bar_button` too) is shown disabled and can be neither
     * focused nor activated; like `style`, it applies to the next node only. Where two nodes of a
     * screen share an id, the first wins and the host logs one line.
     */
    void (*enabled)(tab_view *view, int enabled);
    /**
     * Adds a button to the title bar (UINavigationItem's bar items) at `side` (enum tab_bar_side)
     * that sends TAB_EVENT_ACTION `action`; reachable from the keyboard in the terminal.
     */
    void (*bar_button)(tab_view *view, const char *label, const char *action, uint32_t side);

    /* Added in 1.3: host calls. */

    /**
     * As `push`, and the TAB_EVENT_RESULT that comes back has `action` = `tag` (copied; NULL keeps
     * the module's name), so one module presenting several screens tells their results apart.
     */
    int (*push_for_result)(tab_host *host, const char *module, const char *param, int target, const char *tag);
    /** As `present`, with `tag` as for `push_for_result` and `flags` (enum tab_present_flags). */
    int (*present_for_result)(tab_host *host, const char *module, const char *param, const char *tag,
                              uint32_t flags);

    /* Added in 1.3: view calls. */

    /**
     * Adds a lazy list named `id` of `count` rows of one height: the host calls the descriptor's
     * `list_row` for the rows on screen and a few around them only, inside this render. Focus,
     * scrolling, Page Up/Down, Home/End, the wheel and `scroll_to` work over all `count` rows; the
     * node limit counts the rows drawn, not `count`. Without `list_row` the list stays empty. A
     * list has at most INT32_MAX rows: a larger `count` is cut to it (one log line).
     */
    void (*list)(tab_view *view, const char *id, size_t count);
    /**
     * Adds one paragraph made of `count` styled runs: `texts[i]` drawn in `styles[i]` (enum
     * tab_style bits; a NULL `styles` is plain). A NULL text is an empty run.
     */
    void (*spans)(tab_view *view, const char *const *texts, const uint32_t *styles, size_t count);

    /* Added in 1.3: host calls. */

    /**
     * Puts `text` on the user's clipboard (terminal: OSC 52, which tmux passes only with
     * `set-clipboard on`; browser: the Clipboard API). Only while handling an event the user caused
     * (a key, a click, an edit, or the result or alert answer such an event produced) and within 1 s
     * of it; otherwise ignored with one log line. Copied.
     */
    void (*copy_text)(tab_host *host, const char *text);
    /**
     * Shows `text` in one line over the bottom of the tab for about 3 s, coloured by `style` (enum
     * tab_style); screen readers announce it. Copied.
     */
    void (*toast)(tab_host *host, const char *text, uint32_t style);
    /**
     * Milliseconds of the host's monotonic clock (under `tabhost test`, its test clock, so a module
     * that shows time can be tested deterministically).
     */
    uint64_t (*now_ms)(tab_host *host);

    /* Added in 1.3: view calls. */

    /**
     * While this screen shows, `key` (a character or enum tab_key) sends TAB_EVENT_ACTION `action`,
     * and the shortcut is listed in a footer line (`/ Search  n New`). Keys the host owns (q, 1-9,
     * Tab, Esc, arrows, Enter) and every key while a field has the focus stay the host's; a refused
     * key is one log line.
     */
    void (*shortcut)(tab_view *view, uint32_t key, const char *label, const char *action);
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

    /* Added in 1.2. */

    /**
     * Optional: what the module asks to be allowed, as space-separated
     * permission names (`network`, `system`, `exec`, `read:PATH`,
     * `write:PATH`, `unrestricted`); NULL or "" for nothing. The user grants them.
     */
    const char *permissions;

    /* Added in 1.3. */

    /**
     * Optional: draws row `index` (0 ..< count) of the lazy `list` named `id`, with exactly one `row`
     * or `cells` and its `row_action`s on `view`. Called only inside `render`, for the rows on
     * screen and a few around them.
     */
    void (*list_row)(void *self, const char *id, size_t index, tab_view *view);
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
