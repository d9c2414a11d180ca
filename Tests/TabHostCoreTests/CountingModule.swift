/// C source of a module built from the header alone that counts its renders, taps and ticks and
/// shows the counts, so a test sees from outside how often the host called it.
///
/// - `tap` (an action): one more tap, one `invalidate`.
/// - `start("thread")`: a thread of its own asks for a tick after 10 ms (schedule_tick off the loop).
/// - `create` logs "hello from create" at info level.
enum CountingModule {
    static let source = """
        #include "tab_module.h"
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>

        typedef struct counting {
            const tab_host_api *api; tab_host *host; int renders, taps, ticks; pthread_t thread; int hasThread;
        } counting;

        static void *create(const tab_host_api *api, tab_host *host) {
            counting *self = calloc(1, sizeof *self);
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            api->log(host, TAB_LOG_INFO, "hello from create");
            return self;
        }

        static void *later(void *opaque) {
            counting *self = opaque;
            struct timespec pause = {0, 10 * 1000 * 1000};
            nanosleep(&pause, NULL);
            self->api->schedule_tick(self->host, 0);
            return NULL;
        }

        static void start(void *opaque, const char *param) {
            counting *self = opaque;
            if (param != NULL && strcmp(param, "thread") == 0 && !self->hasThread) {
                self->hasThread = pthread_create(&self->thread, NULL, later, self) == 0;
            }
        }

        static void render(void *opaque, tab_view *view) {
            counting *self = opaque;
            char line[96];
            self->renders += 1;
            snprintf(line, sizeof line, "renders %d taps %d ticks %d", self->renders, self->taps, self->ticks);
            self->api->text(view, line);
            self->api->row(view, "Tap", NULL, "tap");
            self->api->row(view, "Other", NULL, "other");
        }

        static void event(void *opaque, const tab_event *e) {
            counting *self = opaque;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "tap") == 0) {
                self->taps += 1;
                self->api->invalidate(self->host);
            } else if (e->type == TAB_EVENT_TICK) {
                self->ticks += 1;
                self->api->invalidate(self->host);
            }
        }

        static void destroy(void *opaque) {
            counting *self = opaque;
            if (self->hasThread) pthread_join(self->thread, NULL);
            free(self);
        }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "counting", .version = "1.0", .title = "Counting",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
}
