/*
 * accountmore: the account's "Profile" tab. Its rows push a screen onto the
 * application's stack, covering the tab bar (Tweetie's More tab): Settings
 * the "settings" toggles, Audience the "followers" table, the others
 * "detail".
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const profile_rows[] = {"Followers", "Following", "Lists", "Settings", "Audience"};
enum { profile_count = sizeof(profile_rows) / sizeof(profile_rows[0]) };

typedef struct accountmore {
    const tab_host_api *api;
    tab_host *host;
    char *account; /* owned copy of the start param */
} accountmore;

static void *accountmore_create(const tab_host_api *api, tab_host *host) {
    accountmore *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void accountmore_start(void *opaque, const char *param) {
    accountmore *self = opaque;
    free(self->account);
    self->account = param != NULL ? strdup(param) : NULL;
    self->api->invalidate(self->host);
}

static void accountmore_render(void *opaque, tab_view *view) {
    accountmore *self = opaque;
    self->api->section(view, self->account != NULL ? self->account : "Profile");
    for (int i = 0; i < profile_count; i++) self->api->row(view, profile_rows[i], NULL, profile_rows[i]);
}

static void accountmore_event(void *opaque, const tab_event *event) {
    accountmore *self = opaque;
    if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    char param[160];
    if (self->account != NULL) {
        snprintf(param, sizeof(param), "%s: %s", self->account, event->action);
    } else {
        snprintf(param, sizeof(param), "%s", event->action);
    }
    /* Settings and Audience are screens of their own, started with the account alone. */
    const char *module = "detail";
    if (strcmp(event->action, "Audience") == 0 || strcmp(event->action, "Settings") == 0) {
        module = strcmp(event->action, "Settings") == 0 ? "settings" : "followers";
        snprintf(param, sizeof(param), "%s", self->account != NULL ? self->account : "");
    }
    if (!self->api->push(self->host, module, param, TAB_PUSH_APP_STACK)) {
        char line[64];
        snprintf(line, sizeof(line), "accountmore: cannot push %s", module);
        self->api->log(self->host, TAB_LOG_ERROR, line);
    }
}

static void accountmore_destroy(void *opaque) {
    accountmore *self = opaque;
    free(self->account);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "accountmore",
    .version = "1.0.0",
    .title = "Profile",
    .image = "TabHost_TabExampleAccountMore.resources/assets/accountmore.svg",
    .glyph = "…",
    .create = accountmore_create,
    .start = accountmore_start,
    .render = accountmore_render,
    .event = accountmore_event,
    .destroy = accountmore_destroy,
};

TAB_MODULE_DECLARE(descriptor)
