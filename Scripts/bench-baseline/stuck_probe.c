/* Scripts/bench's stuck probe (issue 36): a module named NAME (-DNAME="s1") whose save_state never
 * returns, so every tab of it is stuck once the host asks for its state (the state file's writes ask
 * each module on the host). Its render shows "Stuck NAME". Built with cc -shared -fPIC against
 * tab_module.h. */
#include "tab_module.h"
#include <stdlib.h>
#include <unistd.h>

#ifndef NAME
#define NAME "s1"
#endif

typedef struct stuck {
    const tab_host_api *api;
    tab_host *host;
} stuck;

static void *create(const tab_host_api *api, tab_host *host) {
    stuck *self = calloc(1, sizeof *self);
    if (self != NULL) {
        self->api = api;
        self->host = host;
    }
    return self;
}

static void render(void *opaque, tab_view *view) {
    stuck *self = opaque;
    self->api->text(view, "Stuck " NAME);
}

static size_t save_state(void *opaque, void *buffer, size_t capacity) {
    (void)opaque;
    (void)buffer;
    (void)capacity;
    for (;;) sleep(60);
    return 0;
}

static void destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = NAME, .version = "1.0", .title = NAME,
    .create = create, .render = render, .save_state = save_state, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
