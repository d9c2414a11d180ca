/*
 * settings: an account's settings (More → Settings, pushed onto the application's stack).
 * Each toggle arrives as TAB_EVENT_TOGGLE with "1" or "0"; the choices survive hot reload
 * and restoration (save_state/restore_state).
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct setting {
    const char *id;
    const char *label;
    int on_by_default;
} setting;

static const setting settings_list[] = {
    {"notifications", "Notifications", 1},
    {"sounds", "Sounds", 0},
    {"autoplay", "Play videos automatically", 0},
    {"private", "Protect my tweets", 0},
};
enum { setting_count = sizeof(settings_list) / sizeof(settings_list[0]) };

typedef struct settings {
    const tab_host_api *api;
    tab_host *host;
    char *account;             /* owned copy of the start param */
    int on[setting_count];
} settings;

static void *settings_create(const tab_host_api *api, tab_host *host) {
    settings *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    for (int i = 0; i < setting_count; i++) self->on[i] = settings_list[i].on_by_default;
    return self;
}

static void settings_start(void *opaque, const char *param) {
    settings *self = opaque;
    free(self->account);
    self->account = param != NULL ? strdup(param) : NULL;
    self->api->invalidate(self->host);
}

static void settings_render(void *opaque, tab_view *view) {
    settings *self = opaque;
    self->api->section(view, self->account != NULL ? self->account : "Settings");
    for (int i = 0; i < setting_count; i++) self->api->toggle(view, settings_list[i].id, settings_list[i].label, self->on[i]);
    if (self->on[3]) {
        self->api->style(view, TAB_STYLE_SUCCESS);
        self->api->text(view, "Only your followers see your tweets.");
    }
    if (!self->on[0]) {
        self->api->style(view, TAB_STYLE_WARNING);
        self->api->text(view, "You will not hear about replies.");
    }
}

static void settings_event(void *opaque, const tab_event *event) {
    settings *self = opaque;
    if (event->type != TAB_EVENT_TOGGLE || event->action == NULL || event->value == NULL) return;
    for (int i = 0; i < setting_count; i++) {
        if (strcmp(event->action, settings_list[i].id) == 0) {
            self->on[i] = strcmp(event->value, "1") == 0;
            self->api->invalidate(self->host);
            return;
        }
    }
}

/* State: "SET1" then one byte per setting, in the order of settings_list. */
static size_t settings_save_state(void *opaque, void *buf, size_t cap) {
    settings *self = opaque;
    if (4 + setting_count <= cap) {
        unsigned char *out = buf;
        memcpy(out, "SET1", 4);
        for (int i = 0; i < setting_count; i++) out[4 + i] = (unsigned char)self->on[i];
    }
    return 4 + setting_count;
}

static int settings_restore_state(void *opaque, const void *data, size_t len) {
    settings *self = opaque;
    const unsigned char *in = data;
    if (len < 4 || memcmp(in, "SET1", 4) != 0) return 0;
    /* An older version may have saved fewer settings: the rest keep their defaults. */
    for (size_t i = 0; i < setting_count && 4 + i < len; i++) self->on[i] = in[4 + i] != 0;
    self->api->invalidate(self->host);
    return 1;
}

static void settings_destroy(void *opaque) {
    settings *self = opaque;
    free(self->account);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "settings",
    .version = "1.2.0",
    .title = "Settings",
    .image = "TabHost_TabExampleSettings.resources/assets/settings.svg",
    .glyph = "⚙",
    .create = settings_create,
    .start = settings_start,
    .render = settings_render,
    .event = settings_event,
    .save_state = settings_save_state,
    .restore_state = settings_restore_state,
    .destroy = settings_destroy,
};

TAB_MODULE_DECLARE(descriptor)
