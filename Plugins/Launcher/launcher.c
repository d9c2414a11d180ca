/*
 * launcher: adds tabs at run time with add_tab (the dynamic-tab call).
 * Adding a name that exists selects that tab and restarts it with the new param.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct launch_entry {
    const char *label;  /* row title */
    const char *tab;    /* tab name */
    const char *module; /* module name */
    const char *param;  /* start param */
} launch_entry;

static const launch_entry launch_entries[] = {
    {"Open notes", "notes-1", "detail", "Shopping list"},
    {"Open notes (other page)", "notes-1", "detail", "Holiday plans"},
    {"Open a second notes tab", "notes-2", "detail", "Reading list"},
    {"Open a clock", "clock-1", "clock", NULL},
    {"Open downloads", "Downloads", "downloads", NULL},
};
enum { launch_count = sizeof(launch_entries) / sizeof(launch_entries[0]) };

typedef struct launcher {
    const tab_host_api *api;
    tab_host *host;
    unsigned launched;
} launcher;

static void *launcher_create(const tab_host_api *api, tab_host *host) {
    launcher *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void launcher_render(void *opaque, tab_view *view) {
    launcher *self = opaque;
    self->api->section(view, "Add a tab");
    for (int i = 0; i < launch_count; i++) {
        char action[16];
        snprintf(action, sizeof(action), "launch:%d", i);
        self->api->row(view, launch_entries[i].label, launch_entries[i].tab, action);
    }
    char status[48];
    snprintf(status, sizeof(status), "%u tab%s added or reselected.", self->launched, self->launched == 1 ? "" : "s");
    self->api->text(view, status);
}

static void launcher_event(void *opaque, const tab_event *event) {
    launcher *self = opaque;
    if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    if (strncmp(event->action, "launch:", 7) != 0) return;
    int index = atoi(event->action + 7);
    if (index < 0 || index >= launch_count) return;
    const launch_entry *entry = &launch_entries[index];
    if (self->api->add_tab(self->host, entry->tab, entry->module, NULL, entry->param)) {
        self->launched++;
        self->api->invalidate(self->host);
    } else {
        self->api->log(self->host, TAB_LOG_ERROR, "launcher: add_tab failed");
    }
}

static void launcher_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "launcher",
    .version = "1.0.0",
    .title = "Launcher",
    .image = "TabHost_TabExampleLauncher.resources/assets/launcher.svg",
    .glyph = "✚",
    .create = launcher_create,
    .render = launcher_render,
    .event = launcher_event,
    .destroy = launcher_destroy,
};

TAB_MODULE_DECLARE(descriptor)
