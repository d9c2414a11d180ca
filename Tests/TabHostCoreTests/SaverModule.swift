/// C source of "saver", a 1.2 module built from the header alone whose state is a count: `bump`
/// adds one (and invalidates), `segv` crashes it, `save_state` writes the count and `restore_state`
/// reads it back. Its screen says "count N".
enum SaverModule {
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct saver { const tab_host_api *api; tab_host *host; int count; } saver;

        static void *create(const tab_host_api *api, tab_host *host) {
            saver *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            saver *self = opaque;
            char line[32];
            snprintf(line, sizeof line, "count %d", self->count);
            self->api->text(view, line);
            self->api->row(view, "Bump", NULL, "bump");
            self->api->row(view, "Crash", NULL, "segv");
        }
        static void event(void *opaque, const tab_event *e) {
            saver *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strcmp(e->action, "bump") == 0) { self->count += 1; self->api->invalidate(self->host); }
            if (strcmp(e->action, "segv") == 0) { volatile int *p = NULL; *p = 1; }
        }
        static size_t save_state(void *opaque, void *buf, size_t cap) {
            saver *self = opaque;
            if (buf != NULL && cap >= sizeof self->count) memcpy(buf, &self->count, sizeof self->count);
            return sizeof self->count;
        }
        static int restore_state(void *opaque, const void *data, size_t len) {
            saver *self = opaque;
            if (len != sizeof self->count) return 0;
            memcpy(&self->count, data, len);
            return 1;
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "saver", .title = "Saver",
            .create = create, .render = render, .event = event,
            .save_state = save_state, .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
}
