import Foundation
import TabHostClient
import TabHostCore
import TabHostDev
import TabHostPoll
import TabHostTesting
import TabKit

/// A C module project (Makefile, source, header) and a live session whose `DevLoop` builds it.
final class DevProjectFixture {
    let fixture: Fixture
    let loop = PollEventLoop()
    var opened: HostSession.Opened?
    var devLoop: DevLoop?
    var session: HostSession { opened!.session }
    var project: String { fixture.path("hello") }
    var outcomes: [BuildOutcome] = []

    /// A project whose Makefile sleeps in the background (recording the sleeper's pid in `.sleeper`)
    /// while a file named `slow` exists, so a test can catch a build in the middle.
    init() throws {
        fixture = try Fixture()
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: fixture.path("modules"), withIntermediateDirectories: false)
        _ = chmod(fixture.path("modules"), 0o700)
        try FileManager.default.copyItem(atPath: Fixture.includeDirectory + "/tab_module.h", toPath: project + "/tab_module.h")
        let makefile = """
            hello.so: hello.c tab_module.h
            \t@if [ -f slow ]; then sleep 60 & echo $$! > .sleeper; wait; fi
            \tcc -shared -fPIC -Wall -Wextra -I. -o $@ hello.c

            """
        try makefile.write(toFile: project + "/Makefile", atomically: true, encoding: .utf8)
        try save(heading: "Hello")
    }

    /// Writes the source in place (as editors without backups do), showing `heading`; `broken` leaves out
    /// a semicolon; `slowRenders` makes each render after the first tap count to 60 million (well over 16 ms).
    func save(heading: String, broken: Bool = false, slowRenders: Bool = false) throws {
        let source = """
            #include <tab_module.h>
            #include <stdlib.h>
            #include <stdio.h>
            #include <string.h>
            typedef struct hello { const tab_host_api *api; tab_host *host; int taps; } hello;
            static void *create(const tab_host_api *api, tab_host *host) {
                hello *s = calloc(1, sizeof *s);
                if (s != NULL) { s->api = api; s->host = host; }
                return s;
            }
            static void render(void *self, tab_view *view) {
                hello *s = self; if (\(slowRenders ? 1 : 0) && s->taps > 0) for (volatile long i = 0; i < 60000000L; i++) {}
                char taps[16];
                snprintf(taps, sizeof taps, "%d", s->taps);
                s->api->section(view, "\(heading)")\(broken ? "" : ";")
                s->api->row(view, "Taps", taps, NULL);
                s->api->button(view, "Tap", "tap");
            }
            static void event(void *self, const tab_event *e) {
                hello *s = self;
                if (e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, "tap") == 0) {
                    s->taps++;
                    s->api->invalidate(s->host);
                }
            }
            static size_t save_state(void *self, void *buf, size_t cap) {
                hello *s = self;
                if (buf != NULL && cap >= sizeof s->taps) memcpy(buf, &s->taps, sizeof s->taps);
                return sizeof s->taps;
            }
            static int restore_state(void *self, const void *data, size_t len) {
                hello *s = self;
                if (len != sizeof s->taps) return 0;
                memcpy(&s->taps, data, len);
                return 1;
            }
            static void destroy(void *self) { free(self); }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "hello", .version = "1.0", .title = "Hello",
                .create = create, .render = render, .event = event, .save_state = save_state,
                .restore_state = restore_state, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        let path = project + "/hello.c"
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(source.utf8))
        try handle.close()
    }

    /// Builds once, then opens a session without a layout over the module directory and attaches the loop.
    func start() throws -> BuildOutcome {
        let devLoop = try DevLoop(project: DevProject.detect(in: project), moduleDirectory: fixture.path("modules"))
        let first = devLoop.buildAndWait()
        let configuration = SessionConfiguration(
            directories: [.init(fixture.path("modules"))], layoutPath: nil, logPath: fixture.path("host.log"))
        opened = try HostSession.open(configuration, loop: loop)
        devLoop.onBuildFinished = { [weak self] in self?.outcomes.append($0) }
        devLoop.attach(to: session)
        session.start()
        self.devLoop = devLoop
        return first
    }

    /// Runs loop iterations until `done` (false on timeout).
    @discardableResult
    func run(until done: () -> Bool, timeout: Duration = .seconds(30)) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            if ContinuousClock.now > deadline { return false }
            try loop.runOnce(timeout: .milliseconds(20))
        }
        return true
    }

    /// The texts of the screen's content.
    var contentText: [String] { session.settledScreen().content.texts }

    /// The build stops and the private copies go with the fixture, then its directory (the `Fixture`'s,
    /// released after this): a test holds it in a `let`.
    deinit {
        devLoop?.stop()
        opened?.copies.removeAll()
    }
}
