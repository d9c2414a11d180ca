import Foundation
import TabHostTesting

/// C fixture modules for ``RunABI12OutsideTests``, built with `cc` against tab_module.h alone (as a third party would).
enum ABI12OutsideFixtures {
    /// The C source `Tests/Fixtures/modules/NAME.c`, which the browser tests build too.
    static func fixture(_ name: String) -> String {
        let path = Products.repositoryRoot + "/Tests/Fixtures/modules/\(name).c"
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("\(path) is missing") }
        return source
    }

    /// Pushes or presents `editor` and shows the last TAB_EVENT_RESULT it got (`results=N result from ACTION: VALUE`).
    static let opener = fixture("opener")

    /// A text field and a Save button that calls `finish` with the text; shows how it was started (its param).
    static let editor = fixture("editor")

    /// Two repeating timers (fast 100 ms, slow 300 ms), a one-shot, and a repeating one replaced by a one-shot; a button cancels fast.
    static let timers = fixture("timers")

    /// Starts a thread in `start` that logs, pushes (not allowed off the main thread), sets a timer and invalidates.
    static let threads = #"""
        #include "tab_module.h"
        #include <pthread.h>
        #include <stdatomic.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct threads {
            const tab_host_api *api;
            tab_host *host;
            pthread_t thread;
            int started;
            atomic_int produced, pushed, timer;
        } threads;
        static void *work(void *opaque) {
            threads *self = opaque;
            self->api->log(self->host, TAB_LOG_INFO, "worker thread says hello");
            /* Not allowed off the main thread: ignored, with one log line. */
            atomic_store(&self->pushed, self->api->push(self->host, "threads", NULL, TAB_PUSH_OWN_STACK) ? 1 : 0);
            self->api->set_timer(self->host, "from-thread", 10, 0);
            atomic_store(&self->produced, 42);
            self->api->invalidate(self->host);
            return NULL;
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            threads *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            atomic_store(&self->pushed, -1);
            return self;
        }
        static void start(void *opaque, const char *param) {
            threads *self = opaque;
            (void)param;
            if (!self->started) self->started = pthread_create(&self->thread, NULL, work, self) == 0;
        }
        static void render(void *opaque, tab_view *view) {
            threads *self = opaque;
            char line[128];
            snprintf(line, sizeof line, "produced=%d timer=%d pushed=%d", atomic_load(&self->produced), atomic_load(&self->timer),
                     atomic_load(&self->pushed));
            self->api->text(view, line);
        }
        static void event(void *opaque, const tab_event *e) {
            threads *self = opaque;
            if (e->type == TAB_EVENT_TIMER && strcmp(e->action, "from-thread") == 0) {
                atomic_fetch_add(&self->timer, 1);
                self->api->invalidate(self->host);
            }
        }
        static void destroy(void *opaque) {
            threads *self = opaque;
            if (self->started) pthread_join(self->thread, NULL);
            free(self);
        }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "threads", .version = "1.0", .title = "Threads",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// Adds an item every tick (three at most) and calls `save_soon`; a restored instance says so and adds nothing.
    static let saver = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct saver { const tab_host_api *api; tab_host *host; int items, restored; } saver;
        static void *create(const tab_host_api *api, tab_host *host) {
            saver *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            return self;
        }
        static void start(void *opaque, const char *param) {
            saver *self = opaque;
            (void)param;
            /* Later than the state file's save after the start: only save_soon writes what the ticks add. */
            self->api->schedule_tick(self->host, 1000);
        }
        static void render(void *opaque, tab_view *view) {
            saver *self = opaque;
            char line[64];
            snprintf(line, sizeof line, "restored=%s items=%d", self->restored ? "yes" : "no", self->items);
            self->api->text(view, line);
            for (int i = 1; i <= self->items; i++) {
                snprintf(line, sizeof line, "Item %d", i);
                self->api->row(view, line, NULL, NULL);
            }
        }
        static void event(void *opaque, const tab_event *e) {
            saver *self = opaque;
            /* Only the first run adds items: a restored instance shows what was saved, nothing more. */
            if (e->type == TAB_EVENT_TICK && !self->restored && self->items < 3) {
                self->items += 1;
                self->api->save_soon(self->host);
                self->api->invalidate(self->host);
                self->api->schedule_tick(self->host, 100);
            }
        }
        static size_t save_state(void *opaque, void *buf, size_t cap) {
            saver *self = opaque;
            if (cap >= sizeof(int)) memcpy(buf, &self->items, sizeof(int));
            return sizeof(int);
        }
        static int restore_state(void *opaque, const void *data, size_t len) {
            saver *self = opaque;
            if (len != sizeof(int)) return 0;
            memcpy(&self->items, data, sizeof(int));
            self->restored = 1;
            return 1;
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "saver", .version = "1.0", .title = "Saver",
            .create = create, .start = start, .render = render, .event = event, .save_state = save_state,
            .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// Reads notes.txt from `module_dir`, writes written.txt into `data_dir`, and shows both paths.
    static let files = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct files { const tab_host_api *api; tab_host *host; char notes[256], wrote[2048], moduleDir[1024]; } files;
        static void *create(const tab_host_api *api, tab_host *host) {
            files *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            return self;
        }
        static void start(void *opaque, const char *param) {
            files *self = opaque;
            char path[1100];
            (void)param;
            const char *moduleDir = self->api->module_dir(self->host);
            snprintf(self->moduleDir, sizeof self->moduleDir, "%s", moduleDir ? moduleDir : "(null)");
            snprintf(self->notes, sizeof self->notes, "(unreadable)");
            snprintf(path, sizeof path, "%s/notes.txt", self->moduleDir);
            FILE *in = fopen(path, "r");
            if (in != NULL) {
                if (fgets(self->notes, sizeof self->notes, in) == NULL) self->notes[0] = 0;
                self->notes[strcspn(self->notes, "\n")] = 0;
                fclose(in);
            }
            const char *dataDir = self->api->data_dir(self->host);
            snprintf(self->wrote, sizeof self->wrote, "(no data_dir)");
            if (dataDir != NULL) {
                snprintf(path, sizeof path, "%s/written.txt", dataDir);
                FILE *out = fopen(path, "w");
                if (out != NULL && fputs("written by files\n", out) >= 0 && fclose(out) == 0) {
                    snprintf(self->wrote, sizeof self->wrote, "%s", path);
                }
            }
        }
        static void render(void *opaque, tab_view *view) {
            files *self = opaque;
            char line[2100];
            snprintf(line, sizeof line, "notes=[%s]", self->notes);
            self->api->text(view, line);
            snprintf(line, sizeof line, "wrote=[%s]", self->wrote);
            self->api->text(view, line);
            snprintf(line, sizeof line, "module_dir=[%s]", self->moduleDir);
            self->api->text(view, line);
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "files", .version = "1.0", .title = "Files",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// Keeps its `tab_view` past render and calls `row` on it from `event`.
    static let misuse = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct misuse { const tab_host_api *api; tab_host *host; tab_view *lastView; int misused; } misuse;
        static void *create(const tab_host_api *api, tab_host *host) {
            misuse *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            misuse *self = opaque;
            char line[64];
            self->lastView = view; /* kept past render: the mistake under test */
            snprintf(line, sizeof line, "misused=%d", self->misused);
            self->api->text(view, line);
            self->api->button(view, "Misuse", "misuse");
        }
        static void event(void *opaque, const tab_event *e) {
            misuse *self = opaque;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "misuse") == 0) {
                self->api->row(self->lastView, "Ghost row", NULL, NULL);
                self->misused += 1;
                self->api->invalidate(self->host);
            }
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "misuse", .version = "1.0", .title = "Misuse",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
