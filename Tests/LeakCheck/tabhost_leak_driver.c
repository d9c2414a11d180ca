/*
 * tabhost_leak_driver: the host's side of the isolation protocol in C, built with
 * -fsanitize=address by Scripts/leak-check, so LeakSanitizer checks the module-facing C code:
 *
 *   - this process: _CLtdl (opens the module twice, looks it up, closes one) and _CIsolation
 *     (spawns and reaps the child), checked when it exits;
 *   - the child, an address-sanitized `tabhost-module-host`, with the module it runs: the driver
 *     loads the module there, scans it (opening and closing it once more), creates two instances
 *     and walks every request (start, appearance, render, an event per action id it rendered, an
 *     edit and a submit per text field and a flip per toggle (ABI 1.2), a result, an alert answer, a timer, a
 *     key, a tick, save, restore into the second instance, destroy), answering the child's own
 *     requests like the host. Then it closes the socket: the child ends at end-of-file and runs
 *     its leak check first.
 * An image is never closed to its last reference: unloading a library that holds heap pointers
 * in its globals would make them look lost.
 *
 * Usage: tabhost_leak_driver HELPER MODULE.so NAME
 * Exit status: 0 when both processes ended cleanly; 1 on a protocol or module failure, with a
 * line on stderr; the child's status otherwise (a leak report makes it nonzero). The child's
 * output (its leak report) is copied to stderr.
 */
#define _GNU_SOURCE
#include "tabhost_isolation.h"
#include "tabhost_ltdl.h"
#include "tab_module.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#pragma clang assume_nonnull begin

typedef struct tabhost_leak_buffer {
    unsigned char *_Nullable bytes;
    size_t count, capacity;
} tabhost_leak_buffer;

typedef struct tabhost_leak_frame {
    uint16_t type, flags;
    uint32_t seq;
    unsigned char *_Nullable payload;
    size_t count, offset;
} tabhost_leak_frame;

static int tabhost_leak_socket = -1;
static uint32_t tabhost_leak_next_seq = 1;
/* Action ids the last render showed, sent back as events. */
static char *_Nullable tabhost_leak_actions[64];
/* The ids of the text fields and toggles of the first render (ABI 1.2), and which each is. */
static char *_Nullable tabhost_leak_inputs[64];
static uint32_t tabhost_leak_input_types[64];
static size_t tabhost_leak_input_count;
static size_t tabhost_leak_action_count;

static void tabhost_leak_fail(const char *format, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void tabhost_leak_fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("tabhost_leak_driver: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    exit(1);
}

static void tabhost_leak_put(tabhost_leak_buffer *b, const void *data, size_t count) {
    if (b->count + count > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 256;
        while (capacity < b->count + count) capacity *= 2;
        unsigned char *grown = realloc(b->bytes, capacity);
        if (grown == NULL) tabhost_leak_fail("out of memory");
        b->bytes = grown;
        b->capacity = capacity;
    }
    if (count > 0) memcpy(b->bytes + b->count, data, count);
    b->count += count;
}

static void tabhost_leak_put_u8(tabhost_leak_buffer *b, uint8_t v) { tabhost_leak_put(b, &v, sizeof v); }
static void tabhost_leak_put_u32(tabhost_leak_buffer *b, uint32_t v) { tabhost_leak_put(b, &v, sizeof v); }
static void tabhost_leak_put_i32(tabhost_leak_buffer *b, int32_t v) { tabhost_leak_put(b, &v, sizeof v); }
static void tabhost_leak_put_u64(tabhost_leak_buffer *b, uint64_t v) { tabhost_leak_put(b, &v, sizeof v); }

static void tabhost_leak_put_str(tabhost_leak_buffer *b, const char *_Nullable s) {
    if (s == NULL) {
        tabhost_leak_put_u32(b, TABHOST_WIRE_NULL_STRING);
        return;
    }
    tabhost_leak_put_u32(b, (uint32_t)strlen(s));
    tabhost_leak_put(b, s, strlen(s));
}

static void tabhost_leak_take(tabhost_leak_frame *f, void *out, size_t count) {
    if (f->count - f->offset < count) tabhost_leak_fail("short payload in a frame of type %u", f->type);
    memcpy(out, f->payload + f->offset, count);
    f->offset += count;
}

static uint8_t tabhost_leak_u8(tabhost_leak_frame *f) { uint8_t v; tabhost_leak_take(f, &v, sizeof v); return v; }
static uint32_t tabhost_leak_u32(tabhost_leak_frame *f) { uint32_t v; tabhost_leak_take(f, &v, sizeof v); return v; }
static uint64_t tabhost_leak_u64(tabhost_leak_frame *f) { uint64_t v; tabhost_leak_take(f, &v, sizeof v); return v; }

/* A string as a new NUL-terminated copy, NULL for the wire's NULL; free it. */
static char *_Nullable tabhost_leak_str(tabhost_leak_frame *f) {
    uint32_t length = tabhost_leak_u32(f);
    if (length == TABHOST_WIRE_NULL_STRING) return NULL;
    char *copy = calloc(1, (size_t)length + 1);
    if (copy == NULL) tabhost_leak_fail("out of memory");
    tabhost_leak_take(f, copy, length);
    return copy;
}

static void tabhost_leak_io(int writing, unsigned char *bytes, size_t count) {
    while (count > 0) {
        ssize_t done = writing ? write(tabhost_leak_socket, bytes, count) : read(tabhost_leak_socket, bytes, count);
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) tabhost_leak_fail("the child closed the socket (crashed?)");
        bytes += done;
        count -= (size_t)done;
    }
}

static void tabhost_leak_send(uint16_t type, uint16_t flags, uint32_t seq, const tabhost_leak_buffer *payload) {
    unsigned char header[TABHOST_WIRE_HEADER_SIZE];
    uint32_t length = (uint32_t)(8 + payload->count);
    memcpy(header, &length, 4);
    memcpy(header + 4, &type, 2);
    memcpy(header + 6, &flags, 2);
    memcpy(header + 8, &seq, 4);
    tabhost_leak_io(1, header, sizeof header);
    if (payload->count > 0) tabhost_leak_io(1, payload->bytes, payload->count);
}

static tabhost_leak_frame tabhost_leak_receive(void) {
    unsigned char header[TABHOST_WIRE_HEADER_SIZE];
    tabhost_leak_io(0, header, sizeof header);
    tabhost_leak_frame f = {0};
    uint32_t length;
    memcpy(&length, header, 4);
    memcpy(&f.type, header + 4, 2);
    memcpy(&f.flags, header + 6, 2);
    memcpy(&f.seq, header + 8, 4);
    if (length < 8 || length > TABHOST_WIRE_MAX_FRAME) tabhost_leak_fail("bad frame length %u", length);
    f.count = length - 8;
    f.payload = malloc(f.count ? f.count : 1);
    if (f.payload == NULL) tabhost_leak_fail("out of memory");
    tabhost_leak_io(0, f.payload, f.count);
    return f;
}

/* Answers the child's requests as the host would (every push and tab succeeds; two tab items). */
static void tabhost_leak_serve(tabhost_leak_frame *request) {
    tabhost_leak_buffer b = {0};
    switch (request->type) {
    case TABHOST_WIRE_PUSH:
    case TABHOST_WIRE_PRESENT:
    case TABHOST_WIRE_ADD_TAB:
    case TABHOST_WIRE_PUSH_FOR_RESULT:
    case TABHOST_WIRE_PRESENT_FOR_RESULT:
        tabhost_leak_put_i32(&b, 1);
        break;
    case TABHOST_WIRE_NOW_MS:
        tabhost_leak_put_u64(&b, 1000);
        break;
    case TABHOST_WIRE_TAB_COUNT:
        tabhost_leak_put_u64(&b, 2);
        break;
    case TABHOST_WIRE_DATA_DIR:
        tabhost_leak_put_str(&b, NULL); /* "cannot be made": this driver makes no directories */
        break;
    case TABHOST_WIRE_TAB_ITEM: {
        (void)tabhost_leak_u64(request);
        uint64_t index = tabhost_leak_u64(request);
        tabhost_leak_put_u8(&b, 1);
        tabhost_leak_put_str(&b, index == 0 ? "First" : "Second");
        tabhost_leak_put_str(&b, index == 0 ? "*" : NULL);
        tabhost_leak_put_str(&b, index == 0 ? "3" : NULL);
        tabhost_leak_put_u8(&b, index == 0);
        tabhost_leak_put_str(&b, index == 0 ? "/tmp/first.svg" : NULL);
        break;
    }
    default:
        return; /* a notification (title, badge, invalidate, log, tick, scan phase): no reply */
    }
    tabhost_leak_send(request->type, TABHOST_WIRE_FLAG_REPLY, request->seq, &b);
    free(b.bytes);
}

/* Sends a request and serves the child's requests until its reply; the reply must not be FAILED. */
static tabhost_leak_frame tabhost_leak_call(uint16_t type, tabhost_leak_buffer *payload) {
    uint32_t seq = tabhost_leak_next_seq++;
    tabhost_leak_send(type, 0, seq, payload);
    free(payload->bytes);
    *payload = (tabhost_leak_buffer){0};
    for (;;) {
        tabhost_leak_frame f = tabhost_leak_receive();
        if (f.flags & TABHOST_WIRE_FLAG_REPLY) {
            if (f.seq != seq) tabhost_leak_fail("reply %u to request %u", f.seq, seq);
            if (f.flags & TABHOST_WIRE_FLAG_FAILED) {
                char *why = tabhost_leak_str(&f);
                tabhost_leak_fail("request %u failed: %s", type, why ? why : "?");
            }
            return f;
        }
        tabhost_leak_serve(&f);
        free(f.payload);
    }
}

/* A request on instance `id` with no arguments beyond the id; the reply is dropped. */
static void tabhost_leak_simple(uint16_t type, uint64_t id) {
    tabhost_leak_buffer b = {0};
    tabhost_leak_put_u64(&b, id);
    tabhost_leak_frame reply = tabhost_leak_call(type, &b);
    free(reply.payload);
}

static void tabhost_leak_event(uint64_t id, uint32_t type, const char *_Nullable action, uint32_t key) {
    tabhost_leak_buffer b = {0};
    tabhost_leak_put_u64(&b, id);
    tabhost_leak_put_u32(&b, type);
    tabhost_leak_put_str(&b, action);
    tabhost_leak_put_u32(&b, key);
    const char *value = NULL;
    if (type == TAB_EVENT_TEXT || type == TAB_EVENT_SUBMIT) value = "typed";
    if (type == TAB_EVENT_TOGGLE) value = "1";
    if (type == TAB_EVENT_RESULT || type == TAB_EVENT_ALERT) value = "OK";
    tabhost_leak_put_str(&b, value);
    tabhost_leak_put_str(&b, action);
    tabhost_leak_frame reply = tabhost_leak_call(TABHOST_WIRE_EVENT, &b);
    free(reply.payload);
}

static int tabhost_leak_knows_input(const char *id) {
    for (size_t i = 0; i < tabhost_leak_input_count; i++) {
        if (strcmp(tabhost_leak_inputs[i], id) == 0) return 1;
    }
    return 0;
}

static void tabhost_leak_forget_actions(void) {
    while (tabhost_leak_action_count > 0) free(tabhost_leak_actions[--tabhost_leak_action_count]);
}

/* Renders instance `id`, keeps its action ids and returns how many nodes it drew. */
static uint32_t tabhost_leak_render(uint64_t id) {
    tabhost_leak_buffer b = {0};
    tabhost_leak_put_u64(&b, id);
    /* ABI 1.3: one lazy-list window (the demo timeline's list, from row 50), so the child keeps one. */
    tabhost_leak_put_u32(&b, 1);
    tabhost_leak_put_str(&b, "tweets");
    tabhost_leak_put_u64(&b, 50);
    tabhost_leak_put_u64(&b, 60);
    tabhost_leak_frame reply = tabhost_leak_call(TABHOST_WIRE_RENDER, &b);
    tabhost_leak_forget_actions();
    uint32_t count = tabhost_leak_u32(&reply);
    for (uint32_t i = 0; i < count; i++) {
        uint8_t kind = tabhost_leak_u8(&reply);
        /* Each call's fields (tabhost_isolation.h): a list first, then strings, then numbers. */
        unsigned strings = 2;
        size_t numbers = 0;
        int has_list = kind == TABHOST_WIRE_NODE_COLUMNS || kind == TABHOST_WIRE_NODE_CELLS;
        int ends_in_action = kind == TABHOST_WIRE_NODE_ROW || kind == TABHOST_WIRE_NODE_BUTTON ||
                             kind == TABHOST_WIRE_NODE_CELLS || kind == TABHOST_WIRE_NODE_ROW_ACTION ||
                             kind == TABHOST_WIRE_NODE_BAR_BUTTON || kind == TABHOST_WIRE_NODE_SHORTCUT;
        /* ABI 1.3: a shortcut's key comes first; spans are (string, style) pairs. */
        if (kind == TABHOST_WIRE_NODE_SHORTCUT) (void)tabhost_leak_u32(&reply);
        if (kind == TABHOST_WIRE_NODE_SPANS) {
            (void)tabhost_leak_u64(&reply);
            uint32_t n = tabhost_leak_u32(&reply);
            for (uint32_t k = 0; k < n; k++) {
                free(tabhost_leak_str(&reply));
                (void)tabhost_leak_u32(&reply);
            }
            continue;
        }
        switch (kind) {
        case TABHOST_WIRE_NODE_SECTION: case TABHOST_WIRE_NODE_TEXT: strings = 1; break;
        case TABHOST_WIRE_NODE_ROW: strings = 3; break;
        case TABHOST_WIRE_NODE_TEXT_FIELD: strings = 3; numbers = 4; break;
        case TABHOST_WIRE_NODE_TOGGLE: numbers = 1; break;
        case TABHOST_WIRE_NODE_PROGRESS: strings = 1; numbers = 8; break;
        case TABHOST_WIRE_NODE_STYLE: strings = 0; numbers = 4; break;
        case TABHOST_WIRE_NODE_COLUMNS: strings = 0; break;
        case TABHOST_WIRE_NODE_CELLS: strings = 1; break;
        case TABHOST_WIRE_NODE_ENABLED: strings = 0; numbers = 1; break;
        case TABHOST_WIRE_NODE_BAR_BUTTON: numbers = 4; break;
        case TABHOST_WIRE_NODE_LIST: strings = 1; numbers = 8; break;
        case TABHOST_WIRE_NODE_LIST_ROW: strings = 0; numbers = 8; break;
        case TABHOST_WIRE_NODE_LIST_END: strings = 0; break;
        default: break;
        }
        if (has_list) {
            (void)tabhost_leak_u64(&reply);
            uint32_t n = tabhost_leak_u32(&reply);
            for (uint32_t k = 0; k < n; k++) free(tabhost_leak_str(&reply));
        }
        for (unsigned s = 0; s < strings; s++) {
            char *text = tabhost_leak_str(&reply);
            int isAction = s == strings - 1 && ends_in_action;
            int isInput = s == 0 && (kind == TABHOST_WIRE_NODE_TEXT_FIELD || kind == TABHOST_WIRE_NODE_TOGGLE);
            if (isAction && text != NULL && tabhost_leak_action_count < 64) {
                tabhost_leak_actions[tabhost_leak_action_count++] = text;
            } else if (isInput && text != NULL && tabhost_leak_input_count < 64 && !tabhost_leak_knows_input(text)) {
                tabhost_leak_input_types[tabhost_leak_input_count] =
                    kind == TABHOST_WIRE_NODE_TOGGLE ? TAB_EVENT_TOGGLE : TAB_EVENT_TEXT;
                tabhost_leak_inputs[tabhost_leak_input_count++] = text;
            } else {
                free(text);
            }
        }
        unsigned char skipped[8];
        if (numbers > 0) tabhost_leak_take(&reply, skipped, numbers);
    }
    free(reply.payload);
    return count;
}

/* The module in this process through the _CLtdl shim: opened twice, entry point, one closed (the
   other stays open: its handle is reachable from libltdl's list until the process ends). */
static void tabhost_leak_open_in_process(const char *path, const char *name) {
    char message[512] = "";
    if (tabhost_lt_init(message, sizeof message) != 0) tabhost_leak_fail("lt_dlinit: %s", message);
    tabhost_lt_image *kept = tabhost_lt_open(path, message, sizeof message);
    tabhost_lt_image *image = kept != NULL ? tabhost_lt_open(path, message, sizeof message) : NULL;
    if (image == NULL) tabhost_leak_fail("%s: %s", path, message);
    void *symbol = tabhost_lt_symbol(image, "tab_module_entry", message, sizeof message);
    if (symbol == NULL) tabhost_leak_fail("%s: %s", path, message);
    const tab_module_descriptor *(*entry)(void);
    memcpy(&entry, &symbol, sizeof entry);
    const tab_module_descriptor *descriptor = entry();
    if (descriptor == NULL || descriptor->name == NULL || strcmp(descriptor->name, name) != 0)
        tabhost_leak_fail("%s does not declare module %s", path, name);
    (void)tabhost_lt_is_resident(image);
    if (tabhost_lt_close(image, message, sizeof message) != 0) tabhost_leak_fail("lt_dlclose: %s", message);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: tabhost_leak_driver HELPER MODULE.so NAME\n");
        return 2;
    }
    const char *helper = argv[1], *path = argv[2], *name = argv[3];
    tabhost_leak_open_in_process(path, name);

    tabhost_isolation_child child;
    char message[512] = "";
    if (tabhost_isolation_spawn(helper, name, &child, message, sizeof message) != 0) tabhost_leak_fail("%s", message);
    /* Blocking from here: this driver does one thing at a time. */
    fcntl(child.socket_fd, F_SETFL, fcntl(child.socket_fd, F_GETFL) & ~O_NONBLOCK);
    fcntl(child.log_fd, F_SETFL, fcntl(child.log_fd, F_GETFL) & ~O_NONBLOCK);
    tabhost_leak_socket = child.socket_fd;

    tabhost_leak_frame hello = tabhost_leak_receive();
    if (hello.type != TABHOST_WIRE_HELLO || tabhost_leak_u32(&hello) != TABHOST_WIRE_MAGIC) tabhost_leak_fail("no HELLO");
    free(hello.payload);

    tabhost_leak_buffer b = {0};
    tabhost_leak_put_str(&b, path);
    tabhost_leak_put_str(&b, name);
    char directory[4096];
    snprintf(directory, sizeof directory, "%s", path);
    char *slash = strrchr(directory, '/');
    if (slash != NULL) *slash = '\0'; else snprintf(directory, sizeof directory, ".");
    tabhost_leak_put_str(&b, directory);
    tabhost_leak_frame load = tabhost_leak_call(TABHOST_WIRE_LOAD, &b);
    free(load.payload);
    /* Loaded first, so closing the scanned image leaves it mapped. */
    tabhost_leak_put_str(&b, path);
    tabhost_leak_put_u8(&b, 1);
    tabhost_leak_frame scan = tabhost_leak_call(TABHOST_WIRE_SCAN, &b);
    uint8_t opened = tabhost_leak_u8(&scan);
    free(tabhost_leak_str(&scan));
    uint8_t has_entry = tabhost_leak_u8(&scan);
    uint8_t has_descriptor = tabhost_leak_u8(&scan);
    free(scan.payload);
    if (!opened || !has_entry || !has_descriptor) tabhost_leak_fail("scan of %s failed", path);


    for (uint64_t id = 1; id <= 2; id++) {
        tabhost_leak_put_u64(&b, id);
        tabhost_leak_frame created = tabhost_leak_call(TABHOST_WIRE_CREATE, &b);
        if (!tabhost_leak_u8(&created)) tabhost_leak_fail("create returned NULL");
        free(created.payload);
    }
    tabhost_leak_put_u64(&b, 1);
    tabhost_leak_put_str(&b, "Jill");
    free(tabhost_leak_call(TABHOST_WIRE_START, &b).payload);
    for (int32_t phase = TAB_APPEARANCE_WILL_APPEAR; phase <= TAB_APPEARANCE_DID_APPEAR; phase++) {
        tabhost_leak_put_u64(&b, 1);
        tabhost_leak_put_i32(&b, phase);
        free(tabhost_leak_call(TABHOST_WIRE_APPEARANCE, &b).payload);
    }
    uint32_t nodes = tabhost_leak_render(1);
    if (nodes == 0) tabhost_leak_fail("%s rendered nothing", name);
    /* Each action id once, rendering after each (actions may change what is shown). */
    size_t actions = tabhost_leak_action_count;
    char *taken[64];
    memcpy(taken, tabhost_leak_actions, actions * sizeof taken[0]);
    tabhost_leak_action_count = 0;
    for (size_t i = 0; i < actions; i++) {
        tabhost_leak_event(1, TAB_EVENT_ACTION, taken[i], 0);
        free(taken[i]);
        (void)tabhost_leak_render(1);
    }
    /* ABI 1.2's input: an edit and a submit of every field, a flip of every toggle (the ids the
       renders showed), a result, an alert answer and a timer, rendering after each. */
    size_t inputs = tabhost_leak_input_count;
    for (size_t i = 0; i < inputs; i++) {
        tabhost_leak_event(1, tabhost_leak_input_types[i], tabhost_leak_inputs[i], 0);
        if (tabhost_leak_input_types[i] == TAB_EVENT_TEXT) tabhost_leak_event(1, TAB_EVENT_SUBMIT, tabhost_leak_inputs[i], 0);
        (void)tabhost_leak_render(1);
    }
    while (tabhost_leak_input_count > 0) free(tabhost_leak_inputs[--tabhost_leak_input_count]);
    tabhost_leak_event(1, TAB_EVENT_RESULT, "compose", 0);
    tabhost_leak_event(1, TAB_EVENT_ALERT, "confirm", 0);
    tabhost_leak_event(1, TAB_EVENT_TIMER, "tick", 0);
    tabhost_leak_event(1, TAB_EVENT_KEY, NULL, TAB_KEY_DOWN);
    tabhost_leak_event(1, TAB_EVENT_TICK, NULL, 0);
    (void)tabhost_leak_render(1);

    tabhost_leak_put_u64(&b, 1);
    tabhost_leak_frame saved = tabhost_leak_call(TABHOST_WIRE_SAVE_STATE, &b);
    if (tabhost_leak_u8(&saved)) {
        uint32_t size = tabhost_leak_u32(&saved);
        tabhost_leak_put_u64(&b, 2);
        tabhost_leak_put_u32(&b, size);
        tabhost_leak_put(&b, saved.payload + saved.offset, size);
        free(tabhost_leak_call(TABHOST_WIRE_RESTORE_STATE, &b).payload);
    }
    free(saved.payload);
    (void)tabhost_leak_render(2);
    for (int32_t phase = TAB_APPEARANCE_WILL_DISAPPEAR; phase <= TAB_APPEARANCE_DID_DISAPPEAR; phase++) {
        tabhost_leak_put_u64(&b, 1);
        tabhost_leak_put_i32(&b, phase);
        free(tabhost_leak_call(TABHOST_WIRE_APPEARANCE, &b).payload);
    }
    tabhost_leak_simple(TABHOST_WIRE_DESTROY, 1);
    tabhost_leak_simple(TABHOST_WIRE_DESTROY, 2);
    tabhost_leak_forget_actions();

    /* End-of-file: the child runs its leak check and exits; copy what it printed until it is gone. */
    close(child.socket_fd);
    char output[4096];
    ssize_t got;
    while ((got = read(child.log_fd, output, sizeof output)) != 0) {
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) break;
        fwrite(output, 1, (size_t)got, stderr);
    }
    close(child.log_fd);
    int status = 0;
    if (tabhost_isolation_reap(child.pid, 1, &status) != 1) tabhost_leak_fail("cannot reap the child");
    if (child.pid_fd >= 0) close(child.pid_fd);
    if (WIFSIGNALED(status)) tabhost_leak_fail("the child ended with signal %d", WTERMSIG(status));
    if (WEXITSTATUS(status) != 0) {
        fprintf(stderr, "tabhost_leak_driver: %s: the child exited with status %d\n", name, WEXITSTATUS(status));
        return WEXITSTATUS(status);
    }
    printf("%s: %u nodes, %zu actions, %zu fields and toggles, no leak in the child\n", name, nodes, actions, inputs);
    return 0;
}

#pragma clang assume_nonnull end
