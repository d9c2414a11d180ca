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
                char *name; /* the Name field's text as the host last sent it (TAB_EVENT_TEXT); NULL when empty */
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
                /* The host edits the field; each change comes back as TAB_EVENT_TEXT with the whole text. */
                s->api->section(view, "Greeting");
                s->api->text_field(view, "name", s->name, "Your name", 0);
                char greeting[128];
                snprintf(greeting, sizeof greeting, "Hello, %s!", s->name != NULL ? s->name : "stranger");
                s->api->text(view, greeting);
                s->api->text(view, "Edit the source, rebuild, and the host reloads it.");
            }

            static void \(c)_event(void *self, const tab_event *e) {
                \(c)_state *s = self;
                if (e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, "tap") == 0) {
                    s->taps++;
                    \(c)_show_badge(s);
                    s->api->invalidate(s->host); /* ABI 1.2: a module is drawn again only after invalidate */
                } else if (e->type == TAB_EVENT_TEXT && e->action != NULL && strcmp(e->action, "name") == 0) {
                    free(s->name);
                    s->name = e->value != NULL && e->value[0] != '\\0' ? strdup(e->value) : NULL;
                    s->api->invalidate(s->host);
                }
            }

            /* Kept across hot reloads: the taps (4 bytes, little-endian), then the name's bytes.
               Returns the size needed and writes only if it fits. */
            static size_t \(c)_save_state(void *self, void *buf, size_t cap) {
                \(c)_state *s = self;
                size_t name_len = s->name != NULL ? strlen(s->name) : 0;
                if (buf != NULL && cap >= 4 + name_len) {
                    unsigned char *bytes = buf;
                    for (int i = 0; i < 4; i++) bytes[i] = (unsigned char)((uint32_t)s->taps >> (8 * i));
                    if (name_len > 0) memcpy(bytes + 4, s->name, name_len);
                }
                return 4 + name_len;
            }

            static int \(c)_restore_state(void *self, const void *data, size_t len) {
                \(c)_state *s = self;
                const unsigned char *bytes = data;
                if (len < 4) return 0;
                uint32_t taps = 0;
                for (int i = 0; i < 4; i++) taps |= (uint32_t)bytes[i] << (8 * i);
                s->taps = (int32_t)taps;
                free(s->name);
                s->name = NULL;
                if (len > 4 && (s->name = malloc(len - 4 + 1)) != NULL) {
                    memcpy(s->name, bytes + 4, len - 4);
                    s->name[len - 4] = '\\0';
                }
                \(c)_show_badge(s);
                s->api->invalidate(s->host);
                return 1;
            }

            static void \(c)_destroy(void *self) {
                \(c)_state *s = self;
                free(s->name);
                free(s);
            }

            static const tab_module_descriptor \(c)_descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER,
                .name = "\(n)",
                .version = "0.1.0",
                .title = "\(name.title)",
                .glyph = "◆",
                .image = "\(n).svg", /* relative to \(n).so; must exist */
                /* What it asks the user for beyond its own files, e.g. .permissions = "network read:~/Documents", */
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

            # Runs tests/*.tabtest against the module (it builds it first): see tabhost test --help.
            test:
            \ttabhost test .

            clean:
            \trm -f \(n).so

            .PHONY: clean test

            """
        let readme = """
            # \(n)

            A TabHost tab module in C.

            See it at once: `tabhost dev` (in this directory) builds it, shows it as a tab, and on every save \
            rebuilds it and reloads it in place with its state (a compile error shows in the status line while \
            the old version keeps running; Ctrl-B shows the build log; q quits).

            `make` builds `\(n).so` (or: `cc -shared -fPIC -Wall -Wextra -I. -o \(n).so \(n).c`); \
            put `\(n).so` and `\(n).svg` in the modules directory TabHost watches (`~/.local/share/tabhost/modules`). \
            `tab_module.h` is the module ABI (version 1.2); the Makefile compiles against the installed TabHost SDK's \
            copy when `pkg-config --cflags tabhost` finds one, else against the copy in this directory.

            `make test` (or `tabhost test`) runs `tests/*.tabtest`, scripts that press keys and check the screen, \
            against the module in its sandboxed child.

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
