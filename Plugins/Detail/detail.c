/*
 * detail: shows the details of whatever start(param) names and sets the
 * title bar to it. Pushed by accountmore, added as a tab by launcher.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct detail {
    const tab_host_api *api;
    tab_host *host;
    char *subject; /* owned copy of the start param */
    unsigned starts; /* how often start was called: add_tab of an existing tab restarts it */
} detail;

static void *detail_create(const tab_host_api *api, tab_host *host) {
    detail *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void detail_start(void *opaque, const char *param) {
    detail *self = opaque;
    free(self->subject);
    self->subject = strdup(param != NULL && param[0] != '\0' ? param : "Nothing");
    self->starts++;
    self->api->set_title(self->host, self->subject != NULL ? self->subject : "Nothing"); /* strdup may fail */
    self->api->invalidate(self->host);
}

static void detail_render(void *opaque, tab_view *view) {
    detail *self = opaque;
    const char *subject = self->subject != NULL ? self->subject : "Nothing";
    self->api->section(view, "Details");
    self->api->row(view, "Subject", subject, NULL);
    char length[32];
    snprintf(length, sizeof(length), "%zu characters", strlen(subject));
    self->api->row(view, "Length", length, NULL);
    char starts[32];
    snprintf(starts, sizeof(starts), "%u", self->starts);
    self->api->row(view, "Started", starts, NULL);
    self->api->image(view, "TabHost_TabExampleDetail.resources/assets/detail.svg", "[detail]");
    self->api->button(view, "Back", "back");
}

static void detail_event(void *opaque, const tab_event *event) {
    detail *self = opaque;
    if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "back") == 0) {
        self->api->pop(self->host);
    }
}

static void detail_destroy(void *opaque) {
    detail *self = opaque;
    free(self->subject);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "detail",
    .version = "1.0.0",
    .title = "Detail",
    .image = "TabHost_TabExampleDetail.resources/assets/detail.svg",
    .glyph = "ℹ",
    .create = detail_create,
    .start = detail_start,
    .render = detail_render,
    .event = detail_event,
    .destroy = detail_destroy,
};

TAB_MODULE_DECLARE(descriptor)
