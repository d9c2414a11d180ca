/*
 * The ABI 1.3 calls as a third party uses them, from tab_module.h alone: title-bar buttons (Post
 * disabled), shortcuts ('/' toasts, 'n' scrolls the lazy list to row 500,000), a bold span, the last
 * action noted, a lazy list of 1,000,000 rows whose rows copy their action, and a timer in start whose
 * copy_text the host must refuse (no user event). Built by RunABI13TerminalTests (tmux) and by the
 * browser tests (ABI13Tests).
 */
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct m { const tab_host_api *api; tab_host *host; char last[64]; } m;
static void *create(const tab_host_api *api, tab_host *host) {
    m *self = calloc(1, sizeof *self);
    if (self != NULL) { self->api = api; self->host = host; strcpy(self->last, "none"); }
    return self;
}
static void start(void *opaque, const char *param) {
    m *self = opaque;
    (void)param;
    self->api->set_timer(self->host, "early", 10, 0);
}
static void render(void *opaque, tab_view *view) {
    m *self = opaque;
    const tab_host_api *api = self->api;
    char line[96];
    api->bar_button(view, "Cancel", "cancel", TAB_BAR_LEADING);
    api->enabled(view, 0);
    api->bar_button(view, "Post", "post", TAB_BAR_TRAILING);
    api->shortcut(view, '/', "Search", "search");
    api->shortcut(view, 'n', "New", "new");
    snprintf(line, sizeof line, "last %s", self->last);
    const char *runs[] = {"Hello ", "@ann"};
    const uint32_t styles[] = {0, TAB_STYLE_BOLD};
    api->spans(view, runs, styles, 2);
    api->text(view, line);
    api->list(view, "rows", 1000000);
}
static void list_row(void *opaque, const char *id, size_t index, tab_view *view) {
    m *self = opaque;
    char title[32], action[32];
    (void)id;
    snprintf(title, sizeof title, "Row %zu", index);
    snprintf(action, sizeof action, "open %zu", index);
    self->api->row(view, title, NULL, action);
}
static void event(void *opaque, const tab_event *e) {
    m *self = opaque;
    if (e->type == TAB_EVENT_TIMER) self->api->copy_text(self->host, "behind your back");
    if (e->type != TAB_EVENT_ACTION) return;
    snprintf(self->last, sizeof self->last, "%s", e->action);
    if (strcmp(e->action, "search") == 0) self->api->toast(self->host, "Searching now", TAB_STYLE_SUCCESS);
    if (strncmp(e->action, "open ", 5) == 0) self->api->copy_text(self->host, e->action);
    if (strcmp(e->action, "new") == 0) self->api->scroll_to(self->host, "rows", 500000);
    self->api->invalidate(self->host);
}
static void destroy(void *self) { free(self); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "abi13", .title = "ABI 13", .create = create, .start = start,
    .render = render, .event = event, .destroy = destroy, .list_row = list_row,
};
TAB_MODULE_DECLARE(descriptor)

