/// The C module the ABI 1.2 tests run: every new view call (chosen by `start(param)`), every new
/// host call (chosen by an action's text), and a record of every event it got, shown by `render` as
/// one text node per line when the param is "log".
enum ABI12Module {
    /// The source; `minor` is its `abi_minor` (1: a module built before 1.2).
    static func source(minor: Int = 2) -> String {
        """
        #include "tab_module.h"
        #include <math.h>
        #include <pthread.h>
        #include <stdarg.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct m {
            const tab_host_api *api; tab_host *host; char mode[64]; char log[16384]; size_t used;
            tab_view *last_view; const char *data;
        } m;
        static void note(m *self, const char *format, ...) {
            va_list args;
            va_start(args, format);
            int n = vsnprintf(self->log + self->used, sizeof self->log - self->used, format, args);
            va_end(args);
            if (n > 0 && self->used + (size_t)n + 1 < sizeof self->log) {
                self->used += (size_t)n;
                self->log[self->used++] = '\\n';
                self->log[self->used] = '\\0';
            }
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            m *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; strcpy(self->mode, "log"); }
            return self;
        }
        static void start(void *opaque, const char *param) {
            m *self = opaque;
            if (param != NULL) snprintf(self->mode, sizeof self->mode, "%s", param);
        }
        static char *run_of(size_t n) {
            char *s = malloc(n + 1);
            if (s == NULL) abort();
            memset(s, 'x', n);
            s[n] = '\\0';
            return s;
        }
        static void views(m *self, tab_view *v) {
            const tab_host_api *a = self->api;
            a->style(v, TAB_STYLE_BOLD | TAB_STYLE_ERROR);
            a->text(v, "bold");
            a->text_field(v, "name", "Ann", "Your name", TAB_FIELD_SECURE);
            a->text_field(v, "notes", NULL, NULL, TAB_FIELD_MULTILINE);
            a->toggle(v, "wifi", "Wi-Fi", 1);
            a->toggle(v, "bt", NULL, 0);
            a->progress(v, "half", 0.5);
            a->progress(v, NULL, -1);
            a->progress(v, NULL, 7.5);
            a->progress(v, NULL, NAN);
            const char *headers[] = {"Name", NULL, "Size"};
            a->columns(v, headers, 3);
            const char *one[] = {"a.txt", "x", "1 KB"};
            a->style(v, TAB_STYLE_DIM);
            a->cells(v, one, 3, "open a");
            a->row_action(v, "Delete", "delete a");
            a->row_action(v, "Rename", "rename a");
            const char *two[] = {"b.txt", NULL};
            a->cells(v, two, 2, NULL);
            a->row(v, "Row", "detail", "go");
            a->row_action(v, "Share", "share");
            a->style(v, TAB_STYLE_MONOSPACE);
            a->row(v, "Mono", NULL, NULL);
        }
        static void limits(m *self, tab_view *v) {
            const tab_host_api *a = self->api;
            a->row_action(v, "Early", "early");
            a->text_field(v, NULL, "v", NULL, 0);
            a->text_field(v, "", "v", NULL, 0);
            char *long_id = run_of(TAB_MAX_ID_BYTES + 1);
            a->toggle(v, long_id, "t", 1);
            free(long_id);
            char *id = run_of(TAB_MAX_ID_BYTES);
            a->toggle(v, id, "t", 1);
            free(id);
            char *value = run_of(TAB_MAX_FIELD_BYTES + 1);
            a->text_field(v, "big", value, NULL, 0);
            free(value);
            const char *many[TAB_MAX_COLUMNS + 3];
            for (int i = 0; i < TAB_MAX_COLUMNS + 3; i++) many[i] = "c";
            a->columns(v, many, TAB_MAX_COLUMNS + 3);
            a->cells(v, many, TAB_MAX_COLUMNS + 3, NULL);
            a->text(v, "between");
            a->row_action(v, "After text", "late");
            a->row(v, "Row", NULL, NULL);
            for (int i = 0; i < TAB_MAX_ROW_ACTIONS + 2; i++) a->row_action(v, "A", "a");
        }
        static void cells_first(m *self, tab_view *v) {
            const tab_host_api *a = self->api;
            const char *cells[] = {"1", "2"};
            a->cells(v, cells, 2, "r1");
            a->cells(v, cells, 1, NULL);
            a->cells(v, NULL, 0, NULL);
            a->text(v, "end");
            a->style(v, TAB_STYLE_SUCCESS);
            a->cells(v, cells, 2, NULL);
        }
        static void many_rows(m *self, tab_view *v) {
            const char *cells[] = {"r"};
            self->api->columns(v, NULL, 0);
            for (int i = 0; i < 10005; i++) self->api->cells(v, cells, 1, NULL);
        }
        static void render(void *opaque, tab_view *v) {
            m *self = opaque;
            self->last_view = v;
            if (strcmp(self->mode, "views") == 0) views(self, v);
            else if (strcmp(self->mode, "limits") == 0) limits(self, v);
            else if (strcmp(self->mode, "cells") == 0) cells_first(self, v);
            else if (strcmp(self->mode, "many") == 0) many_rows(self, v);
            else {
                char *line = self->log;
                while (*line != '\\0') {
                    char *end = strchr(line, '\\n');
                    *end = '\\0';
                    self->api->text(v, line);
                    *end = '\\n';
                    line = end + 1;
                }
            }
        }
        static void *worker(void *opaque) {
            m *self = opaque;
            self->api->invalidate(self->host);
            self->api->set_timer(self->host, "th", 0, 0);
            self->api->log(self->host, TAB_LOG_INFO, "from a thread");
            self->api->save_soon(self->host);
            self->api->schedule_tick(self->host, 0);
            int pushed = self->api->push(self->host, "abi", NULL, TAB_PUSH_OWN_STACK);
            pushed += self->api->push(self->host, "abi", NULL, TAB_PUSH_OWN_STACK);
            self->api->set_title(self->host, "from a thread");
            if (self->last_view != NULL) self->api->text(self->last_view, "from a thread");
            self->api->log(self->host, TAB_LOG_INFO, pushed == 0 ? "push refused" : "push went through");
            return NULL;
        }
        static void command(m *self, const char *c) {
            char id[300] = "";
            unsigned after = 0, repeat = 0;
            if (sscanf(c, "timer %299s %u %u", id, &after, &repeat) == 3) self->api->set_timer(self->host, id, after, repeat);
            else if (sscanf(c, "cancel %299s", id) == 1) self->api->cancel_timer(self->host, id);
            else if (strcmp(c, "timers") == 0) {
                for (int i = 0; i < TAB_MAX_TIMERS + 1; i++) {
                    snprintf(id, sizeof id, "t%d", i);
                    self->api->set_timer(self->host, id, 60000, 0);
                }
            } else if (strcmp(c, "late") == 0 && self->last_view != NULL) {
                self->api->text(self->last_view, "late");
                self->api->row(self->last_view, "late", NULL, NULL);
            } else if (strcmp(c, "thread") == 0) {
                pthread_t thread;
                if (pthread_create(&thread, NULL, worker, self) == 0) pthread_join(thread, NULL);
            } else if (strcmp(c, "data") == 0) {
                const char *d = self->api->data_dir(self->host);
                const char *again = self->api->data_dir(self->host);
                note(self, "data %s %s", d == NULL ? "(null)" : d, d == again ? "same" : "different");
            } else if (strcmp(c, "moduledir") == 0) {
                const char *d = self->api->module_dir(self->host);
                note(self, "moduledir %s", d == NULL ? "(null)" : d);
            } else if (strncmp(c, "finish ", 7) == 0) self->api->finish(self->host, c + 7);
            else if (strcmp(c, "finishnull") == 0) self->api->finish(self->host, NULL);
            else if (strcmp(c, "finishbig") == 0) {
                char *s = run_of(TAB_MAX_RESULT_BYTES + 1);
                self->api->finish(self->host, s);
                free(s);
            } else if (strcmp(c, "alert") == 0) {
                const char *buttons[] = {"One", NULL, "Two", "3", "4", "5", "6", "7", "8", "9", "10"};
                self->api->alert(self->host, "ask", "Title", "Message", buttons, 11);
                self->api->alert(self->host, "plain", "Plain", NULL, NULL, 0);
                self->api->alert(self->host, NULL, "No id", NULL, NULL, 0);
            } else if (strcmp(c, "save") == 0) self->api->save_soon(self->host);
        }
        static void event(void *opaque, const tab_event *e) {
            m *self = opaque;
            note(self, "type=%u action=%s value=%s focus=%s key=0x%x full=%d", e->type, e->action ? e->action : "-",
                 e->value ? e->value : "-", e->focus ? e->focus : "-", e->key,
                 TAB_API_HAS(e, tab_event, focus) ? 1 : 0);
            if (e->type == TAB_EVENT_ACTION && e->action != NULL) command(self, e->action);
            if (e->type == TAB_EVENT_TIMER && strcmp(e->action, "x") == 0) self->api->cancel_timer(self->host, "y");
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            
            .magic = TAB_MODULE_MAGIC, .struct_size = (uint32_t)sizeof(tab_module_descriptor),
            .abi_major = TAB_MODULE_ABI_MAJOR, .abi_minor = \(minor), .name = "abi", .title = "ABI", .create = create,
            .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }
}
