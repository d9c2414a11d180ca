/// C source of "probe": a module whose actions call the host API one by one, so tests can
/// watch each call land on the model. Its render shows its param, start count and ticks.
public enum HostAPIProbeModule {
    public static let source = #"""
        #include "tab_module.h"
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct probe {
            const tab_host_api *api;
            tab_host *host;
            char param[64];
            int starts, ticks;
        } probe;

        static void *create(const tab_host_api *api, tab_host *host) {
            probe *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            probe *self = opaque;
            snprintf(self->param, sizeof self->param, "%s", param != NULL ? param : "-");
            self->starts++;
        }
        static void render(void *opaque, tab_view *view) {
            probe *self = opaque;
            char line[96];
            self->api->section(view, self->param);
            snprintf(line, sizeof line, "starts %d ticks %d", self->starts, self->ticks);
            self->api->text(view, line);
            self->api->row(view, "Row", "detail", "row");
            self->api->button(view, "Button", "button");
            self->api->image(view, "pic.svg", "a picture");
        }
        static void *tick_from_thread(void *opaque) {
            probe *self = opaque;
            self->api->schedule_tick(self->host, 0); /* the one call allowed off the main thread */
            return NULL;
        }
        static void event(void *opaque, const tab_event *e) {
            probe *self = opaque;
            const tab_host_api *api = self->api;
            if (e->type == TAB_EVENT_TICK) { self->ticks++; api->invalidate(self->host); return; }
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            const char *a = e->action;
            char message[96];
            if (strncmp(a, "title:", 6) == 0) api->set_title(self->host, a + 6);
            else if (strncmp(a, "badge:", 6) == 0) api->set_badge(self->host, a + 6);
            else if (strcmp(a, "badge-clear") == 0) api->set_badge(self->host, NULL);
            else if (strcmp(a, "push-own") == 0) api->push(self->host, "probe", "own child", TAB_PUSH_OWN_STACK);
            else if (strcmp(a, "push-app") == 0) api->push(self->host, "probe", "app child", TAB_PUSH_APP_STACK);
            else if (strcmp(a, "push-unknown") == 0) {
                snprintf(message, sizeof message, "push unknown returned %d",
                         api->push(self->host, "nope", NULL, TAB_PUSH_OWN_STACK));
                api->log(self->host, TAB_LOG_INFO, message);
            }
            else if (strcmp(a, "pop") == 0) api->pop(self->host);
            else if (strcmp(a, "present") == 0) api->present(self->host, "probe", "modal");
            else if (strcmp(a, "dismiss") == 0) api->dismiss(self->host);
            else if (strncmp(a, "addtab:", 7) == 0) api->add_tab(self->host, "dyn", "probe", NULL, a + 7);
            else if (strcmp(a, "tick") == 0) api->schedule_tick(self->host, 0);
            else if (strcmp(a, "tick-thread") == 0) {
                pthread_t thread;
                if (pthread_create(&thread, NULL, tick_from_thread, self) == 0) pthread_join(thread, NULL);
            }
            else if (strcmp(a, "log") == 0) api->log(self->host, TAB_LOG_WARNING, "hello from probe");
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "probe", .version = "1", .title = "Probe", .glyph = "P",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
