extension IsolationModules {
    /// "poison": counts, saves and restores its count, and crashes in `restore_state` when the state
    /// it is given holds 666 (the "poison" action sets it), as a module whose saved state breaks it
    /// does. "segv" crashes it in `event`. Its render shows "count N".
    static let poison = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct poison { const tab_host_api *api; tab_host *host; int count; } poison;

        static void *create(const tab_host_api *api, tab_host *host) {
            poison *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            poison *self = opaque;
            char line[64];
            snprintf(line, sizeof line, "count %d", self->count);
            self->api->text(view, line);
        }
        static void event(void *opaque, const tab_event *e) {
            poison *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strcmp(e->action, "count") == 0) self->count++;
            else if (strcmp(e->action, "poison") == 0) self->count = 666;
            else if (strcmp(e->action, "segv") == 0) { volatile int *nowhere = NULL; *nowhere = 1; }
            self->api->invalidate(self->host);
        }
        static size_t save_state(void *opaque, void *buf, size_t cap) {
            poison *self = opaque;
            if (cap >= sizeof self->count) memcpy(buf, &self->count, sizeof self->count);
            return sizeof self->count;
        }
        static int restore_state(void *opaque, const void *data, size_t len) {
            poison *self = opaque;
            if (len != sizeof self->count) return 0;
            memcpy(&self->count, data, len);
            if (self->count == 666) { volatile int *nowhere = NULL; *nowhere = 1; }
            return 1;
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "poison", .title = "Poison",
            .create = create, .render = render, .event = event,
            .save_state = save_state, .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
