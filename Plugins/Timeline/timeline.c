/*
 * timeline: an account's tweets (Tweetie's Timeline tab). start(param) names the account.
 * Compose presents the "compose" module modally, guarded (ABI 1.3: Esc asks compose first) and
 * tagged "compose"; what it gives `finish` comes back as TAB_EVENT_RESULT, goes to the top of the
 * timeline and says "Posted" in a toast. The timeline is a lazy list (ABI 1.3) of the posted tweets
 * and 100,000 generated ones, each with a Copy row action. Posted tweets survive hot reload and
 * restoration (save_state/restore_state).
 */
#include "tab_module.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct seed_tweet {
    const char *author;
    const char *text;
} seed_tweet;

static const seed_tweet seed_tweets[] = {
    {"@jill", "Coffee at nine, then the long walk."},
    {"@john", "Saturday market had the good tomatoes again."},
    {"@jack", "Found a box of old letters in the attic."},
    {"@jill", "Who else is reading on the train today?"},
};
enum { seed_count = sizeof(seed_tweets) / sizeof(seed_tweets[0]) };

/* Posted tweets kept, newest first; older ones fall off the end. */
enum { max_posted = 32 };
/* Generated tweets below the posted ones: the first few are the seed tweets themselves. */
enum { generated_count = 100000 };

typedef struct timeline {
    const tab_host_api *api;
    tab_host *host;
    char *account;             /* owned copy of the start param */
    char *posted[max_posted];  /* owned, newest first */
    size_t posted_count;
    int discarded;             /* the last compose ended without a tweet */
} timeline;

static void *timeline_create(const tab_host_api *api, tab_host *host) {
    timeline *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void timeline_start(void *opaque, const char *param) {
    timeline *self = opaque;
    free(self->account);
    self->account = strdup(param != NULL && param[0] != '\0' ? param : "me");
    self->api->invalidate(self->host);
}

/* Puts a copy of `text` at the top; the oldest posted tweet falls off when full. */
static void timeline_add(timeline *self, const char *text) {
    char *copy = strdup(text);
    if (copy == NULL) return;
    if (self->posted_count == max_posted) free(self->posted[--self->posted_count]);
    memmove(&self->posted[1], &self->posted[0], self->posted_count * sizeof(self->posted[0]));
    self->posted[0] = copy;
    self->posted_count++;
}

/* Tweet `index` of the list: a posted one, else a generated one (text into `buf`), and its author. */
static const char *timeline_tweet(timeline *self, size_t index, char *buf, size_t cap, const char **author) {
    if (index < self->posted_count) {
        *author = NULL;
        return self->posted[index];
    }
    size_t g = index - self->posted_count;
    *author = seed_tweets[g % seed_count].author;
    if (g < seed_count) return seed_tweets[g].text;
    snprintf(buf, cap, "%s (#%zu)", seed_tweets[g % seed_count].text, g);
    return buf;
}

static void timeline_render(void *opaque, tab_view *view) {
    timeline *self = opaque;
    const char *account = self->account != NULL ? self->account : "me";
    self->api->button(view, "Compose", "compose");
    if (self->discarded) {
        self->api->style(view, TAB_STYLE_DIM);
        self->api->text(view, "Draft discarded.");
    }
    self->api->section(view, "Timeline");
    char handle[80];
    snprintf(handle, sizeof(handle), "@%s", account);
    const char *runs[] = {"Tweets of ", handle};
    const uint32_t styles[] = {0, TAB_STYLE_BOLD};
    self->api->spans(view, runs, styles, 2);
    self->api->list(view, "tweets", self->posted_count + generated_count);
    char count[48];
    snprintf(count, sizeof(count), "%zu tweets", self->posted_count + generated_count);
    self->api->style(view, TAB_STYLE_DIM);
    self->api->text(view, count);
}

/* One row of the lazy list: the tweet, its author, and Copy. */
static void timeline_list_row(void *opaque, const char *id, size_t index, tab_view *view) {
    timeline *self = opaque;
    (void)id;
    char text[160], handle[80], copy[32], open[32];
    const char *author;
    const char *tweet = timeline_tweet(self, index, text, sizeof(text), &author);
    if (author == NULL) {
        snprintf(handle, sizeof(handle), "@%s", self->account != NULL ? self->account : "me");
        author = handle;
    }
    snprintf(copy, sizeof(copy), "copy:%zu", index);
    snprintf(open, sizeof(open), "open:%zu", index);
    self->api->row(view, tweet, author, open);
    self->api->row_action(view, "Copy", copy);
}

static void timeline_event(void *opaque, const tab_event *event) {
    timeline *self = opaque;
    if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "compose") == 0) {
        if (!self->api->present_for_result(self->host, "compose", self->account, "compose", TAB_PRESENT_CONFIRM_DISMISS)) {
            self->api->log(self->host, TAB_LOG_ERROR, "timeline: cannot present compose");
        }
    } else if (event->type == TAB_EVENT_ACTION && event->action != NULL && strncmp(event->action, "open:", 5) == 0) {
        char text[160];
        const char *author;
        size_t index = strtoul(event->action + 5, NULL, 10);
        if (index < self->posted_count + generated_count)
            self->api->push(self->host, "detail", timeline_tweet(self, index, text, sizeof(text), &author), TAB_PUSH_OWN_STACK);
    } else if (event->type == TAB_EVENT_ACTION && event->action != NULL && strncmp(event->action, "copy:", 5) == 0) {
        char text[160];
        const char *author;
        size_t index = strtoul(event->action + 5, NULL, 10);
        if (index < self->posted_count + generated_count) {
            self->api->copy_text(self->host, timeline_tweet(self, index, text, sizeof(text), &author));
            self->api->toast(self->host, "Copied", 0);
        }
    } else if (event->type == TAB_EVENT_RESULT && event->action != NULL && strcmp(event->action, "compose") == 0) {
        /* NULL: the user cancelled (or went back); "": nothing was written. */
        self->discarded = event->value == NULL || event->value[0] == '\0';
        if (!self->discarded) {
            timeline_add(self, event->value);
            self->api->toast(self->host, "Posted", TAB_STYLE_SUCCESS);
        }
        self->api->invalidate(self->host);
    }
}

/*
 * State: "TLN1", the count (1 byte), then each posted tweet, oldest first, as a 4-byte
 * little-endian length and its bytes.
 */
static size_t timeline_save_state(void *opaque, void *buf, size_t cap) {
    timeline *self = opaque;
    size_t needed = 5;
    for (size_t i = 0; i < self->posted_count; i++) needed += 4 + strlen(self->posted[i]);
    if (needed > cap) return needed;
    unsigned char *out = buf;
    memcpy(out, "TLN1", 4);
    out[4] = (unsigned char)self->posted_count;
    out += 5;
    for (size_t i = self->posted_count; i-- > 0;) {
        uint32_t len = (uint32_t)strlen(self->posted[i]);
        for (int b = 0; b < 4; b++) *out++ = (unsigned char)(len >> (8 * b));
        memcpy(out, self->posted[i], len);
        out += len;
    }
    return needed;
}

static int timeline_restore_state(void *opaque, const void *data, size_t len) {
    timeline *self = opaque;
    const unsigned char *in = data;
    if (len < 5 || memcmp(in, "TLN1", 4) != 0) return 0;
    size_t count = in[4], at = 5;
    for (size_t i = 0; i < count; i++) {
        if (len - at < 4) return 0;
        uint32_t n = (uint32_t)in[at] | (uint32_t)in[at + 1] << 8 | (uint32_t)in[at + 2] << 16 | (uint32_t)in[at + 3] << 24;
        at += 4;
        if (len - at < n) return 0;
        char *text = malloc((size_t)n + 1);
        if (text == NULL) return 0;
        memcpy(text, in + at, n);
        text[n] = '\0';
        at += n;
        timeline_add(self, text);
        free(text);
    }
    self->api->invalidate(self->host);
    return 1;
}

static void timeline_destroy(void *opaque) {
    timeline *self = opaque;
    for (size_t i = 0; i < self->posted_count; i++) free(self->posted[i]);
    free(self->account);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "timeline",
    .version = "1.3.0",
    .title = "Timeline",
    .image = "TabHost_TabExampleTimeline.resources/assets/timeline.svg",
    .glyph = "≡",
    .create = timeline_create,
    .start = timeline_start,
    .render = timeline_render,
    .event = timeline_event,
    .save_state = timeline_save_state,
    .restore_state = timeline_restore_state,
    .destroy = timeline_destroy,
    .list_row = timeline_list_row,
};

TAB_MODULE_DECLARE(descriptor)
