import Foundation
import TabHostTesting

/// Helpers for `NewCommandTests`: the repo, the built `tabhost`, running programs, a C host checker.
enum NewCommandSupport {
    /// What a finished program did.
    typealias Result = ProcessResult

    /// The repository root.
    static let repoRoot = URL(fileURLWithPath: Products.repositoryRoot)

    /// Runs the built `tabhost` with `arguments`.
    static func tabhost(_ arguments: [String]) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: Products.tabhost) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: Products.tabhost])
        }
        return try run(Products.tabhost, arguments)
    }

    /// Runs `executable` with `arguments` (see TabHostTesting's `run`).
    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        try TabHostTesting.run(executable, arguments: arguments, timeout: .seconds(600))
    }

    /// Compiles the C host checker into `directory` and returns its path.
    static func buildChecker(in directory: String) throws -> String {
        let source = "\(directory)/checker.c"
        let binary = "\(directory)/checker"
        try Data(checkerSource.utf8).write(to: URL(fileURLWithPath: source))
        let include = repoRoot.appendingPathComponent("Sources/CTabModule/include").path
        let cc = try run("/usr/bin/env", ["cc", "-Wall", "-Wextra", "-Werror", "-I", include, "-o", binary, source, "-ldl"])
        guard cc.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: cc.stderr]) }
        return binary
    }

    /// What the checker prints for a freshly scaffolded module (C and Swift scaffolds behave alike).
    static func expectedTranscript(name: String, title: String, image: String?) -> String {
        """
        magic=ok size=ok abi=1.3 kind=0 name=\(name) version=0.1.0 title=\(title) glyph=◆ image=\(image ?? "NULL")
        set_title(\(title))
        section(\(name))
        row(Taps|0|NULL)
        button(Tap|tap)
        section(Greeting)
        text_field(name|NULL|Your name|0)
        text(Hello, stranger!)
        text(Edit the source, rebuild, and the host reloads it.)
        set_badge(1)
        invalidate()
        set_badge(2)
        invalidate()
        invalidate()
        save_state(NULL, 0)=7
        save_state(buf, 64)=7
        start(param)
        set_title(Second)
        set_badge(2)
        invalidate()
        restore_state=1
        section(\(name))
        row(Taps|2|NULL)
        button(Tap|tap)
        section(Greeting)
        text_field(name|Ada|Your name|0)
        text(Hello, Ada!)
        text(Edit the source, rebuild, and the host reloads it.)
        restore_state(short)=0
        done

        """
    }

    /// A minimal C host: dlopens a module, prints its descriptor, and drives two instances
    /// (start, render, two taps, a name typed into the text field, save, restore into the second, render) with a
    /// printing API.
    static let checkerSource = #"""
        #include "tab_module.h"
        #include <dlfcn.h>
        #include <stdio.h>
        #include <string.h>

        static const char *s(const char *p) { return p ? p : "NULL"; }
        static void set_title(tab_host *h, const char *t) { (void)h; printf("set_title(%s)\n", s(t)); }
        static void set_badge(tab_host *h, const char *b) { (void)h; printf("set_badge(%s)\n", s(b)); }
        static void invalidate(tab_host *h) { (void)h; printf("invalidate()\n"); }
        static void section(tab_view *v, const char *t) { (void)v; printf("section(%s)\n", s(t)); }
        static void row(tab_view *v, const char *t, const char *d, const char *a) { (void)v; printf("row(%s|%s|%s)\n", s(t), s(d), s(a)); }
        static void text(tab_view *v, const char *t) { (void)v; printf("text(%s)\n", s(t)); }
        static void button(tab_view *v, const char *l, const char *a) { (void)v; printf("button(%s|%s)\n", s(l), s(a)); }
        static void text_field(tab_view *v, const char *id, const char *value, const char *placeholder, uint32_t flags) {
            (void)v;
            printf("text_field(%s|%s|%s|%u)\n", s(id), s(value), s(placeholder), flags);
        }

        int main(int argc, char **argv) {
            if (argc != 2) return 2;
            void *image = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
            if (!image) { fprintf(stderr, "dlopen: %s\n", dlerror()); return 1; }
            const tab_module_descriptor *(*entry)(void);
            *(void **)&entry = dlsym(image, "tab_module_entry");
            if (!entry) { fprintf(stderr, "no tab_module_entry\n"); return 1; }
            const tab_module_descriptor *d = entry();
            if (!d) { fprintf(stderr, "entry returned NULL\n"); return 1; }
            printf("magic=%s size=%s abi=%u.%u kind=%u name=%s version=%s title=%s glyph=%s image=%s\n",
                   d->magic == TAB_MODULE_MAGIC ? "ok" : "bad", d->struct_size == sizeof *d ? "ok" : "bad",
                   d->abi_major, d->abi_minor, d->kind, s(d->name), s(d->version), s(d->title), s(d->glyph), s(d->image));
            tab_host_api api;
            memset(&api, 0, sizeof api);
            api.struct_size = sizeof api;
            api.set_title = set_title; api.set_badge = set_badge; api.invalidate = invalidate;
            api.section = section; api.row = row; api.text = text; api.button = button; api.text_field = text_field;
            tab_host *host = (tab_host *)&api; /* any non-NULL token */
            tab_view *view = (tab_view *)&api;

            void *a = d->create(&api, host);
            if (!a) { fprintf(stderr, "create returned NULL\n"); return 1; }
            d->start(a, NULL);
            d->render(a, view);
            tab_event tap = { .struct_size = sizeof tap, .type = TAB_EVENT_ACTION, .action = "tap" };
            d->event(a, &tap);
            d->event(a, &tap);
            tab_event typed = { .struct_size = sizeof typed, .type = TAB_EVENT_TEXT, .action = "name", .value = "Ada", .focus = "name" };
            d->event(a, &typed);
            unsigned char buf[64];
            memset(buf, 0xAA, sizeof buf);
            size_t need = d->save_state(a, NULL, 0);
            printf("save_state(NULL, 0)=%zu\n", need);
            size_t got = d->save_state(a, buf, sizeof buf);
            printf("save_state(buf, 64)=%zu\n", got);

            void *b = d->create(&api, host);
            printf("start(param)\n");
            d->start(b, "Second");
            printf("restore_state=%d\n", d->restore_state(b, buf, got));
            d->render(b, view);
            printf("restore_state(short)=%d\n", d->restore_state(b, buf, 1));
            d->destroy(a);
            d->destroy(b);
            printf("done\n");
            return 0;
        }
        """#
}
