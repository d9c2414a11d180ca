/* Scripts/bench's flood probe (issue 36): a module whose start starts a thread that, until destroy
 * stops it, writes lines to its stdout (-DFLOOD=1), calls api->log (-DFLOOD=2), calls api->set_timer
 * (-DFLOOD=3, one of the calls safe from any thread), calls every call safe from any thread in turn from
 * eight threads (-DFLOOD=4: invalidate, schedule_tick, set_timer, cancel_timer, save_soon, log), or does
 * nothing (-DFLOOD=0, the quiet baseline). Its render shows "Flooding". Built with cc -shared -fPIC -pthread
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

enum { THREADS = FLOOD == 4 ? 8 : 1 };

typedef struct flood {
    const tab_host_api *api;
    tab_host *host;
    pthread_t threads[THREADS];
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
        if (FLOOD == 4) {
            self->api->invalidate(self->host);
            self->api->schedule_tick(self->host, 0);
            self->api->set_timer(self->host, "flood", 60000, 0);
            self->api->cancel_timer(self->host, "flood");
            self->api->save_soon(self->host);
            self->api->log(self->host, TAB_LOG_INFO, line);
        }
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
    while (self->started < THREADS && pthread_create(&self->threads[self->started], NULL, run, self) == 0) self->started++;
}

static void render(void *opaque, tab_view *view) {
    flood *self = opaque;
    self->api->text(view, "Flooding");
}

static void destroy(void *opaque) {
    flood *self = opaque;
    __atomic_store_n(&self->stop, 1, __ATOMIC_RELAXED);
    for (int i = 0; i < self->started; i++) pthread_join(self->threads[i], NULL);
    free(self);
}

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "flood", .version = "1.0", .title = "Flood",
    .create = create, .start = start, .render = render, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
