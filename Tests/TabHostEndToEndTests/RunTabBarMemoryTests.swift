import Foundation
import TabHostTesting
import Testing

/// A tab-bar module that reads every `tab_item` before drawing (ABI 1.1: the strings live until the
/// module call returns) runs in the real `tabhost run` under valgrind: every title is drawn and
/// memcheck finds no error. Before 1.1 each frame read freed strings (4 invalid-read contexts).
@Suite(
    .tags(.tmux, .slow), .selectedByTags,
    .hangGuard, .blocking,
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind"), "valgrind is not installed"),
    .disabled(if: Sanitizers.any, "valgrind cannot run a sanitized binary (ASan itself checks these reads)"))
struct RunTabBarMemoryTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// Collects every item (pointers into the host's strings), then draws `title|image` buttons,
    /// the selected one as `[title|image]`.
    static let collectBar = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        typedef struct bar { const tab_host_api *api; tab_host *host; } bar;
        static void *create(const tab_host_api *api, tab_host *host) {
            bar *self = calloc(1, sizeof(*self));
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            bar *self = opaque;
            tab_bar_item items[8];
            size_t count = self->api->tab_count(self->host);
            if (count > 8) count = 8;
            for (size_t i = 0; i < count; i++) {
                items[i] = (tab_bar_item){.struct_size = sizeof(tab_bar_item)};
                if (!self->api->tab_item(self->host, i, &items[i])) items[i].title = "?";
            }
            for (size_t i = 0; i < count; i++) {
                char label[128], action[24];
                snprintf(label, sizeof(label), items[i].selected ? "[%s|%s]" : "%s|%s", items[i].title,
                         items[i].image != NULL ? items[i].image : "-");
                snprintf(action, sizeof(action), "%zu", i);
                self->api->button(view, label, action);
            }
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .kind = TAB_MODULE_KIND_TAB_BAR, .name = "collectbar", .title = "Bar",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    @Test func aCollectThenDrawBarShowsEveryTitleAndValgrindFindsNoError() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(R.moduleSource(name: "page", title: "Page", body: #"api->text(view, "page body");"#), to: modules + "/page.so")
            try R.compile(Self.collectBar, to: modules + "/collectbar.so")
            let layout = scratch + "/layout.json"
            try """
            {"root": {"stack": {"tabs": [
                {"name": "a", "module": "page", "title": "Alpha", "image": "/i/a.svg"},
                {"name": "b", "module": "page", "title": "Beta"},
                {"name": "c", "module": "page", "title": "Gamma", "image": "/i/c.png"}
            ], "capacity": 0, "tabBarModule": {"module": "collectbar"}}}}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
            // valgrind 3.19 cannot read the toolchain's DWARF 5: it runs a copy without debug sections.
            let binary = scratch + "/tabhost"
            let report = scratch + "/valgrind.txt"
            let exitStatus = scratch + "/status.txt"
            let command =
                "strip -g -o \(R.quote(binary)) \(R.quote(Products.tabhost)) && "
                + "valgrind --error-exitcode=99 --log-file=\(R.quote(report)) \(R.quote(binary)) "
                // In the host's process: valgrind watches the host's own tab_item strings.
                + ["run", "--log", scratch + "/tabhost.log", "--layout", layout, "--modules", modules, "--no-watch", "--isolation", "none"]
                .map(R.quote).joined(separator: " ") + "; echo $? >" + R.quote(exitStatus)
            let tmux = try T(command)
            try tmux.waitFor("[Alpha|/i/a.svg]", timeout: .seconds(90))
            let first = try tmux.capture()
            #expect(first.contains("Beta|-") && first.contains("Gamma|/i/c.png"), "\(first)")
            try tmux.send("3")
            try tmux.waitFor("[Gamma|/i/c.png]", timeout: .seconds(30))
            try tmux.send("q")
            // tabhost's exit status, or valgrind's 99 when it found an error. The shell writes it to a file:
            // the pane's own exit status is not reliable (tmux sometimes leaves the dead command unreaped).
            var status: String?
            let deadline = ContinuousClock.now + .seconds(60)
            while status == nil && ContinuousClock.now < deadline {
                usleep(100_000)
                status = (try? String(contentsOfFile: exitStatus, encoding: .utf8)).flatMap { $0.hasSuffix("\n") ? $0 : nil }
            }
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            #expect(text.contains("ERROR SUMMARY: 0 errors from 0 contexts"), "\(text)")
            #expect(status == "0\n")
        }
    }
}
