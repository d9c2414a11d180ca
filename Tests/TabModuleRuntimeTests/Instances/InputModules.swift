/// C sources of the modules the ABI 1.2 controller tests load, built from the header alone.
enum InputModules {
    /// "pusher" (ABI minor `minor`): rows "push" and "present" open "editor"; its screen shows the
    /// last result (`TAB_EVENT_RESULT`: "editor=text", "editor=NULL"), the last alert answer and the
    /// focus the last key came with. It invalidates after each of those events.
    static func pusher(name: String = "pusher", minor: Int = 2) -> String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct pusher {
            const tab_host_api *api; tab_host *host; char result[128], alert[128], focus[128];
        } pusher;

        static void *create(const tab_host_api *api, tab_host *host) {
            pusher *self = calloc(1, sizeof *self);
            if (self == NULL) return NULL;
            self->api = api; self->host = host;
            strcpy(self->result, "none"); strcpy(self->alert, "none"); strcpy(self->focus, "none");
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            pusher *self = opaque;
            char line[160];
            snprintf(line, sizeof line, "result %s", self->result); self->api->text(view, line);
            snprintf(line, sizeof line, "alert %s", self->alert); self->api->text(view, line);
            snprintf(line, sizeof line, "focus %s", self->focus); self->api->text(view, line);
            self->api->row(view, "Push", NULL, "push");
            self->api->row(view, "Present", NULL, "present");
        }
        static void event(void *opaque, const tab_event *e) {
            pusher *self = opaque;
            switch (e->type) {
            case TAB_EVENT_ACTION:
                if (strcmp(e->action, "push") == 0) self->api->push(self->host, "editor", NULL, TAB_PUSH_OWN_STACK);
                if (strcmp(e->action, "present") == 0) self->api->present(self->host, "editor", NULL);
                return;
            case TAB_EVENT_RESULT:
                snprintf(self->result, sizeof self->result, "%s=%s", e->action, e->value ? e->value : "NULL");
                break;
            case TAB_EVENT_ALERT:
                snprintf(self->alert, sizeof self->alert, "%s=%s", e->action, e->value);
                break;
            case TAB_EVENT_KEY:
                snprintf(self->focus, sizeof self->focus, "%s", e->focus ? e->focus : "NULL");
                break;
            default:
                return;
            }
            self->api->invalidate(self->host);
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            .magic = TAB_MODULE_MAGIC, .struct_size = (uint32_t)sizeof(tab_module_descriptor),
            .abi_major = TAB_MODULE_ABI_MAJOR, .abi_minor = \(minor),
            .name = "\(name)", .title = "Pusher",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
    }

    /// "editor": a screen to finish. Its row "save" calls `finish(host, "text")` where the host API
    /// has it; the tests here call `finish` through its controller, as that C call does.
    static let editor = """
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        typedef struct editor { const tab_host_api *api; tab_host *host; } editor;
        static void *create(const tab_host_api *api, tab_host *host) {
            editor *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            editor *self = opaque;
            self->api->text(view, "editor");
            self->api->row(view, "Save", NULL, "save");
        }
        static void event(void *opaque, const tab_event *e) {
            editor *self = opaque;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "save") == 0 && self->api->finish != NULL) {
                self->api->finish(self->host, "text");
            }
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "editor", .title = "Editor",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    /// A module named `name` of ABI minor `minor` that counts its renders ("renders N"): "quiet"
    /// changes nothing and says nothing, "loud" calls `invalidate`.
    static func counter(name: String, minor: Int) -> String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct counter { const tab_host_api *api; tab_host *host; int renders; } counter;
        static void *create(const tab_host_api *api, tab_host *host) {
            counter *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            counter *self = opaque;
            char line[32];
            self->renders += 1;
            snprintf(line, sizeof line, "renders %d", self->renders);
            self->api->text(view, line);
            self->api->row(view, "Quiet", NULL, "quiet");
            self->api->row(view, "Loud", NULL, "loud");
        }
        static void event(void *opaque, const tab_event *e) {
            counter *self = opaque;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "loud") == 0) self->api->invalidate(self->host);
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            .magic = TAB_MODULE_MAGIC, .struct_size = (uint32_t)sizeof(tab_module_descriptor),
            .abi_major = TAB_MODULE_ABI_MAJOR, .abi_minor = \(minor),
            .name = "\(name)", .title = "\(name)",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
    }
}
