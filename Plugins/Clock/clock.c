/*
 * clock: the local time, HH:MM:SS, updated every second with schedule_tick.
 */
#include "tab_module.h"

#include <stdlib.h>
#include <time.h>

typedef struct clock_tab {
    const tab_host_api *api;
    tab_host *host;
    unsigned ticks;
} clock_tab;

static void *clock_create(const tab_host_api *api, tab_host *host) {
    clock_tab *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    api->schedule_tick(host, 1000);
    return self;
}

static void clock_render(void *opaque, tab_view *view) {
    clock_tab *self = opaque;
    char now[16] = "--:--:--";
    time_t seconds = time(NULL);
    struct tm local;
    if (localtime_r(&seconds, &local) != NULL) strftime(now, sizeof(now), "%H:%M:%S", &local);
    self->api->section(view, "Local time");
    self->api->text(view, now);
}

static void clock_event(void *opaque, const tab_event *event) {
    clock_tab *self = opaque;
    if (event->type == TAB_EVENT_TICK) {
        self->ticks++;
        self->api->schedule_tick(self->host, 1000);
        self->api->invalidate(self->host);
    }
}

static void clock_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "clock",
    .version = "1.0.0",
    .title = "Clock",
    .image = "TabHost_TabExampleClock.resources/assets/clock.svg",
    .glyph = "⌚",
    .create = clock_create,
    .render = clock_render,
    .event = clock_event,
    .destroy = clock_destroy,
};

TAB_MODULE_DECLARE(descriptor)
