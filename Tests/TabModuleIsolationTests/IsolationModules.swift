/// C sources of the modules the isolation tests run in child processes.
enum IsolationModules {
    /// "crashy": counts, saves and restores its count, and misbehaves on request: crashes,
    /// aborts, exits, hangs in event or render, spins (on the CPU) in event or render, writes to stdout
    /// and stderr, closes every descriptor, forks a child that outlives it; started with the param
    /// "spin", its start spins for ever. Its render shows "count N".
    static let crashy = #"""
        #define _GNU_SOURCE
        #include "tab_module.h"
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>
        #include <unistd.h>

        typedef struct crashy { const tab_host_api *api; tab_host *host; int count; int slow_render_ms; int hang_render; int spin_render; } crashy;
        static volatile unsigned long spins;

        static void sleep_ms(int ms) {
            struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
            while (nanosleep(&t, &t) != 0) {}
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            crashy *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            (void)opaque;
            if (param != NULL && strcmp(param, "spin") == 0) for (;;) spins++;
        }
        static void render(void *opaque, tab_view *view) {
            crashy *self = opaque;
            if (self->hang_render) for (;;) pause();
            if (self->spin_render) for (;;) spins++;
            if (self->slow_render_ms > 0) { int ms = self->slow_render_ms; self->slow_render_ms = 0; sleep_ms(ms); }
            char line[64];
            snprintf(line, sizeof line, "count %d", self->count);
            self->api->text(view, line);
            self->api->row(view, "Segfault", NULL, "segv");
        }
        static void event(void *opaque, const tab_event *e) {
            crashy *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            const char *a = e->action;
            if (strcmp(a, "count") == 0) { self->count++; self->api->invalidate(self->host); }
            else if (strcmp(a, "segv") == 0) { volatile int *nowhere = NULL; *nowhere = 1; }
            else if (strcmp(a, "abort") == 0) abort();
            else if (strcmp(a, "exit") == 0) exit(0);
            else if (strcmp(a, "hang") == 0) for (;;) pause();
            else if (strncmp(a, "slow-event:", 11) == 0) sleep_ms(atoi(a + 11));
            else if (strncmp(a, "slow-render:", 12) == 0) { self->slow_render_ms = atoi(a + 12); self->api->invalidate(self->host); }
            else if (strcmp(a, "hang-render") == 0) { self->hang_render = 1; self->api->invalidate(self->host); }
            else if (strcmp(a, "spin") == 0) for (;;) spins++;
            else if (strcmp(a, "spin-render") == 0) { self->spin_render = 1; self->api->invalidate(self->host); }
            else if (strcmp(a, "print") == 0) { printf("hello from stdout\n"); fprintf(stderr, "hello from stderr\n"); }
            else if (strcmp(a, "close-all") == 0) { for (int fd = 0; fd < 1024; fd++) close(fd); }
            else if (strcmp(a, "fork") == 0) { if (fork() == 0) { for (;;) pause(); } }
        }
        static size_t save_state(void *opaque, void *buf, size_t cap) {
            crashy *self = opaque;
            if (cap >= sizeof self->count) memcpy(buf, &self->count, sizeof self->count);
            return sizeof self->count;
        }
        static int restore_state(void *opaque, const void *data, size_t len) {
            crashy *self = opaque;
            if (len != sizeof self->count) return 0;
            memcpy(&self->count, data, len);
            return 1;
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "crashy", .title = "Crashy", .glyph = "C",
            .create = create, .start = start, .render = render, .event = event,
            .save_state = save_state, .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// "collectbar": a tab-bar module that reads every item (tab_count, tab_item) before it draws
    /// any, so each item's strings must stay valid until its render returns.
    static let collectbar = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>

        typedef struct bar { const tab_host_api *api; tab_host *host; } bar;
        static void *create(const tab_host_api *api, tab_host *host) {
            bar *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            bar *self = opaque;
            tab_bar_item items[16];
            size_t count = self->api->tab_count(self->host);
            if (count > 16) count = 16;
            for (size_t i = 0; i < count; i++) {
                items[i] = (tab_bar_item){.struct_size = sizeof(tab_bar_item)};
                if (!self->api->tab_item(self->host, i, &items[i])) items[i].title = "?";
            }
            for (size_t i = 0; i < count; i++) {
                char label[160], action[16];
                snprintf(label, sizeof label, "%s%s %s%s%s", items[i].selected ? "*" : "",
                         items[i].glyph ? items[i].glyph : "-", items[i].title,
                         items[i].badge ? " " : "", items[i].badge ? items[i].badge : "");
                snprintf(action, sizeof action, "%zu", i);
                self->api->button(view, label, action);
            }
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .kind = TAB_MODULE_KIND_TAB_BAR, .name = "collectbar", .title = "Bar",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
