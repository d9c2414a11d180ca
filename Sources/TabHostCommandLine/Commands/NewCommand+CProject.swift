extension NewCommand {
    /// The files of a C module project: source, the ABI header, a Makefile, an image, a README.
    static func cProject(_ name: ModuleName) -> [(path: String, text: String)] {
        let n = name.text
        let c = name.cIdentifier
        let source = """
            /* \(n): a TabHost tab module in C. Build with `make` (libc only), or see it at once: `tabhost dev`. */
            #include <tab_module.h> /* the installed SDK's (pkg-config tabhost), else the copy here: see the Makefile */

            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            /* One instance; the host may make several (tabs, pushed or presented screens). */
            typedef struct \(c)_state {
                const tab_host_api *api; /* valid until destroy */
                tab_host *host;
                int32_t taps;
            } \(c)_state;

            static void \(c)_show_badge(\(c)_state *s) {
                char badge[16];
                snprintf(badge, sizeof badge, "%d", (int)s->taps);
                s->api->set_badge(s->host, s->taps ? badge : NULL);
            }

            static void *\(c)_create(const tab_host_api *api, tab_host *host) {
                \(c)_state *s = calloc(1, sizeof *s);
                if (s == NULL) return NULL; /* the host reports it and keeps running */
                s->api = api;
                s->host = host;
                return s;
            }

            static void \(c)_start(void *self, const char *param) {
                \(c)_state *s = self;
                s->api->set_title(s->host, param != NULL && param[0] != '\\0' ? param : "\(name.title)");
            }

            static void \(c)_render(void *self, tab_view *view) {
                \(c)_state *s = self;
                char taps[16];
                snprintf(taps, sizeof taps, "%d", (int)s->taps);
                s->api->section(view, "\(n)");
                s->api->row(view, "Taps", taps, NULL);
                s->api->button(view, "Tap", "tap");
                s->api->text(view, "Edit the source, rebuild, and the host reloads it.");
            }

            static void \(c)_event(void *self, const tab_event *e) {
                \(c)_state *s = self;
                if (e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, "tap") == 0) {
                    s->taps++;
                    \(c)_show_badge(s);
                    s->api->invalidate(s->host);
                }
            }

            /* Kept across hot reloads: returns the size needed and writes only if it fits. */
            static size_t \(c)_save_state(void *self, void *buf, size_t cap) {
                \(c)_state *s = self;
                unsigned char bytes[4];
                for (int i = 0; i < 4; i++) bytes[i] = (unsigned char)((uint32_t)s->taps >> (8 * i));
                if (buf != NULL && cap >= sizeof bytes) memcpy(buf, bytes, sizeof bytes);
                return sizeof bytes;
            }

            static int \(c)_restore_state(void *self, const void *data, size_t len) {
                \(c)_state *s = self;
                const unsigned char *bytes = data;
                if (len != 4) return 0;
                uint32_t taps = 0;
                for (int i = 0; i < 4; i++) taps |= (uint32_t)bytes[i] << (8 * i);
                s->taps = (int32_t)taps;
                \(c)_show_badge(s);
                return 1;
            }

            static void \(c)_destroy(void *self) { free(self); }

            static const tab_module_descriptor \(c)_descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER,
                .name = "\(n)",
                .version = "0.1.0",
                .title = "\(name.title)",
                .glyph = "◆",
                .image = "\(n).svg", /* relative to \(n).so; must exist */
                .create = \(c)_create,
                .start = \(c)_start,
                .render = \(c)_render,
                .event = \(c)_event,
                .save_state = \(c)_save_state,
                .restore_state = \(c)_restore_state,
                .destroy = \(c)_destroy,
            };

            TAB_MODULE_DECLARE(\(c)_descriptor)

            """
        let makefile = """
            # Builds \(n).so, a TabHost tab module that needs only libc.
            CC ?= cc
            CFLAGS ?= -O2 -Wall -Wextra
            # tab_module.h: the installed TabHost SDK's when pkg-config knows it, else the copy in this directory.
            TABHOST_CFLAGS := $(shell pkg-config --cflags tabhost 2>/dev/null || echo -I.)

            \(n).so: \(n).c tab_module.h
            \t$(CC) -shared -fPIC $(CFLAGS) $(TABHOST_CFLAGS) -o $@ \(n).c

            clean:
            \trm -f \(n).so

            .PHONY: clean

            """
        let readme = """
            # \(n)

            A TabHost tab module in C.

            See it at once: `tabhost dev` (in this directory) builds it, shows it as a tab, and on every save \
            rebuilds it and reloads it in place with its state (a compile error shows in the status line while \
            the old version keeps running; Ctrl-B shows the build log; q quits).

            `make` builds `\(n).so` (or: `cc -shared -fPIC -Wall -Wextra -I. -o \(n).so \(n).c`); \
            put `\(n).so` and `\(n).svg` in the modules directory TabHost watches (`~/.local/share/tabhost/modules`). \
            `tab_module.h` is the module ABI (version 1); the Makefile compiles against the installed TabHost SDK's \
            copy when `pkg-config --cflags tabhost` finds one, else against the copy in this directory.

            """
        return [
            ("\(n).c", source), ("tab_module.h", TabModuleHeader.text), ("Makefile", makefile),
            ("\(n).svg", iconSVG), ("README.md", readme),
        ]
    }

    /// The scaffold's tab image: a plain diamond.
    static let iconSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\
        <path d="M12 2 22 12 12 22 2 12Z" fill="currentColor"/></svg>

        """
}
