/*
 * spin_probe.c: the module `tabhost-bench isolation --spinner` measures with. Its action "tick" counts
 * and invalidates (event → pushed frame); "spin" spins on the CPU forever (the tab switches of the
 * other modules are measured while it does). Built with -DSPIN_PROBE_BUTTON it also shows a "Spin"
 * button, for the browser's rows (Scripts/bench clicks it in Chromium).
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct spin_probe {
    const tab_host_api *api;
    tab_host *host;
    unsigned long ticks;
} spin_probe;

static volatile unsigned long spin_probe_spins;

static void *spin_probe_create(const tab_host_api *api, tab_host *host) {
    spin_probe *self = calloc(1, sizeof *self);
    if (self != NULL) {
        self->api = api;
        self->host = host;
    }
    return self;
}

static void spin_probe_render(void *opaque, tab_view *view) {
    spin_probe *self = opaque;
    char line[64];
    snprintf(line, sizeof line, "ticks %lu", self->ticks);
    self->api->text(view, line);
    self->api->button(view, "Tick", "tick");
#ifdef SPIN_PROBE_BUTTON
    self->api->button(view, "Spin", "spin");
#endif
}

static void spin_probe_event(void *opaque, const tab_event *event) {
    spin_probe *self = opaque;
    if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    if (strcmp(event->action, "spin") == 0) {
        for (;;) spin_probe_spins++;
    }
    self->ticks++;
    self->api->invalidate(self->host);
}

static void spin_probe_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor spin_probe_descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "spin-probe", .title = "Spin", .create = spin_probe_create,
    .render = spin_probe_render, .event = spin_probe_event, .destroy = spin_probe_destroy,
};
TAB_MODULE_DECLARE(spin_probe_descriptor)
