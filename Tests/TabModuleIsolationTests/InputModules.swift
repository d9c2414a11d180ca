/// C sources of the ABI 1.2 modules the isolation tests run in child processes (and in process, to
/// compare the two paths).
enum InputModules {
    /// "widgets": every 1.2 view call in one render (with the rules' corner cases: a style before a
    /// table row, cells without columns, a row action with no row before it, an over-long id, progress
    /// out of range), the last event it got (type, action, value, focus) as a text, and actions that
    /// make the 1.2 host calls: `finish:RESULT`, `alert`, `save`, `timer-once`, `timer-repeat`,
    /// `cancel-repeat`, `dirs`, `thread` (invalidate, set_timer and a push from its own thread while
    /// the main thread waits for it), `late-view` (a view call after render returned), `long` (strings
    /// past the limits: a 60 KB text, a 90 KB field value and placeholder, a row of broken UTF-8), `segv`.
    static let widgets = #"""
        #include "tab_module.h"
        #include <math.h>
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct widgets {
            const tab_host_api *api; tab_host *host;
            char last[512];
            int once, repeat, thread_timer, thread_ran, long_strings;
            const char *data, *data_again, *module;
            tab_view *kept;
        } widgets;

        static void *create(const tab_host_api *api, tab_host *host) {
            widgets *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; strcpy(self->last, "none"); }
            return self;
        }

        static void render(void *opaque, tab_view *view) {
            widgets *self = opaque;
            const tab_host_api *api = self->api;
            self->kept = view;
            api->row_action(view, "Orphan", "orphan");
            api->section(view, "Widgets");
            api->style(view, TAB_STYLE_BOLD | TAB_STYLE_ERROR);
            api->text(view, "bold error");
            api->text_field(view, "name", "Jill", "Your name", 0);
            api->text_field(view, "secret", NULL, NULL, TAB_FIELD_SECURE | TAB_FIELD_MULTILINE);
            char long_id[300];
            memset(long_id, 'x', sizeof long_id - 1);
            long_id[sizeof long_id - 1] = '\0';
            api->text_field(view, long_id, "v", NULL, 0);
            api->toggle(view, "wifi", "Wi-Fi", 7);
            api->progress(view, "Half", 0.5);
            api->progress(view, NULL, -1);
            api->progress(view, "Over", 2.5);
            api->progress(view, "NaN", NAN);
            const char *headers[] = {"Name", NULL, "Size"};
            api->columns(view, headers, 3);
            api->style(view, TAB_STYLE_DIM);
            const char *a[] = {"a.txt", "x", "1 KB"};
            api->cells(view, a, 3, "open-a");
            api->row_action(view, "Delete", "delete-a");
            const char *b[] = {"b.txt", NULL};
            api->cells(view, b, 2, NULL);
            api->row(view, "Row", "detail", "row");
            api->row_action(view, "Share", "share");
            api->style(view, TAB_STYLE_MONOSPACE);
            const char *c[] = {"headless"};
            api->cells(view, c, 1, "c");
            if (self->long_strings) {
                /* Past the limits, cut where a character ends: "é" is two bytes, "€" three. */
                size_t n = 30000;
                char *text = malloc(n * 3 + 1);
                if (text != NULL) {
                    for (size_t i = 0; i < n; i++) memcpy(text + i * 2, "\xc3\xa9", 2);
                    text[n * 2] = '\0';
                    api->text(view, text);
                    for (size_t i = 0; i < n; i++) memcpy(text + i * 3, "\xe2\x82\xac", 3);
                    text[n * 3] = '\0';
                    api->text_field(view, "long", text, text, 0);
                    api->row(view, text + 1, text, text);
                    free(text);
                }
            }
            api->text(view, self->last);
            char line[512];
            snprintf(line, sizeof line, "timers once %d repeat %d thread %d ran %d", self->once, self->repeat,
                     self->thread_timer, self->thread_ran);
            api->text(view, line);
            if (self->data != NULL || self->module != NULL) {
                snprintf(line, sizeof line, "data %s stable %d", self->data ? self->data : "(null)",
                         self->data == self->data_again);
                api->text(view, line);
                snprintf(line, sizeof line, "module %s", self->module ? self->module : "(null)");
                api->text(view, line);
            }
        }

        static void *from_thread(void *opaque) {
            widgets *self = opaque;
            self->thread_ran = 1;
            self->api->set_timer(self->host, "thread", 5, 0);
            self->api->push(self->host, "widgets", NULL, TAB_PUSH_OWN_STACK);
            self->api->set_title(self->host, "from a thread");
            self->api->log(self->host, TAB_LOG_INFO, "log from a thread");
            self->api->invalidate(self->host);
            return NULL;
        }

        static void event(void *opaque, const tab_event *e) {
            widgets *self = opaque;
            const tab_host_api *api = self->api;
            snprintf(self->last, sizeof self->last, "event %u %s %s %s size %d", e->type,
                     e->action ? e->action : "(null)", e->value ? e->value : "(null)",
                     e->focus ? e->focus : "(null)", e->struct_size == sizeof(tab_event));
            if (e->type == TAB_EVENT_TIMER && e->action != NULL) {
                if (strcmp(e->action, "once") == 0) self->once++;
                if (strcmp(e->action, "repeat") == 0) self->repeat++;
                if (strcmp(e->action, "thread") == 0) self->thread_timer++;
            }
            if (e->type == TAB_EVENT_ACTION && e->action != NULL) {
                const char *x = e->action;
                if (strncmp(x, "finish:", 7) == 0) api->finish(self->host, x + 7);
                else if (strcmp(x, "finish-null") == 0) api->finish(self->host, NULL);
                else if (strcmp(x, "alert") == 0) {
                    const char *buttons[] = {"Yes", "No"};
                    api->alert(self->host, "ask", "Sure?", "It cannot be undone.", buttons, 2);
                } else if (strcmp(x, "alert-many") == 0) {
                    const char *buttons[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"};
                    api->alert(self->host, "many", "Many", NULL, buttons, 10);
                } else if (strcmp(x, "alert-none") == 0) api->alert(self->host, "none", "None", NULL, NULL, 0);
                else if (strcmp(x, "save") == 0) api->save_soon(self->host);
                else if (strcmp(x, "timer-once") == 0) api->set_timer(self->host, "once", 10, 0);
                else if (strcmp(x, "timer-repeat") == 0) api->set_timer(self->host, "repeat", 10, 20);
                else if (strcmp(x, "cancel-repeat") == 0) api->cancel_timer(self->host, "repeat");
                else if (strcmp(x, "dirs") == 0) {
                    self->data = api->data_dir(self->host);
                    self->data_again = api->data_dir(self->host);
                    self->module = api->module_dir(self->host);
                } else if (strcmp(x, "thread") == 0) {
                    pthread_t thread;
                    if (pthread_create(&thread, NULL, from_thread, self) == 0) pthread_join(thread, NULL);
                } else if (strcmp(x, "segv") == 0) {
                    volatile int *nowhere = NULL;
                    *nowhere = 1;
                } else if (strcmp(x, "long") == 0) {
                    self->long_strings = 1;
                } else if (strcmp(x, "late-view") == 0 && self->kept != NULL) api->text(self->kept, "late");
            }
            api->invalidate(self->host);
        }

        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "widgets", .title = "Widgets",
            .create = create, .render = render, .event = event, .destroy = destroy,
            .permissions = "network read:/etc",
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
