/*
 * reload_probe.c: the C module Scripts/bench hot-reloads. Build two versions:
 *   cc -shared -fPIC -O1 -I Sources/CTabModule/include -DPROBE_VERSION='"1"' -o probe-1.so reload_probe.c
 *   cc -shared -fPIC -O1 -I Sources/CTabModule/include -DPROBE_VERSION='"2"' -o probe-2.so reload_probe.c
 * Its state (a counter) survives reloads through save_state/restore_state, like a real module's.
 */
#include <stdlib.h>
#include <string.h>

#include "tab_module.h"

#ifndef PROBE_VERSION
#define PROBE_VERSION "1"
#endif

typedef struct { const tab_host_api *api; tab_host *host; int counter; } instance;

static void *create(const tab_host_api *api, tab_host *host) {
    instance *self = calloc(1, sizeof *self);
    if (self) { self->api = api; self->host = host; }
    return self;
}

static void render(void *self, tab_view *view) {
    instance *me = self;
    me->api->text(view, "reload probe v" PROBE_VERSION);
}

static void destroy(void *self) { free(self); }

static size_t save_state(void *self, void *buf, size_t cap) {
    instance *me = self;
    if (sizeof me->counter <= cap) memcpy(buf, &me->counter, sizeof me->counter);
    return sizeof me->counter;
}

static int restore_state(void *self, const void *data, size_t len) {
    instance *me = self;
    if (len != sizeof me->counter) return 0;
    memcpy(&me->counter, data, sizeof me->counter);
    me->counter++;
    return 1;
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "reload-probe",
    .version = PROBE_VERSION,
    .title = "Probe",
    .create = create,
    .render = render,
    .save_state = save_state,
    .restore_state = restore_state,
    .destroy = destroy,
};

TAB_MODULE_DECLARE(descriptor)
