/*
 * followers: an account's followers as a table (More → Followers, pushed onto the
 * application's stack). Each row has a "Remove" row action; removing asks first with an
 * alert, and the answer (TAB_EVENT_ALERT, the button's label) removes the row. Removed
 * followers stay removed across hot reload and restoration.
 */
#include "tab_module.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct follower {
    const char *name;
    const char *handle;
    const char *since;
    const char *tweets;
} follower;

static const follower follower_list[] = {
    {"Jill Hill", "@jill", "2009-03", "1,204"},
    {"John Doe", "@john", "2011-07", "87"},
    {"Ada Lovelace", "@ada", "2012-12", "10,815"},
    {"Grace Hopper", "@grace", "2015-01", "3,306"},
};
enum { follower_count = sizeof(follower_list) / sizeof(follower_list[0]) };

typedef struct followers {
    const tab_host_api *api;
    tab_host *host;
    char *account;    /* owned copy of the start param */
    uint32_t removed; /* bit i: follower i was removed */
} followers;

static void *followers_create(const tab_host_api *api, tab_host *host) {
    followers *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void followers_start(void *opaque, const char *param) {
    followers *self = opaque;
    free(self->account);
    self->account = param != NULL ? strdup(param) : NULL;
    self->api->invalidate(self->host);
}

static void followers_render(void *opaque, tab_view *view) {
    followers *self = opaque;
    static const char *const headers[] = {"Name", "Handle", "Since", "Tweets"};
    int shown = 0;
    for (int i = 0; i < follower_count; i++) {
        if (self->removed & (1u << i)) continue;
        if (shown++ == 0) self->api->columns(view, headers, 4);
        const char *cells[] = {follower_list[i].name, follower_list[i].handle, follower_list[i].since, follower_list[i].tweets};
        char open[32], remove[32];
        snprintf(open, sizeof(open), "open:%d", i);
        snprintf(remove, sizeof(remove), "remove:%d", i);
        self->api->style(view, TAB_STYLE_MONOSPACE); /* figures line up */
        self->api->cells(view, cells, 4, open);
        self->api->row_action(view, "Remove", remove);
    }
    if (shown == 0) {
        self->api->style(view, TAB_STYLE_DIM);
        self->api->text(view, "No followers left.");
    }
}

static void followers_event(void *opaque, const tab_event *event) {
    followers *self = opaque;
    if (event->action == NULL) return;
    int i = -1;
    if (event->type == TAB_EVENT_ACTION && sscanf(event->action, "remove:%d", &i) == 1 && i >= 0 && i < follower_count) {
        /* Ask first: the alert's id says whom, the answer comes back as TAB_EVENT_ALERT. */
        char title[96];
        snprintf(title, sizeof(title), "Remove %s?", follower_list[i].handle);
        static const char *const buttons[] = {"Remove", "Cancel"};
        self->api->alert(self->host, event->action, title, "They will not be told.", buttons, 2);
    } else if (event->type == TAB_EVENT_ACTION && sscanf(event->action, "open:%d", &i) == 1 && i >= 0 && i < follower_count) {
        if (!self->api->push(self->host, "detail", follower_list[i].handle, TAB_PUSH_OWN_STACK)) {
            self->api->log(self->host, TAB_LOG_ERROR, "followers: cannot push detail");
        }
    } else if (event->type == TAB_EVENT_ALERT && event->value != NULL && strcmp(event->value, "Remove") == 0 &&
               sscanf(event->action, "remove:%d", &i) == 1 && i >= 0 && i < follower_count) {
        self->removed |= 1u << i;
        self->api->invalidate(self->host);
    }
}

/* State: "FLW1" then the removed bits (4 bytes, little-endian). */
static size_t followers_save_state(void *opaque, void *buf, size_t cap) {
    followers *self = opaque;
    unsigned char bytes[8] = {'F', 'L', 'W', '1', (unsigned char)self->removed, (unsigned char)(self->removed >> 8),
                              (unsigned char)(self->removed >> 16), (unsigned char)(self->removed >> 24)};
    if (sizeof(bytes) <= cap) memcpy(buf, bytes, sizeof(bytes));
    return sizeof(bytes);
}

static int followers_restore_state(void *opaque, const void *data, size_t len) {
    followers *self = opaque;
    const unsigned char *in = data;
    if (len < 8 || memcmp(in, "FLW1", 4) != 0) return 0;
    self->removed = (uint32_t)in[4] | (uint32_t)in[5] << 8 | (uint32_t)in[6] << 16 | (uint32_t)in[7] << 24;
    self->api->invalidate(self->host);
    return 1;
}

static void followers_destroy(void *opaque) {
    followers *self = opaque;
    free(self->account);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "followers",
    .version = "1.2.0",
    .title = "Followers",
    .image = "TabHost_TabExampleFollowers.resources/assets/followers.svg",
    .glyph = "☷",
    .create = followers_create,
    .start = followers_start,
    .render = followers_render,
    .event = followers_event,
    .save_state = followers_save_state,
    .restore_state = followers_restore_state,
    .destroy = followers_destroy,
};

TAB_MODULE_DECLARE(descriptor)
