/*
 * A text field and a Save button that calls `finish` with the text; shows how it was started (its
 * param). Built by RunABI12OutsideTests and by the browser tests (Tests/Browser).
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct editor { const tab_host_api *api; tab_host *host; char note[1024]; char how[32]; } editor;
static void *create(const tab_host_api *api, tab_host *host) {
    editor *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}
static void start(void *opaque, const char *param) {
    editor *self = opaque;
    snprintf(self->how, sizeof self->how, "%s", param ? param : "?");
}
static void render(void *opaque, tab_view *view) {
    editor *self = opaque;
    char line[64];
    snprintf(line, sizeof line, "Editor (%s)", self->how);
    self->api->text(view, line);
    self->api->text_field(view, "note", self->note, "Note", 0);
    self->api->button(view, "Save", "save");
}
static void event(void *opaque, const tab_event *e) {
    editor *self = opaque;
    if (e->type == TAB_EVENT_TEXT) snprintf(self->note, sizeof self->note, "%s", e->value ? e->value : "");
    else if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "save") == 0) self->api->finish(self->host, self->note);
}
static void destroy(void *opaque) { free(opaque); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "editor", .version = "1.0", .title = "Editor",
    .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
