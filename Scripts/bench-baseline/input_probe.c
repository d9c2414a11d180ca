/*
 * input_probe.c: the module Scripts/bench measures input and idle cost with (ABI 1.2; built twice,
 * with PROBE_MINOR 2 and PROBE_MINOR 1, the second for the rendering rule of older modules).
 *
 * param "field": one text field, the screen's first focusable, without a placeholder, so that a typed
 *   character is the only change the front end draws. Edits are kept, never rendered by the module.
 * param "rows": 5,000 rows and a tick every 100 ms that changes nothing the module shows (it polls,
 *   as a log viewer would, and calls no invalidate): an idle screen that should cost next to nothing.
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PROBE_MINOR
#define PROBE_MINOR 2
#endif

enum { ROWS = 5000 };

typedef struct probe {
    const tab_host_api *api;
    tab_host *host;
    int rows;
    char text[256];
    unsigned long polls;
} probe;

static void *create(const tab_host_api *api, tab_host *host) {
    probe *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void start(void *me, const char *param) {
    probe *self = me;
    self->rows = param != NULL && strcmp(param, "rows") == 0;
    if (self->rows) self->api->schedule_tick(self->host, 100);
}

static void render(void *me, tab_view *view) {
    probe *self = me;
    const tab_host_api *api = self->api;
    if (!self->rows) {
        api->text_field(view, "input", self->text, NULL, 0);
        return;
    }
    char title[32];
    for (int i = 1; i <= ROWS; i++) {
        snprintf(title, sizeof title, "row %d", i);
        api->row(view, title, NULL, NULL);
    }
}

static void event(void *me, const tab_event *e) {
    probe *self = me;
    if (e->type == TAB_EVENT_TEXT && e->value != NULL) {
        snprintf(self->text, sizeof self->text, "%s", e->value);
    } else if (e->type == TAB_EVENT_TICK) {
        self->polls++;
        self->api->schedule_tick(self->host, 100);
    }
}

static void destroy(void *me) { free(me); }

static const tab_module_descriptor descriptor = {
    .magic = TAB_MODULE_MAGIC,
    .struct_size = (uint32_t)sizeof(tab_module_descriptor),
    .abi_major = TAB_MODULE_ABI_MAJOR,
    .abi_minor = PROBE_MINOR,
    .name = "input-probe",
    .version = "1",
    .title = "Probe",
    .create = create,
    .start = start,
    .render = render,
    .event = event,
    .destroy = destroy,
};

TAB_MODULE_DECLARE(descriptor)
