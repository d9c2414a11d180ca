/*
 * Pushes or presents `editor` and shows the last TAB_EVENT_RESULT it got (`results=N result from
 * ACTION: VALUE`). Built by RunABI12OutsideTests and by the browser tests (Tests/Browser).
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct opener { const tab_host_api *api; tab_host *host; char result[512]; int results; } opener;
static void *create(const tab_host_api *api, tab_host *host) {
    opener *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    snprintf(self->result, sizeof self->result, "none yet");
    return self;
}
static void render(void *opaque, tab_view *view) {
    opener *self = opaque;
    char line[600];
    snprintf(line, sizeof line, "results=%d %s", self->results, self->result);
    self->api->text(view, line);
    self->api->button(view, "Push editor", "push");
    self->api->button(view, "Present editor", "present");
}
static void event(void *opaque, const tab_event *e) {
    opener *self = opaque;
    if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "push") == 0) {
        self->api->push(self->host, "editor", "pushed", TAB_PUSH_OWN_STACK);
    } else if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "present") == 0) {
        self->api->present(self->host, "editor", "presented");
    } else if (e->type == TAB_EVENT_RESULT) {
        self->results += 1;
        snprintf(self->result, sizeof self->result, "result from %s: %s", e->action ? e->action : "?",
                 !e->value ? "(null)" : *e->value ? e->value : "(empty)");
        self->api->invalidate(self->host);
    }
}
static void destroy(void *opaque) { free(opaque); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "opener", .version = "1.0", .title = "Opener",
    .create = create, .render = render, .event = event, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
