/*
 * lazy_list: Scripts/bench's lazy list (ABI 1.3). start(param) gives the list's row count; render adds the
 * list and a line with how many times list_row has run, so the bench reads list_row calls per frame.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct lazy {
    const tab_host_api *api;
    size_t count;
    unsigned long long calls;
} lazy;

static void *lazy_create(const tab_host_api *api, tab_host *host) {
    (void)host;
    lazy *self = calloc(1, sizeof *self);
    if (self != NULL) self->api = api;
    return self;
}

static void lazy_start(void *opaque, const char *param) {
    lazy *self = opaque;
    self->count = param != NULL ? (size_t)strtoull(param, NULL, 10) : 100;
}

static void lazy_render(void *opaque, tab_view *view) {
    lazy *self = opaque;
    char line[64];
    snprintf(line, sizeof line, "list_row calls %llu", self->calls);
    self->api->text(view, line);
    self->api->list(view, "rows", self->count);
}

static void lazy_list_row(void *opaque, const char *id, size_t index, tab_view *view) {
    lazy *self = opaque;
    char title[48], action[48];
    (void)id;
    self->calls++;
    snprintf(title, sizeof title, "Row %zu", index);
    snprintf(action, sizeof action, "open:%zu", index);
    self->api->row(view, title, "detail", action);
}

static void lazy_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "lazylist", .title = "Lazy list", .create = lazy_create,
    .start = lazy_start, .render = lazy_render, .destroy = lazy_destroy, .list_row = lazy_list_row,
};

TAB_MODULE_DECLARE(descriptor)
