import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// Host calls a module makes from inside `create`, before its controller exists, are not lost.
@Suite(.blocking)
struct ModuleCreateCallsTests {
    /// A module that logs, sets its title and badge in `create`, and fails when its name says so.
    static func source(name: String, fails: Bool) -> String {
        """
        #include "tab_module.h"
        #include <stdlib.h>
        static void *create(const tab_host_api *api, tab_host *host) {
            api->log(host, TAB_LOG_ERROR, "\(name) create");
            if (\(fails ? 1 : 0)) return NULL;
            api->set_title(host, "Made in create");
            api->set_badge(host, "7");
            return malloc(1);
        }
        static void render(void *self, tab_view *view) { (void)self; (void)view; }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .title = "Descriptor title",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    static func setup(name: String, fails: Bool) throws -> ModuleHostFixture {
        try ModuleHostFixture(
            file: "\(name).so", source: source(name: name, fails: fails),
            layout: #"{"root": {"tabs": [{"name": "a", "module": "\#(name)"}]}}"#, modules: [name])
    }

    @Test func titleBadgeAndLogFromCreateReachTheHost() throws {
        let setup = try Self.setup(name: "maker", fails: false)
        setup.host.start()
        #expect(setup.log.lines == ["maker error: maker create"])
        #expect(setup.host.screen.title == "Made in create")
        #expect(setup.host.screen.tabBar?.items.map(\.badge) == ["7"])
    }

    @Test func aFailingCreateStillHasItsLogLine() throws {
        let setup = try Self.setup(name: "failing", fails: true)
        let error = try #require(throws: ModuleError.self) { try setup.runtime.make(module: "failing", param: nil) }
        #expect(error.code == .createFailed)
        #expect(error.description == "module failing: create() returned NULL; check the module's log output and its create function")
        #expect(setup.log.lines == ["failing error: failing create"])
    }
}
