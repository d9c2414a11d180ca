/*
 * favourites: an account's favourite items. start(param) names the account.
 * Keeps a "seen" counter that survives hot reload (save_state/restore_state)
 * and shows the number of unseen favourites as the tab's badge.
 */
#include "tab_module.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const favourite_items[] = {"Coffee at nine", "The long walk", "Saturday market", "Old letters"};
enum { favourite_count = sizeof(favourite_items) / sizeof(favourite_items[0]) };

typedef struct favourites {
    const tab_host_api *api;
    tab_host *host;
    char *account;  /* owned copy of the start param */
    uint32_t seen;  /* how many favourites were opened; survives reload */
} favourites;

static void favourites_update_badge(favourites *self) {
    uint32_t unseen = self->seen >= favourite_count ? 0 : favourite_count - self->seen;
    if (unseen == 0) {
        self->api->set_badge(self->host, NULL);
    } else {
        char badge[16];
        snprintf(badge, sizeof(badge), "%u", (unsigned)unseen);
        self->api->set_badge(self->host, badge);
    }
}

static void *favourites_create(const tab_host_api *api, tab_host *host) {
    favourites *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void favourites_start(void *opaque, const char *param) {
    favourites *self = opaque;
    free(self->account);
    self->account = strdup(param != NULL && param[0] != '\0' ? param : "nobody");
    favourites_update_badge(self);
    self->api->invalidate(self->host);
}

static void favourites_render(void *opaque, tab_view *view) {
    favourites *self = opaque;
    char header[128];
    snprintf(header, sizeof(header), "%s's favourites", self->account != NULL ? self->account : "nobody");
    self->api->section(view, header);
    for (int i = 0; i < favourite_count; i++) {
        char action[16];
        snprintf(action, sizeof(action), "open:%d", i);
        self->api->row(view, favourite_items[i], (uint32_t)i < self->seen ? "seen" : "new", action);
    }
    char status[64];
    snprintf(status, sizeof(status), "Opened %u time%s.", (unsigned)self->seen, self->seen == 1 ? "" : "s");
    self->api->text(view, status);
}

static void favourites_event(void *opaque, const tab_event *event) {
    favourites *self = opaque;
    if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    if (strncmp(event->action, "open:", 5) == 0) {
        self->seen++;
        favourites_update_badge(self);
        self->api->invalidate(self->host);
    }
}

/* State format: 4 bytes "FAV1" then the counter, little-endian. */
static size_t favourites_save_state(void *opaque, void *buf, size_t cap) {
    favourites *self = opaque;
    unsigned char bytes[8] = {'F', 'A', 'V', '1',
                              (unsigned char)(self->seen), (unsigned char)(self->seen >> 8),
                              (unsigned char)(self->seen >> 16), (unsigned char)(self->seen >> 24)};
    if (cap >= sizeof(bytes)) memcpy(buf, bytes, sizeof(bytes));
    return sizeof(bytes);
}

static int favourites_restore_state(void *opaque, const void *data, size_t len) {
    favourites *self = opaque;
    const unsigned char *bytes = data;
    if (len < 8 || memcmp(bytes, "FAV1", 4) != 0) return 0;
    self->seen = (uint32_t)bytes[4] | (uint32_t)bytes[5] << 8 | (uint32_t)bytes[6] << 16 | (uint32_t)bytes[7] << 24;
    favourites_update_badge(self);
    return 1;
}

static void favourites_destroy(void *opaque) {
    favourites *self = opaque;
    free(self->account);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "favourites",
    .version = "1.0.0",
    .title = "Favourites",
    .image = "TabHost_TabExampleFavourites.resources/assets/favourites.svg",
    .glyph = "★",
    .create = favourites_create,
    .start = favourites_start,
    .render = favourites_render,
    .event = favourites_event,
    .save_state = favourites_save_state,
    .restore_state = favourites_restore_state,
    .destroy = favourites_destroy,
};

TAB_MODULE_DECLARE(descriptor)
