import Foundation
import TabHostClient
import TabHostCore
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// A session isolates its modules by default: each runs in a child process, except those the layout
/// trusts (`"isolation": "none"`); a crash shows in the status line and on the module's tab only.
@Suite(.serialized, .blocking)
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
        static void *create(const tab_host_api *api, tab_host *host) {
            (void)host; where *w = malloc(sizeof *w); if (w) w->api = api; return w;
        }
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

    /// A started session over the modules "trusted" and "isolated" in a fixture; its private copies go
    /// when it goes, then the fixture's directory.
    private final class StartedSession {
        let directory: Fixture
        let opened: HostSession.Opened

        init(layout text: String) throws {
            directory = try Fixture()
            let modules = directory.path("modules")
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            _ = chmod(modules, 0o755)
            for name in ["trusted", "isolated"] {
                try Fixture.compileModule(
                    HostSessionIsolationTests.source(name: name), to: modules + "/" + name + ".so",
                    flags: ["-Wall", "-Werror", "-shared", "-fPIC"])
            }
            let layout = try directory.write("layout.json", text: text)
            opened = try HostSession.open(
                SessionConfiguration(directories: [.init(modules)], layoutPath: layout, logPath: directory.path("host.log"), watch: false),
                loop: PollEventLoop())
            opened.session.start()
        }

        deinit { opened.copies.removeAll() }
    }

    /// Calls `test` with a started session with `layout`, removed (copies and fixture) when `test` ends.
    private static func withSession<Value>(layout text: String, _ test: (HostSession.Opened) throws -> Value) throws -> Value {
        let started = try StartedSession(layout: text)
        return try withExtendedLifetime(started) { try test(started.opened) }
    }

    /// "trusted" (in process) at the root of a stack, for pushing "isolated" onto.
    private static func withStack<Value>(_ test: (HostSession.Opened) throws -> Value) throws -> Value {
        try withSession(layout: #"{"root": {"stack": {"module": "trusted", "isolation": "none"}}}"#, test)
    }

    @Test func onlyTheModulesTheLayoutTrustsRunInTheHostsProcess() throws {
        try Self.withSession(
            layout: """
                {"root": {"tabs": [{"name": "t", "module": "trusted", "isolation": "none"}, {"name": "i", "module": "isolated"}]}}
                """
        ) { opened in
            let session = opened.session
            #expect(SessionHarness.text(of: session.settledScreen()) == "pid \(getpid())")
            #expect(!session.isAwaitingModules)  // the in-process module answered at once
            session.perform(.selectTab(1))
            // The isolated tab's start and the render its screen asks for are posted: a front end's
            // first frame may wait for their answers (`isAwaitingModules`).
            _ = session.screen
            #expect(session.isAwaitingModules)
            let isolated = try #require(SessionHarness.text(of: session.settledScreen()))
            #expect(!session.isAwaitingModules)
            #expect(isolated.hasPrefix("pid ") && isolated != "pid \(getpid())")

            session.perform(.activate("segv"))

            _ = session.settledScreen()  // the crash, noticed
            #expect(SessionHarness.text(of: session.settledScreen()) == "Isolated stopped: SIGSEGV in event \"segv\"")
            #expect(session.settledScreen().status == "Isolated stopped: SIGSEGV in event \"segv\"; Restart is on its tab")
            session.perform(.selectTab(0))
            #expect(SessionHarness.text(of: session.settledScreen()) == "pid \(getpid())")
        }
    }

    /// The module states the session published for `tabhost inspect`.
    private static func published(_ opened: HostSession.Opened) -> [ModuleProcessState]? {
        HotReloadStatusFile(directory: opened.copies.directory).read()?.modules
    }

    /// The status file says which module is stopped while one of its screens shows it, and no longer
    /// once the user restarted it (or the screen went).
    @Test func theStatusFileSaysWhichModuleIsStopped() throws {
        try Self.withStack { opened in
            let session = opened.session
            // Nothing stopped yet (no status file, or one that lists no module: a reader takes both alike).
            #expect((Self.published(opened) ?? []) == [])
            try session.host.push(module: "isolated", param: nil)
            _ = session.settledScreen()  // its first view, with its buttons
            session.perform(.activate("segv"))
            _ = session.settledScreen()  // the crash, noticed
            let stopped = "Isolated stopped: SIGSEGV in event \"segv\""
            #expect(Self.published(opened) == [ModuleProcessState(module: "isolated", state: .stopped, reason: stopped, crashes: 1)])
            session.perform(.activate("tabhost:restart"))
            #expect(SessionHarness.text(of: session.settledScreen())?.hasPrefix("pid ") == true)
            #expect(Self.published(opened) == [])
            session.perform(.activate("segv"))
            _ = session.settledScreen()  // the crash, noticed
            #expect(Self.published(opened)?.map(\.module) == ["isolated"])
            session.perform(.back)
            #expect(Self.published(opened) == [])
        }
    }

    /// The third crash within a minute says so in the status line and the status file; the module's
    /// next screen starts no child until the user chooses Restart there.
    @Test func aCrashLoopShowsInTheStatusLineAndTheStatusFile() throws {
        try Self.withStack { opened in
            let session = opened.session
            for _ in 0..<3 {
                try session.host.push(module: "isolated", param: nil)
                _ = session.settledScreen()  // its first view, with its buttons
                session.perform(.activate("segv"))
                _ = session.settledScreen()  // the crash, noticed
                session.perform(.back)
            }
            let looped = "Isolated stopped: SIGSEGV in event \"segv\" (3 crashes within 60 s; not restarted until you choose Restart)"
            #expect(session.settledScreen().status == looped)
            try session.host.push(module: "isolated", param: nil)
            _ = session.settledScreen()  // its first view, with its buttons
            #expect(SessionHarness.text(of: session.settledScreen()) == looped)
            #expect(Self.published(opened) == [ModuleProcessState(module: "isolated", state: .stopped, reason: looped, crashes: 3)])
            session.perform(.activate("tabhost:restart"))
            #expect(SessionHarness.text(of: session.settledScreen())?.hasPrefix("pid ") == true)
            #expect(Self.published(opened) == [])
        }
    }
}
