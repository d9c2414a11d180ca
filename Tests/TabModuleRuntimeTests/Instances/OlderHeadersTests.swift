import Foundation
import InMemoryLogging
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// Modules built against the 1.0 and 1.1 headers keep working unchanged on a 1.2 host, in process and
/// isolated: they are rendered after every event as before, get keys as they knew them (Escape 0x1B,
/// Backspace and Delete 0x7F, Tab 0x09, no Home/End/Page keys) and never an event type they do not know.
@Suite(.serialized)
final class OlderHeadersTests {
    /// A content module that shows the events it got and how often it rendered; it never calls `invalidate`.
    static let recorder = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct recorder { const tab_host_api *api; tab_host *host; char events[512]; int renders; } recorder;

        static void *create(const tab_host_api *api, tab_host *host) {
            recorder *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            recorder *self = opaque;
            char line[64];
            self->renders++;
            snprintf(line, sizeof line, "renders %d", self->renders);
            self->api->row(view, "Tap", NULL, "tap");
            self->api->text(view, line);
            self->api->text(view, self->events[0] != '\0' ? self->events : "no events");
        }
        static void event(void *opaque, const tab_event *e) {
            recorder *self = opaque;
            char item[48];
            if (e->type == TAB_EVENT_ACTION) snprintf(item, sizeof item, "A:%s ", e->action);
            else if (e->type == TAB_EVENT_KEY) snprintf(item, sizeof item, "K:%u ", (unsigned)e->key);
            else snprintf(item, sizeof item, "T%u ", (unsigned)e->type);
            if (strlen(self->events) + strlen(item) < sizeof self->events) strcat(self->events, item);
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "recorder", .title = "Recorder",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// The headers third parties built against before 1.2, by minor version.
    static func header(minor: UInt32) throws -> String { try minor == 0 ? ABI10Header.text : ABI11Header.text }

    static func setUp(minor: UInt32, isolated: Bool) throws -> ModuleHostFixture {
        try ModuleHostFixture(
            file: "page.so", source: TabBarItemABITests.page,
            layout: #"{"root": {"tabs": [{"name": "r", "module": "recorder"}, {"name": "p", "module": "page"}]}}"#,
            modules: ["recorder", "page"],
            prepare: { fixture in
                let old = fixture.path("abi-1.\(minor)")
                try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: false)
                try Self.header(minor: minor).write(toFile: old + "/tab_module.h", atomically: true, encoding: .utf8)
                try fixture.compile("recorder.so", source: recorder, flags: ["-shared", "-fPIC", "-I", old])
            },
            factory: { log in
                isolated
                    ? OutOfProcessModuleInstanceFactory(settings: IsolationSettings(sandbox: .off), logger: log.logger)
                        as any ModuleInstanceFactory : InProcessModuleInstanceFactory()
            })
    }

    static func texts(_ host: ContainerHost) -> [String] { host.screen.content.texts }

    @Test(arguments: [UInt32(0), 1], [false, true])
    func anOlderModuleIsRenderedAfterEveryEventAndGetsKeysAsItKnewThem(minor: UInt32, isolated: Bool) throws {
        let setup = try Self.setUp(minor: minor, isolated: isolated)
        #expect(setup.runtime.registry.module(named: "recorder")?.info.abiMinor == minor)
        setup.host.start()
        #expect(Self.texts(setup.host) == ["Tap", "renders 1", "no events"])
        #expect(setup.host.apply(.activate("tap")))
        // No invalidate: before 1.2, an event is followed by a render all the same.
        #expect(Self.texts(setup.host) == ["Tap", "renders 2", "A:tap "])
        for key in [TabKey.backspace, .delete, .escape, .tab, .home, .end, .pageUp, .pageDown, TabKey(scalar: "x")] {
            setup.host.apply(.key(key))
        }
        let controller = try #require(setup.host.visibleController as? ModuleController)
        // 1.2's events do not reach a module that does not know them.
        controller.handle(.timer("t"))
        controller.handle(.result(module: "page", value: "done"))
        controller.handle(.alert(id: "a", button: "OK"))
        controller.handle(.text(field: "f", value: "typed"))
        setup.host.invalidate()
        #expect(Self.texts(setup.host).last == "A:tap K:127 K:127 K:27 K:9 K:120 ")
    }

    /// The 1.0 bar guards its smaller items with a canary; the 1.1 bar reads the appended `image`.
    @Test(arguments: [UInt32(0), 1], [false, true])
    func anOlderTabBarModuleStillDrawsAndSelects(minor: UInt32, isolated: Bool) throws {
        let name = minor == 0 ? "oldbar" : "collectbar"
        let setup = try ModuleHostFixture(
            file: "page.so", source: TabBarItemABITests.page, layout: TabBarItemABITests.layout(bar: name),
            modules: ["page", name],
            prepare: { fixture in
                let old = fixture.path("abi-1.\(minor)")
                try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: false)
                try Self.header(minor: minor).write(toFile: old + "/tab_module.h", atomically: true, encoding: .utf8)
                let source = minor == 0 ? TabBarItemABITests.oldBar : TabBarItemABITests.collectBar
                try fixture.compile(name + ".so", source: source, flags: ["-shared", "-fPIC", "-I", old])
            },
            factory: { log in
                isolated
                    ? OutOfProcessModuleInstanceFactory(settings: IsolationSettings(sandbox: .off), logger: log.logger)
                        as any ModuleInstanceFactory : InProcessModuleInstanceFactory()
            })
        #expect(setup.runtime.registry.module(named: name)?.info.abiMinor == minor)
        setup.host.start()
        let first = minor == 0 ? "Alpha|α|3|1|canary intact" : "Alpha|α|3|/opt/icons/alpha.svg|1"
        #expect(try #require(setup.host.screen.tabBar?.custom).nodes.first == .button(label: first, action: "0"))
        #expect(setup.host.apply(.activate("2")))
        let third = minor == 0 ? "Gamma|γ|-|1|canary intact" : "Gamma|γ|-|/opt/icons/gamma.png|1"
        #expect(try #require(setup.host.screen.tabBar?.custom).nodes[2] == .button(label: third, action: "2"))
    }
}
