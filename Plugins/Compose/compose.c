/*
 * compose: a new tweet, presented modally by the timeline (start(param) names the account).
 * A multi-line text field holds the draft; Post and Cancel are title-bar buttons (ABI 1.3), Post
 * disabled past 280 characters. Post gives the draft to `finish` (the timeline gets it as
 * TAB_EVENT_RESULT), Cancel finishes with NULL. Esc on the guarded modal sends TAB_EVENT_DISMISS:
 * an empty draft closes, a written one asks first. The draft survives hot reload.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters (Unicode scalars) a tweet may hold. */
enum { tweet_limit = 280 };

typedef struct compose {
    const tab_host_api *api;
    tab_host *host;
    char *account; /* owned copy of the start param */
    char *draft;   /* owned: the last text TAB_EVENT_TEXT sent; NULL when empty */
    int tried_empty;
} compose;

/* The number of Unicode scalars in UTF-8 `s`: every byte that does not continue a sequence. */
static size_t scalar_count(const char *s) {
    size_t n = 0;
    for (; s != NULL && *s != '\0'; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void *compose_create(const tab_host_api *api, tab_host *host) {
    compose *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void compose_start(void *opaque, const char *param) {
    compose *self = opaque;
    free(self->account);
    self->account = param != NULL ? strdup(param) : NULL;
    char title[96];
    snprintf(title, sizeof(title), "New tweet%s%s", self->account != NULL ? " as " : "", self->account != NULL ? self->account : "");
    self->api->set_title(self->host, title);
    self->api->invalidate(self->host);
}

static void compose_render(void *opaque, tab_view *view) {
    compose *self = opaque;
    size_t used = scalar_count(self->draft);
    self->api->bar_button(view, "Cancel", "cancel", TAB_BAR_LEADING);
    self->api->enabled(view, used <= tweet_limit);
    self->api->bar_button(view, "Post", "post", TAB_BAR_TRAILING);
    self->api->text_field(view, "body", self->draft, "What's happening?", TAB_FIELD_MULTILINE);
    char count[64];
    snprintf(count, sizeof(count), "%zu/%d", used, tweet_limit);
    if (used > tweet_limit) {
        self->api->style(view, TAB_STYLE_ERROR | TAB_STYLE_MONOSPACE);
    } else if (used > tweet_limit - 20) {
        self->api->style(view, TAB_STYLE_WARNING | TAB_STYLE_MONOSPACE);
    } else {
        self->api->style(view, TAB_STYLE_DIM | TAB_STYLE_MONOSPACE);
    }
    self->api->text(view, count);
    if (self->tried_empty) {
        self->api->style(view, TAB_STYLE_ERROR);
        self->api->text(view, "Write something first.");
    }
}

static void compose_event(void *opaque, const tab_event *event) {
    compose *self = opaque;
    if (event->type == TAB_EVENT_TEXT && event->action != NULL && strcmp(event->action, "body") == 0) {
        free(self->draft);
        self->draft = event->value != NULL && event->value[0] != '\0' ? strdup(event->value) : NULL;
        self->tried_empty = 0;
        self->api->invalidate(self->host); /* the counter changes */
    } else if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "post") == 0) {
        if (self->draft == NULL) {
            self->tried_empty = 1;
            self->api->invalidate(self->host);
        } else if (scalar_count(self->draft) <= tweet_limit) {
            self->api->finish(self->host, self->draft);
        }
    } else if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "cancel") == 0) {
        self->api->finish(self->host, NULL);
    } else if (event->type == TAB_EVENT_DISMISS) {
        if (self->draft == NULL) {
            self->api->finish(self->host, NULL);
        } else {
            const char *buttons[] = {"Discard", "Keep editing"};
            self->api->alert(self->host, "discard", "Discard this tweet?", NULL, buttons, 2);
        }
    } else if (event->type == TAB_EVENT_ALERT && event->action != NULL && strcmp(event->action, "discard") == 0 &&
               event->value != NULL && strcmp(event->value, "Discard") == 0) {
        self->api->finish(self->host, NULL);
    }
}

/* State: "CMP1" then the draft's bytes (none when empty). */
static size_t compose_save_state(void *opaque, void *buf, size_t cap) {
    compose *self = opaque;
    size_t len = self->draft != NULL ? strlen(self->draft) : 0;
    if (4 + len <= cap) {
        memcpy(buf, "CMP1", 4);
        if (len > 0) memcpy((char *)buf + 4, self->draft, len);
    }
    return 4 + len;
}

static int compose_restore_state(void *opaque, const void *data, size_t len) {
    compose *self = opaque;
    if (len < 4 || memcmp(data, "CMP1", 4) != 0) return 0;
    free(self->draft);
    self->draft = NULL;
    if (len > 4) {
        self->draft = malloc(len - 4 + 1);
        if (self->draft == NULL) return 0;
        memcpy(self->draft, (const char *)data + 4, len - 4);
        self->draft[len - 4] = '\0';
    }
    self->api->invalidate(self->host);
    return 1;
}

static void compose_destroy(void *opaque) {
    compose *self = opaque;
    free(self->account);
    free(self->draft);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "compose",
    .version = "1.3.0",
    .title = "New tweet",
    .image = "TabHost_TabExampleCompose.resources/assets/compose.svg",
    .glyph = "✎",
    .create = compose_create,
    .start = compose_start,
    .render = compose_render,
    .event = compose_event,
    .save_state = compose_save_state,
    .restore_state = compose_restore_state,
    .destroy = compose_destroy,
};

TAB_MODULE_DECLARE(descriptor)
