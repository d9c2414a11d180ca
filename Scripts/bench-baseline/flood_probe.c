/* Scripts/bench's flood probe (issue 36): a module whose start starts a thread that, until destroy
 * stops it, writes lines to its stdout (-DFLOOD=1), calls api->log (-DFLOOD=2), calls api->set_timer
 * (-DFLOOD=3, one of the calls safe from any thread), or does nothing (-DFLOOD=0, the quiet baseline). Its render shows "Flooding". Built with cc -shared -fPIC -pthread
 * against tab_module.h. It stops its thread in destroy, as the ABI asks: in process, a thread left
 * running races the host's exit. */
#include "tab_module.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef FLOOD
#define FLOOD 1
#endif

typedef struct flood {
    const tab_host_api *api;
    tab_host *host;
    pthread_t thread;
    int started, stop;
} flood;

static void *run(void *opaque) {
    flood *self = opaque;
    (void)self;
    char line[64];
    for (unsigned long n = 0; FLOOD != 0 && !__atomic_load_n(&self->stop, __ATOMIC_RELAXED); n++) {
        int size = snprintf(line, sizeof line, "flood line %lu\n", n);
        if (FLOOD == 1) (void)!write(1, line, (size_t)size);
        if (FLOOD == 2) self->api->log(self->host, TAB_LOG_INFO, line);
        if (FLOOD == 3) self->api->set_timer(self->host, "flood", 60000, 0);
    }
    return NULL;
}

static void *create(const tab_host_api *api, tab_host *host) {
    flood *self = calloc(1, sizeof *self);
    if (self != NULL) {
        self->api = api;
        self->host = host;
    }
    return self;
}

static void start(void *opaque, const char *param) {
    flood *self = opaque;
    (void)param;
    if (!self->started) self->started = pthread_create(&self->thread, NULL, run, self) == 0;
}

static void render(void *opaque, tab_view *view) {
    flood *self = opaque;
    self->api->text(view, "Flooding");
}

static void destroy(void *opaque) {
    flood *self = opaque;
    __atomic_store_n(&self->stop, 1, __ATOMIC_RELAXED);
    if (self->started) pthread_join(self->thread, NULL);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "flood", .version = "1.0", .title = "Flood",
    .create = create, .start = start, .render = render, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
