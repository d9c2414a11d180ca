/*
 * downloads: two pretend downloads, each advanced by its own repeating timer (set_timer) and
 * shown as a progress bar; either can be cancelled (cancel_timer) and started again. A
 * download waiting for its first step shows an indeterminate bar. Progress survives hot
 * reload and restoration: a running download's timer is set again by restore_state.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct download_spec {
    const char *timer;    /* the timer id, also the action suffix */
    const char *name;     /* what is downloaded */
    uint32_t every_ms;    /* how often it advances */
    unsigned step;        /* by how many per mille */
} download_spec;

static const download_spec specs[] = {
    {"archive", "tweets-archive.zip", 200, 25},
    {"media", "media-export.tar", 350, 15},
};
enum { download_count = sizeof(specs) / sizeof(specs[0]) };

enum download_phase { PHASE_IDLE = 0, PHASE_WAITING, PHASE_RUNNING, PHASE_DONE, PHASE_CANCELLED };

typedef struct downloads {
    const tab_host_api *api;
    tab_host *host;
    unsigned per_mille[download_count];
    unsigned char phase[download_count]; /* enum download_phase */
} downloads;

static void downloads_start_one(downloads *self, int i) {
    self->per_mille[i] = 0;
    self->phase[i] = PHASE_WAITING;
    /* The first step comes after a pause (shown as an indeterminate bar), then one per interval. */
    self->api->set_timer(self->host, specs[i].timer, 1000, specs[i].every_ms);
}

static void *downloads_create(const tab_host_api *api, tab_host *host) {
    downloads *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void downloads_render(void *opaque, tab_view *view) {
    downloads *self = opaque;
    for (int i = 0; i < download_count; i++) {
        self->api->section(view, specs[i].name);
        char label[32], action[32];
        switch (self->phase[i]) {
        case PHASE_IDLE:
            snprintf(action, sizeof(action), "start:%s", specs[i].timer);
            self->api->button(view, "Download", action);
            break;
        case PHASE_WAITING:
        case PHASE_RUNNING:
            if (self->phase[i] == PHASE_WAITING) {
                self->api->progress(view, "Connecting…", -1);
            } else {
                snprintf(label, sizeof(label), "%u%%", self->per_mille[i] / 10);
                self->api->progress(view, label, self->per_mille[i] / 1000.0);
            }
            snprintf(action, sizeof(action), "cancel:%s", specs[i].timer);
            self->api->button(view, "Cancel", action);
            break;
        case PHASE_DONE:
            self->api->progress(view, "100%", 1);
            self->api->style(view, TAB_STYLE_SUCCESS);
            self->api->text(view, "Downloaded.");
            break;
        default:
            self->api->style(view, TAB_STYLE_ERROR);
            self->api->text(view, "Cancelled.");
            snprintf(action, sizeof(action), "start:%s", specs[i].timer);
            self->api->button(view, "Download again", action);
            break;
        }
    }
}

static void downloads_event(void *opaque, const tab_event *event) {
    downloads *self = opaque;
    if (event->action == NULL) return;
    for (int i = 0; i < download_count; i++) {
        const char *id = specs[i].timer;
        if (event->type == TAB_EVENT_TIMER && strcmp(event->action, id) == 0) {
            if (self->phase[i] != PHASE_WAITING && self->phase[i] != PHASE_RUNNING) return;
            self->phase[i] = PHASE_RUNNING;
            self->per_mille[i] += specs[i].step;
            if (self->per_mille[i] >= 1000) {
                self->per_mille[i] = 1000;
                self->phase[i] = PHASE_DONE;
                self->api->cancel_timer(self->host, id);
                char line[96];
                snprintf(line, sizeof(line), "downloads: %s finished", specs[i].name);
                self->api->log(self->host, TAB_LOG_INFO, line);
                /* A finished download is worth keeping at once, not only at the next save. */
                self->api->save_soon(self->host);
            }
            self->api->invalidate(self->host);
            return;
        }
        if (event->type != TAB_EVENT_ACTION || strchr(event->action, ':') == NULL || strcmp(strchr(event->action, ':') + 1, id) != 0) {
            continue;
        }
        if (strncmp(event->action, "start:", 6) == 0) {
            downloads_start_one(self, i);
        } else if (strncmp(event->action, "cancel:", 7) == 0) {
            self->api->cancel_timer(self->host, id);
            self->phase[i] = PHASE_CANCELLED;
        }
        self->api->invalidate(self->host);
        return;
    }
}

/* State: "DLS1" then, per download, its phase and its per mille (2 bytes, little-endian). */
static size_t downloads_save_state(void *opaque, void *buf, size_t cap) {
    downloads *self = opaque;
    size_t needed = 4 + 3 * download_count;
    if (needed <= cap) {
        unsigned char *out = buf;
        memcpy(out, "DLS1", 4);
        for (int i = 0; i < download_count; i++) {
            out[4 + 3 * i] = self->phase[i];
            out[5 + 3 * i] = (unsigned char)self->per_mille[i];
            out[6 + 3 * i] = (unsigned char)(self->per_mille[i] >> 8);
        }
    }
    return needed;
}

static int downloads_restore_state(void *opaque, const void *data, size_t len) {
    downloads *self = opaque;
    const unsigned char *in = data;
    if (len < 4 + 3 * download_count || memcmp(in, "DLS1", 4) != 0) return 0;
    for (int i = 0; i < download_count; i++) {
        unsigned phase = in[4 + 3 * i], per_mille = in[5 + 3 * i] | (unsigned)in[6 + 3 * i] << 8;
        if (phase > PHASE_CANCELLED || per_mille > 1000) return 0;
        self->phase[i] = (unsigned char)phase;
        self->per_mille[i] = per_mille;
        /* Timers belong to the old instance: a download under way needs its own again. */
        if (phase == PHASE_WAITING || phase == PHASE_RUNNING) {
            self->api->set_timer(self->host, specs[i].timer, specs[i].every_ms, specs[i].every_ms);
        }
    }
    self->api->invalidate(self->host);
    return 1;
}

static void downloads_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "downloads",
    .version = "1.2.0",
    .title = "Downloads",
    .image = "TabHost_TabExampleDownloads.resources/assets/downloads.svg",
    .glyph = "↓",
    .create = downloads_create,
    .render = downloads_render,
    .event = downloads_event,
    .save_state = downloads_save_state,
    .restore_state = downloads_restore_state,
    .destroy = downloads_destroy,
};

TAB_MODULE_DECLARE(descriptor)
