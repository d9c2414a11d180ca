/*
 * search: finds tweets as one types (Tweetie's Search tab). Each edit of the query field
 * arrives as TAB_EVENT_TEXT with the whole text; the list is filtered again and redrawn.
 * The query survives hot reload (save_state/restore_state).
 */
#include "tab_module.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tweet {
    const char *author;
    const char *text;
} tweet;

static const tweet tweets[] = {
    {"@jill", "Coffee at nine, then the long walk."},
    {"@john", "Saturday market had the good tomatoes again."},
    {"@jack", "Found a box of old letters in the attic."},
    {"@jill", "Who else is reading on the train today?"},
    {"@jack", "The long walk is longer in the rain."},
    {"@john", "Tomatoes, basil, bread: dinner is solved."},
};
enum { tweet_count = sizeof(tweets) / sizeof(tweets[0]) };

typedef struct search {
    const tab_host_api *api;
    tab_host *host;
    char *query; /* owned: the field's text as TAB_EVENT_TEXT last sent it; NULL when empty */
} search;

/* Whether `needle` occurs in `haystack`, ignoring ASCII case. */
static int contains_ignoring_case(const char *haystack, const char *needle) {
    size_t n = strlen(needle);
    for (; *haystack != '\0'; haystack++) {
        size_t i = 0;
        while (i < n && haystack[i] != '\0' && tolower((unsigned char)haystack[i]) == tolower((unsigned char)needle[i])) i++;
        if (i == n) return 1;
    }
    return n == 0;
}

static void *search_create(const tab_host_api *api, tab_host *host) {
    search *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void search_render(void *opaque, tab_view *view) {
    search *self = opaque;
    /* ABI 1.3: `/` puts the focus back on the field, from anywhere on the screen. */
    self->api->shortcut(view, '/', "Search", "find");
    self->api->text_field(view, "query", self->query, "Search tweets", 0);
    const char *query = self->query != NULL ? self->query : "";
    int found = 0;
    for (int i = 0; i < tweet_count; i++) {
        if (!contains_ignoring_case(tweets[i].text, query) && !contains_ignoring_case(tweets[i].author, query)) continue;
        if (found++ == 0) self->api->section(view, query[0] != '\0' ? "Results" : "All tweets");
        self->api->row(view, tweets[i].text, tweets[i].author, NULL);
    }
    char summary[64];
    if (found == 0) {
        snprintf(summary, sizeof(summary), "No tweet matches.");
    } else {
        snprintf(summary, sizeof(summary), "%d of %d tweets", found, tweet_count);
    }
    self->api->style(view, TAB_STYLE_DIM);
    self->api->text(view, summary);
}

static void search_event(void *opaque, const tab_event *event) {
    search *self = opaque;
    if ((event->type == TAB_EVENT_TEXT || event->type == TAB_EVENT_SUBMIT) && event->action != NULL &&
        strcmp(event->action, "query") == 0) {
        free(self->query);
        self->query = event->value != NULL && event->value[0] != '\0' ? strdup(event->value) : NULL;
        self->api->invalidate(self->host);
    } else if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "find") == 0) {
        self->api->focus(self->host, "query");
    }
}

/* State: "SRC1" then the query's bytes (none when empty). */
static size_t search_save_state(void *opaque, void *buf, size_t cap) {
    search *self = opaque;
    size_t len = self->query != NULL ? strlen(self->query) : 0;
    if (4 + len <= cap) {
        memcpy(buf, "SRC1", 4);
        if (len > 0) memcpy((char *)buf + 4, self->query, len);
    }
    return 4 + len;
}

static int search_restore_state(void *opaque, const void *data, size_t len) {
    search *self = opaque;
    if (len < 4 || memcmp(data, "SRC1", 4) != 0) return 0;
    free(self->query);
    self->query = NULL;
    if (len > 4) {
        self->query = malloc(len - 4 + 1);
        if (self->query == NULL) return 0;
        memcpy(self->query, (const char *)data + 4, len - 4);
        self->query[len - 4] = '\0';
    }
    self->api->invalidate(self->host);
    return 1;
}

static void search_destroy(void *opaque) {
    search *self = opaque;
    free(self->query);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "search",
    .version = "1.2.0",
    .title = "Search",
    .image = "TabHost_TabExampleSearch.resources/assets/search.svg",
    .glyph = "⌕",
    .create = search_create,
    .render = search_render,
    .event = search_event,
    .save_state = search_save_state,
    .restore_state = search_restore_state,
    .destroy = search_destroy,
};

TAB_MODULE_DECLARE(descriptor)
