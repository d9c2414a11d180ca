/// The C source of "abi13", a module built from `tab_module.h` alone that makes every ABI 1.3 call:
/// its render has bar buttons (Post disabled), shortcuts (one on a key the host keeps), a field,
/// a disabled and an enabled button, a spans paragraph, a lazy list of 1,000,000 rows drawn by
/// `list_row` (each a row with a Copy row action) and the last thing it noted. Actions make the
/// 1.3 host calls: `focus`, `focus-unknown`, `scroll`, `copy`, `toast`, `now`, `push`, `present`.
enum ABI13Module {
    static let source = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct m { const tab_host_api *api; tab_host *host; char last[256]; } m;

        static void *create(const tab_host_api *api, tab_host *host) {
            m *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; strcpy(self->last, "none"); }
            return self;
        }

        static void render(void *opaque, tab_view *view) {
            m *self = opaque;
            const tab_host_api *api = self->api;
            api->bar_button(view, "Cancel", "cancel", TAB_BAR_LEADING);
            api->enabled(view, 0);
            api->bar_button(view, "Post", "post", TAB_BAR_TRAILING);
            api->shortcut(view, '/', "Search", "search");
            api->shortcut(view, 'q', "Quit", "quit");
            api->shortcut(view, TAB_KEY_PAGE_DOWN, "Next", "next");
            api->text_field(view, "search", NULL, "Search", 0);
            api->enabled(view, 0);
            api->button(view, "Disabled", "off");
            api->button(view, "On", "on");
            const char *texts[] = {"Hello ", "@ann", NULL};
            const uint32_t styles[] = {0, TAB_STYLE_BOLD, TAB_STYLE_DIM};
            api->spans(view, texts, styles, 3);
            api->list(view, "posts", 1000000);
            api->text(view, self->last);
        }

        static void list_row(void *opaque, const char *id, size_t index, tab_view *view) {
            m *self = opaque;
            char title[64], action[64], copy[64];
            snprintf(title, sizeof title, "%s %zu", id, index);
            snprintf(action, sizeof action, "open %zu", index);
            snprintf(copy, sizeof copy, "copy %zu", index);
            if (index % 2 == 1) self->api->style(view, TAB_STYLE_DIM);
            self->api->row(view, title, NULL, action);
            self->api->row_action(view, "Copy", copy);
        }

        static void event(void *opaque, const tab_event *e) {
            m *self = opaque;
            const tab_host_api *api = self->api;
            if (e->type == TAB_EVENT_DISMISS) { strcpy(self->last, "dismiss"); return; }
            if (e->type == TAB_EVENT_RESULT) {
                snprintf(self->last, sizeof self->last, "result %s %s", e->action, e->value ? e->value : "(null)");
                return;
            }
            if (e->type != TAB_EVENT_ACTION) return;
            const char *a = e->action;
            if (strcmp(a, "focus") == 0) api->focus(self->host, "search");
            else if (strcmp(a, "focus-unknown") == 0) api->focus(self->host, "nowhere");
            else if (strcmp(a, "scroll") == 0) api->scroll_to(self->host, "posts", 500000);
            else if (strcmp(a, "copy") == 0) api->copy_text(self->host, "copied text");
            else if (strcmp(a, "toast") == 0) api->toast(self->host, "Posted", TAB_STYLE_SUCCESS);
            else if (strcmp(a, "now") == 0)
                snprintf(self->last, sizeof self->last, "now %d", api->now_ms(self->host) < 600000 ? 1 : 0);
            else if (strcmp(a, "push") == 0)
                snprintf(self->last, sizeof self->last, "push %d",
                         api->push_for_result(self->host, "abi13", "p", TAB_PUSH_OWN_STACK, "compose"));
            else if (strcmp(a, "present") == 0)
                snprintf(self->last, sizeof self->last, "present %d",
                         api->present_for_result(self->host, "abi13", "p", "reply", TAB_PRESENT_CONFIRM_DISMISS));
        }

        static void destroy(void *self) { free(self); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "abi13", .title = "ABI 1.3",
            .create = create, .render = render, .event = event, .destroy = destroy, .list_row = list_row,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
}

extension ABI13Module {
    /// "abi12": built against the frozen 1.2 header, its descriptor followed in memory by a nonzero
    /// word where a 1.3 descriptor's `list_row` would be: a host that read past the 1.2 struct would
    /// call it. Its render is a row with a row action.
    static let older = #"""
        #include "tab_module.h"
        #include <stdlib.h>
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
        static void render(void *self, tab_view *view) {
            const tab_host_api *api = self;
            api->row(view, "Old", NULL, "old");
            api->row_action(view, "Share", "share");
        }
        static const struct { tab_module_descriptor d; void *after; } both = {
            {TAB_MODULE_DESCRIPTOR_HEADER, .name = "abi12", .title = "ABI 1.2", .create = create, .render = render},
            (void *)1,
        };
        TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) { return &both.d; }
        """#
}
