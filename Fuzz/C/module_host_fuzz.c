/*
 * libFuzzer target for the child's side of the isolation protocol: the requests tabhost-module-host
 * decodes (tabhost_isolation.h), served by the child's own library (_CModuleHost, linked, through
 * tabhost_module_host.h) against a small module that uses every view call and keeps what it is sent.
 * Built by Scripts/fuzz with clang -fsanitize=fuzzer,address.
 *
 * Input: records of u16 type, u16 length, then that many payload bytes. LOAD and SCAN are skipped:
 * they open a file named by the payload, which is the loader's business, not the decoder's.
 * Replies go to a socket (descriptor 3) that a thread drains; the module never makes a call that
 * waits for a reply. Its events invalidate, so an EVENT's frame rule pushes FRAMEs, and FRAME_ACK
 * (a notification, never answered) releases the one owed; SHOWN (another notification) is read as the
 * loop would (the fuzzer runs no loop, so a thread's invalidate stays an INVALIDATE); the corpus has
 * seeds for all three.
 */
#include "tabhost_isolation.h"
#include "tabhost_module_host.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>


typedef struct fuzz_module {
    const tab_host_api *api;
    tab_host *host;
    char *text;
} fuzz_module;

static void *fuzz_create(const tab_host_api *api, tab_host *host) {
    fuzz_module *self = calloc(1, sizeof *self);
    if (self != NULL) {
        self->api = api;
        self->host = host;
    }
    return self;
}

static void fuzz_keep(fuzz_module *self, const char *text) {
    free(self->text);
    self->text = text != NULL ? strdup(text) : NULL;
    self->api->set_title(self->host, text);
    self->api->set_badge(self->host, text);
    self->api->log(self->host, 1, text != NULL ? text : "(null)");
    self->api->invalidate(self->host);
}

static void fuzz_start(void *opaque, const char *param) { fuzz_keep(opaque, param); }

static void fuzz_render(void *opaque, tab_view *view) {
    fuzz_module *self = opaque;
    self->api->section(view, self->text);
    self->api->row(view, self->text, self->text, self->text);
    self->api->text(view, self->text);
    self->api->button(view, "b", self->text);
    self->api->image(view, self->text != NULL ? self->text : "i.svg", self->text);
    /* 1.2's view calls, with what the host sent as ids, values and cells. */
    self->api->row_action(view, self->text, self->text);
    self->api->style(view, self->text != NULL ? (uint32_t)strlen(self->text) : 0);
    self->api->text_field(view, self->text, self->text, self->text, 3);
    self->api->toggle(view, self->text, self->text, 1);
    self->api->progress(view, self->text, self->text != NULL ? (double)strlen(self->text) / 8 : -1);
    const char *list[] = {self->text, NULL, "c"};
    self->api->columns(view, list, self->text != NULL ? strlen(self->text) % 4 : 0);
    self->api->cells(view, list, 3, self->text);
    self->api->cells(view, NULL, 5, NULL);
    /* 1.3's view calls; the lazy list's window comes from RENDER's payload (the fuzzer's bytes). */
    size_t n = self->text != NULL ? strlen(self->text) : 0;
    self->api->enabled(view, (int)(n % 2));
    self->api->bar_button(view, self->text, self->text, (uint32_t)n);
    self->api->shortcut(view, (uint32_t)n * 7919u, self->text, self->text);
    const uint32_t styles[] = {(uint32_t)n, 0, 2};
    self->api->spans(view, list, n % 2 ? styles : NULL, 3);
    self->api->list(view, self->text, n * 100000);
    self->api->list(view, "fixed", 1000000);
}

/* A lazy list's row: one row and its action, and (every third) a call that does not belong there. */
static void fuzz_list_row(void *opaque, const char *id, size_t index, tab_view *view) {
    fuzz_module *self = opaque;
    self->api->row(view, id, self->text, id);
    self->api->row_action(view, "Copy", id);
    if (index % 3 == 0) self->api->list(view, id, index);
}

static void fuzz_event(void *opaque, const tab_event *event) {
    fuzz_module *self = opaque;
    fuzz_keep(self, event->value != NULL ? event->value : event->action);
    if (event->type == TAB_EVENT_TICK) self->api->schedule_tick(self->host, event->key);
    /* 1.2's host calls that wait for no reply (data_dir does: the drain thread never answers). */
    if (event->action != NULL) {
        self->api->set_timer(self->host, event->action, event->key, event->key / 2);
        if (event->type == TAB_EVENT_TIMER) self->api->cancel_timer(self->host, event->action);
        const char *buttons[] = {event->action, event->focus};
        self->api->alert(self->host, event->action, event->focus, event->value, buttons, event->key % 3);
        self->api->finish(self->host, event->value);
        self->api->save_soon(self->host);
        /* 1.3's host calls that wait for no reply. */
        self->api->focus(self->host, event->action);
        self->api->scroll_to(self->host, event->action, event->key);
        self->api->copy_text(self->host, event->value);
        self->api->toast(self->host, event->focus, event->key);
    }
    (void)self->api->module_dir(self->host);
}

static void fuzz_appearance(void *opaque, int phase) { (void)opaque, (void)phase; }

static size_t fuzz_save_state(void *opaque, void *buffer, size_t capacity) {
    fuzz_module *self = opaque;
    size_t size = self->text != NULL ? strlen(self->text) : 0;
    if (buffer != NULL && size <= capacity && size > 0) memcpy(buffer, self->text, size);
    return size;
}

static int fuzz_restore_state(void *opaque, const void *data, size_t size) {
    fuzz_module *self = opaque;
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    if (size > 0) memcpy(text, data, size);
    text[size] = '\0';
    free(self->text);
    self->text = text;
    return 1;
}

static void fuzz_destroy(void *opaque) {
    fuzz_module *self = opaque;
    free(self->text);
    free(self);
}

static const tab_module_descriptor fuzz_descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "fuzz", .title = "Fuzz", .create = fuzz_create, .start = fuzz_start,
    .render = fuzz_render, .event = fuzz_event, .appearance = fuzz_appearance, .save_state = fuzz_save_state,
    .restore_state = fuzz_restore_state, .destroy = fuzz_destroy, .list_row = fuzz_list_row,
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads and drops everything the child sends (replies, notifications), as a host that ignores them. */
static void *fuzz_drain(void *argument) {
    int fd = *(int *)argument;
    char bytes[65536];
    while (read(fd, bytes, sizeof bytes) > 0) {
    }
    return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    static int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) abort();
    if (ends[0] != TABHOST_WIRE_SOCKET_FD) {
        if (ends[1] == TABHOST_WIRE_SOCKET_FD || dup2(ends[0], TABHOST_WIRE_SOCKET_FD) < 0) abort();
        close(ends[0]);
    }
    pthread_t drain;
    if (pthread_create(&drain, NULL, fuzz_drain, &ends[1]) != 0) abort();
    tabhost_module_host_use_module(&fuzz_descriptor);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t offset = 0;
    uint32_t seq = 1;
    while (size - offset >= 4) {
        uint16_t type, length;
        memcpy(&type, data + offset, 2);
        memcpy(&length, data + offset + 2, 2);
        offset += 4;
        if (length > size - offset) length = (uint16_t)(size - offset);
        if (type != TABHOST_WIRE_LOAD && type != TABHOST_WIRE_SCAN)
            tabhost_module_host_serve(type, seq++, data + offset, length);
        offset += length;
    }
    /* Every instance goes, as when the host ends: nothing is carried into the next input. */
    tabhost_module_host_destroy_instances();
    return 0;
}
