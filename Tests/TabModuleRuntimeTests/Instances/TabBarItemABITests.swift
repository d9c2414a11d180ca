import Foundation
import TabKit
import TabModuleLoading
import Testing

/// `tab_item` as ABI 1.1 defines it, from real `.so` files: strings that stay valid for the whole
/// module call (a bar that reads every item before drawing), the appended `image`, and a module
/// built against the 1.0 header whose smaller `tab_bar_item` the host never writes past.
@Suite(.serialized)
final class TabBarItemABITests {
    /// A content module: shows its param and, when it has one, sets it as its tab's badge.
    static let page = #"""
        #include "tab_module.h"
        #include <stdlib.h>

        typedef struct page { const tab_host_api *api; tab_host *host; } page;

        static void *create(const tab_host_api *api, tab_host *host) {
            page *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            page *self = opaque;
            if (param != NULL) self->api->set_badge(self->host, param);
        }
        static void render(void *opaque, tab_view *view) {
            page *self = opaque;
            self->api->text(view, "page");
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "page", .title = "Page",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// A tab-bar module named `name`: `fileScope` (C declarations), then a render function whose
    /// body is `render` (with `self`, `view` and `or_dash(s)`, which shows NULL as "-").
    static func barModule(name: String, fileScope: String = "", render: String) -> String {
        """
        #include "tab_module.h"
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct bar { const tab_host_api *api; tab_host *host; } bar;
        \(fileScope)
        static void *create(const tab_host_api *api, tab_host *host) {
            bar *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static const char *or_dash(const char *s) { return s != NULL ? s : "-"; }
        static void render(void *opaque, tab_view *view) {
            bar *self = opaque;
        \(render)
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .kind = TAB_MODULE_KIND_TAB_BAR, .name = "\(name)", .title = "Bar",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
    }

    /// A tab-bar module that collects every item (pointers into the host's strings) before it
    /// draws any button: the pattern that read freed memory before ABI 1.1. Each label is
    /// `title|glyph|badge|image|selected`; a last text line reports an out-of-range `tab_item`.
    static let collectBar = barModule(
        name: "collectbar",
        render: #"""
                tab_bar_item items[16];
                size_t count = self->api->tab_count(self->host);
                if (count > 16) count = 16;
                for (size_t i = 0; i < count; i++) {
                    items[i] = (tab_bar_item){.struct_size = sizeof(tab_bar_item)};
                    if (!self->api->tab_item(self->host, i, &items[i])) items[i].title = NULL;
                }
                for (size_t i = 0; i < count; i++) {
                    char label[512], action[24];
                    snprintf(label, sizeof label, "%s|%s|%s|%s|%d", or_dash(items[i].title), or_dash(items[i].glyph),
                             or_dash(items[i].badge), or_dash(items[i].image), items[i].selected);
                    snprintf(action, sizeof action, "%zu", i);
                    self->api->button(view, label, action);
                }
                tab_bar_item probe;
                memset(&probe, 0x5A, sizeof probe);
                probe.struct_size = sizeof probe;
                int found = self->api->tab_item(self->host, count, &probe);
                const unsigned char *bytes = (const unsigned char *)&probe;
                int untouched = 1;
                for (size_t i = sizeof probe.struct_size; i < sizeof probe; i++) untouched &= bytes[i] == 0x5A;
                char line[64];
                snprintf(line, sizeof line, "out of range: %d, %s", found, untouched ? "untouched" : "written");
                self->api->text(view, line);
            """#)

    /// The same bar built against the 1.0 header (no `image`): each item sits in front of a canary
    /// where 1.1's `image` would be. Labels are `title|glyph|badge|selected|canary`.
    static let oldBar = barModule(
        name: "oldbar",
        fileScope: #"""
            _Static_assert(TAB_MODULE_ABI_MINOR == 0, "must be built against the 1.0 header");
            typedef struct guarded { tab_bar_item item; uint64_t canary; } guarded;
            #define CANARY 0xC0FFEE0DDBA11ULL
            """#,
        render: #"""
                guarded items[16];
                size_t count = self->api->tab_count(self->host);
                if (count > 16) count = 16;
                for (size_t i = 0; i < count; i++) {
                    items[i].item = (tab_bar_item){.struct_size = sizeof(tab_bar_item)};
                    items[i].canary = CANARY;
                    if (!self->api->tab_item(self->host, i, &items[i].item)) items[i].item.title = NULL;
                }
                for (size_t i = 0; i < count; i++) {
                    char label[512], action[24];
                    snprintf(label, sizeof label, "%s|%s|%s|%d|%s", or_dash(items[i].item.title),
                             or_dash(items[i].item.glyph), or_dash(items[i].item.badge), items[i].item.selected,
                             items[i].canary == CANARY ? "canary intact" : "canary overwritten");
                    snprintf(action, sizeof action, "%zu", i);
                    self->api->button(view, label, action);
                }
                char line[64];
                snprintf(line, sizeof line, "sizeof(tab_bar_item) = %zu", sizeof(tab_bar_item));
                self->api->text(view, line);
            """#)

    /// A layout with three tabs of `page` (item overrides differ per tab) drawn by `bar`.
    static func layout(bar: String) -> String {
        """
        {"root": {"stack": {"tabs": [
            {"name": "a", "module": "page", "param": "3", "title": "Alpha", "glyph": "α", "image": "/opt/icons/alpha.svg"},
            {"name": "b", "module": "page", "title": "Beta"},
            {"name": "c", "module": "page", "title": "Gamma", "glyph": "γ", "image": "/opt/icons/gamma.png"}
        ], "capacity": 0, "tabBarModule": {"module": "\(bar)"}}}}
        """
    }

    /// Loads `page`, `collectbar` and `oldbar` (the last from the 1.0 header) with `bar` drawing the bar.
    static func setUp(bar: String) throws -> ModuleHostFixture {
        try ModuleHostFixture(
            file: "page.so", source: page, layout: layout(bar: bar), modules: ["page", "collectbar", "oldbar"],
            prepare: { fixture in
                try fixture.compile("collectbar.so", source: collectBar)
                // The 1.0 header in a directory searched before the current one (the source file's own
                // directory holds no header, so `#include "tab_module.h"` finds this one first).
                let old = fixture.path("abi-1.0")
                try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: false)
                try (try ABI10Header.text).write(toFile: old + "/tab_module.h", atomically: true, encoding: .utf8)
                try fixture.compile("oldbar.so", source: oldBar, flags: ["-shared", "-fPIC", "-I", old])
            })
    }

    private func barNodes(_ host: ContainerHost) throws -> [ViewNode] {
        try #require(host.screen.tabBar?.custom).nodes
    }

    @Test func aBarThatCollectsEveryItemBeforeDrawingShowsEveryTitle() throws {
        let setup = try Self.setUp(bar: "collectbar")
        setup.host.start()
        let expected: [ViewNode] = [
            .button(label: "Alpha|α|3|/opt/icons/alpha.svg|1", action: "0"),
            .button(label: "Beta|-|-|-|0", action: "1"),
            .button(label: "Gamma|γ|-|/opt/icons/gamma.png|0", action: "2"),
            .text("out of range: 0, untouched"),
        ]
        #expect(try barNodes(setup.host) == expected)
        // Again after a selection (a second render of the same instance, after its strings were freed).
        #expect(setup.host.apply(.selectTab(2)))
        #expect(try barNodes(setup.host)[2] == .button(label: "Gamma|γ|-|/opt/icons/gamma.png|1", action: "2"))
        #expect(try barNodes(setup.host)[0] == .button(label: "Alpha|α|3|/opt/icons/alpha.svg|0", action: "0"))
    }

    @Test func aModuleBuiltAgainstTheCurrentHeaderDeclaresTheHostsMinor() throws {
        let setup = try Self.setUp(bar: "collectbar")
        let info = try #require(setup.runtime.registry.module(named: "collectbar")?.info)
        #expect(info.abiMajor == 1 && info.abiMinor == 3)
        #expect(TabModuleABI.minor == 3)
    }

    @Test func aModuleBuiltAgainstTheOneZeroHeaderLoadsRendersAndKeepsItsSmallerItems() throws {
        let setup = try Self.setUp(bar: "oldbar")
        let info = try #require(setup.runtime.registry.module(named: "oldbar")?.info)
        #expect(info.abiMajor == 1 && info.abiMinor == 0)
        setup.host.start()
        let expected: [ViewNode] = [
            .button(label: "Alpha|α|3|1|canary intact", action: "0"),
            .button(label: "Beta|-|-|0|canary intact", action: "1"),
            .button(label: "Gamma|γ|-|0|canary intact", action: "2"),
            .text("sizeof(tab_bar_item) = 40"),
        ]
        #expect(try barNodes(setup.host) == expected)
        // Its buttons still select tabs.
        #expect(setup.host.apply(.selectTab(1)))
        #expect(try barNodes(setup.host)[1] == .button(label: "Beta|-|-|1|canary intact", action: "1"))
    }
}
