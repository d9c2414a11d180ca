import Foundation
import TabHostClient
import TabHostCore
import TabHostTestSupport
import TabKit
import Testing

/// A session isolates its modules by default: each runs in a child process, except those the layout
/// trusts (`"isolation": "none"`); a crash shows in the status line and on the module's tab only.
@Suite(.serialized)
struct HostSessionIsolationTests {
    /// A module named `name` that renders its process id and segfaults on the action "segv".
    static func source(name: String) -> String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/types.h>
        extern pid_t getpid(void);
        typedef struct where { const tab_host_api *api; } where;
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; where *w = malloc(sizeof *w); if (w) w->api = api; return w; }
        static void render(void *self, tab_view *view) {
            char line[32]; snprintf(line, sizeof line, "pid %d", (int)getpid());
            ((where *)self)->api->text(view, line);
            ((where *)self)->api->row(view, "Crash", NULL, "segv");
        }
        static void event(void *self, const tab_event *e) {
            (void)self;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "segv") == 0) { volatile int *p = NULL; *p = 1; }
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .title = "\(name.capitalized)",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
    }

    @Test func onlyTheModulesTheLayoutTrustsRunInTheHostsProcess() throws {
        let directory = try Fixture()
        defer { directory.remove() }
        let modules = directory.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        _ = chmod(modules, 0o755)
        for name in ["trusted", "isolated"] {
            try Fixture.compileModule(Self.source(name: name), to: modules + "/" + name + ".so", flags: ["-Wall", "-Werror", "-shared", "-fPIC"])
        }
        let layout = try directory.write("layout.json", text: """
            {"root": {"tabs": [{"name": "t", "module": "trusted", "isolation": "none"}, {"name": "i", "module": "isolated"}]}}
            """)
        let loop = PollEventLoop()
        let opened = try HostSession.open(
            SessionConfiguration(directories: [.init(modules)], layoutPath: layout, logPath: directory.path("host.log"), watch: false),
            loop: loop)
        defer { opened.cache.removeAll() }
        let session = opened.session
        session.start()
        #expect(SessionHarness.text(of: session.screen) == "pid \(getpid())")
        session.perform(.selectTab(1))
        let isolated = try #require(SessionHarness.text(of: session.screen))
        #expect(isolated.hasPrefix("pid ") && isolated != "pid \(getpid())")

        session.perform(.activate("segv"))
        #expect(SessionHarness.text(of: session.screen) == "Isolated stopped: SIGSEGV in event \"segv\"")
        #expect(session.screen.status == "Isolated stopped: SIGSEGV in event \"segv\"; Restart is on its tab")
        session.perform(.selectTab(0))
        #expect(SessionHarness.text(of: session.screen) == "pid \(getpid())")
    }
}
