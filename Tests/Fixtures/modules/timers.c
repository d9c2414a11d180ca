/*
 * Two repeating timers (fast 100 ms, slow 300 ms), a one-shot, and a repeating one replaced by a one-
 * shot; a button cancels fast. Built by RunABI12OutsideTests and by the browser tests (Tests/Browser).
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct timers { const tab_host_api *api; tab_host *host; int fast, slow, once, again, fastAtCancel; } timers;
static void *create(const tab_host_api *api, tab_host *host) {
    timers *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    self->fastAtCancel = -1;
    return self;
}
static void start(void *opaque, const char *param) {
    timers *self = opaque;
    (void)param;
    self->api->set_timer(self->host, "fast", 100, 100);
    self->api->set_timer(self->host, "slow", 300, 300);
    self->api->set_timer(self->host, "once", 50, 0);
    /* Replaced before it fires: a repeating 30 ms timer becomes one that fires once. */
    self->api->set_timer(self->host, "again", 30, 30);
    self->api->set_timer(self->host, "again", 60, 0);
}
static void render(void *opaque, tab_view *view) {
    timers *self = opaque;
    char line[128];
    snprintf(line, sizeof line, "fast=%d slow=%d once=%d again=%d cancelled-at=%d", self->fast, self->slow, self->once,
             self->again, self->fastAtCancel);
    self->api->text(view, line);
    self->api->button(view, "Stop fast", "stop");
}
static void event(void *opaque, const tab_event *e) {
    timers *self = opaque;
    if (e->type == TAB_EVENT_TIMER) {
        if (strcmp(e->action, "fast") == 0) self->fast += 1;
        else if (strcmp(e->action, "slow") == 0) self->slow += 1;
        else if (strcmp(e->action, "once") == 0) self->once += 1;
        else if (strcmp(e->action, "again") == 0) self->again += 1;
        self->api->invalidate(self->host);
    } else if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "stop") == 0) {
        self->api->cancel_timer(self->host, "fast");
        self->fastAtCancel = self->fast;
        self->api->invalidate(self->host);
    }
}
static void destroy(void *opaque) { free(opaque); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "timers", .version = "1.0", .title = "Timers",
    .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
