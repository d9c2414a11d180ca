/// The C source of "guard", an ABI 1.3 module for the model's rules: as a tab's root (no param) it
/// shows what it last got and has a `/` shortcut; its actions push and present itself with tags
/// (`push`, `present` guarded with param "ignore", `present-alert` guarded with param "alert"),
/// copy text (`copy`), toast (`toast`) and focus (`focus`, `focus-unknown`). Presented with
/// "ignore" it leaves TAB_EVENT_DISMISS unanswered; with "alert" it answers with an alert whose
/// "Discard" dismisses it. `finish` finishes with "done". Each action is a button.
enum ABI13ModelModule {
    static let source = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct g { const tab_host_api *api; tab_host *host; char param[32]; char last[128]; int dismisses; } g;

        static void *create(const tab_host_api *api, tab_host *host) {
            g *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; strcpy(self->last, "none"); }
            return self;
        }
        static void start(void *opaque, const char *param) {
            g *self = opaque;
            snprintf(self->param, sizeof self->param, "%s", param ? param : "");
        }
        static void render(void *opaque, tab_view *view) {
            g *self = opaque;
            char line[256];
            self->api->shortcut(view, '/', "Search", "search");
            self->api->text_field(view, "f", NULL, "Find", 0);
            const char *actions[] = {"push", "present", "present-alert", "copy", "copy-controls", "toast", "focus", "focus-unknown", "finish"};
            for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) self->api->button(view, actions[i], actions[i]);
            snprintf(line, sizeof line, "%s %s dismisses %d", self->param, self->last, self->dismisses);
            self->api->text(view, line);
        }
        static void event(void *opaque, const tab_event *e) {
            g *self = opaque;
            const tab_host_api *api = self->api;
            if (e->type == TAB_EVENT_DISMISS) {
                self->dismisses++;
                if (strcmp(self->param, "alert") == 0) {
                    const char *buttons[] = {"Discard", "Keep"};
                    api->alert(self->host, "discard", "Discard the draft?", NULL, buttons, 2);
                }
            } else if (e->type == TAB_EVENT_ALERT && strcmp(e->value, "Discard") == 0) {
                api->dismiss(self->host);
            } else if (e->type == TAB_EVENT_RESULT) {
                snprintf(self->last, sizeof self->last, "result %s %s", e->action, e->value ? e->value : "NULL");
            } else if (e->type == TAB_EVENT_ACTION) {
                const char *a = e->action;
                snprintf(self->last, sizeof self->last, "action %s", a);
                if (strcmp(a, "push") == 0) api->push_for_result(self->host, "guard", "pushed", TAB_PUSH_OWN_STACK, "compose");
                else if (strcmp(a, "present") == 0)
                    api->present_for_result(self->host, "guard", "ignore", "reply", TAB_PRESENT_CONFIRM_DISMISS);
                else if (strcmp(a, "present-alert") == 0)
                    api->present_for_result(self->host, "guard", "alert", NULL, TAB_PRESENT_CONFIRM_DISMISS);
                else if (strcmp(a, "copy") == 0) api->copy_text(self->host, "copied");
                else if (strcmp(a, "copy-controls") == 0)
                    api->copy_text(self->host, "ls\x1b[201~rm x\r\nnext\rline\x7f\xc2\x9b\xe2\x80\xae" "end\tcell");
                else if (strcmp(a, "toast") == 0) api->toast(self->host, "Posted\nsecond line", TAB_STYLE_SUCCESS);
                else if (strcmp(a, "focus") == 0) api->focus(self->host, "f");
                else if (strcmp(a, "focus-unknown") == 0) api->focus(self->host, "nowhere");
                else if (strcmp(a, "finish") == 0) api->finish(self->host, "done");
            }
            api->invalidate(self->host);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "guard", .title = "Guard",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}
