import Foundation
import TabHostCore
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleIsolation
import Testing

/// A warm start takes the files the metadata cache knows without their `stat` checks
/// (`SessionConfiguration.defersCachedFileChecks`) and checks them after the first frame: a file that
/// changed since it was cached is then reloaded and one the checks refuse now is refused, each with its
/// line, as if the watcher had seen it. Without the deferral the same start finds them before its first
/// frame (the control). A deleted file is not listed, so it is gone from either start.
@Suite(.serialized, .blocking)
struct HostSessionPresumedFilesTests {
    /// A module titled `title` whose view shows `body`.
    static func source(name: String, title: String, body: String) -> String {
        """
        #include "tab_module.h"
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
        static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, "\(body)"); }
        static void destroy(void *self) { (void)self; }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .version = "1.0", .title = "\(title)",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    /// Four modules, two of them tabs: alpha (shown first) and beta.
    struct Setup {
        let fixture: Fixture
        var modules: String { fixture.path("modules") }

        init() throws {
            fixture = try Fixture()
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            _ = chmod(modules, 0o755)
            for name in ["alpha", "beta", "gamma", "delta"] { try compile(name, title: name.capitalized) }
            let tabs = ["alpha", "beta"].map { #"{"name": "\#($0)", "module": "\#($0)"}"# }
            _ = try fixture.write("layout.json", text: #"{"root": {"tabs": [\#(tabs.joined(separator: ", "))]}}"#)
        }

        func compile(_ name: String, title: String) throws {
            try Fixture.compileModule(
                HostSessionPresumedFilesTests.source(name: name, title: title, body: "Body of \(name)"), to: modules + "/\(name).so")
        }

        /// A session over the modules with the metadata cache of the fixture, started unless `starts` is false.
        func open(defers: Bool, loop: PollEventLoop, starts: Bool = true) throws -> HostSession.Opened {
            var configuration = SessionConfiguration(
                directories: [.init(modules)], layoutPath: fixture.path("layout.json"), logPath: fixture.path("host.log"), watch: false,
                isolationSettings: IsolationSettings(sandbox: .on), metadataCachePath: fixture.path("modules.cache"))
            configuration.defersCachedFileChecks = defers
            let opened = try HostSession.open(configuration, loop: loop)
            if starts { opened.session.start() }
            return opened
        }
    }

    static func titles(_ screen: Screen) -> [String] { screen.tabBar?.items.map(\.title) ?? [] }

    @Test(arguments: [true, false])
    func filesChangedSinceTheyWereCachedAreHandledAfterTheFirstFrame(defers: Bool) throws {
        let setup = try Setup()
        defer { setup.fixture.remove() }
        // Cold: every file is scanned and cached.
        do {
            let loop = PollEventLoop()
            let opened = try setup.open(defers: defers, loop: loop)
            defer { opened.copies.removeAll() }
            _ = opened.session.settledScreen()
        }
        #expect(FileManager.default.fileExists(atPath: setup.fixture.path("modules.cache")))

        // Since then: beta rebuilt with another title, gamma deleted, delta writable by anyone.
        try setup.compile("beta", title: "Beta two")
        try FileManager.default.removeItem(atPath: setup.modules + "/gamma.so")
        _ = chmod(setup.modules + "/delta.so", 0o666)

        let loop = PollEventLoop()
        let opened = try setup.open(defers: defers, loop: loop, starts: false)
        defer { opened.copies.removeAll() }
        let session = opened.session
        let registry = session.runtime.registry
        // What the start took unchecked (alpha is opened for the first frame, and checked then).
        let presumed = registry.presumedFiles.map { ($0.path as NSString).lastPathComponent }
        #expect(presumed == (defers ? ["alpha.so", "beta.so", "delta.so"] : []))
        session.start()
        let first = Self.titles(session.screen)
        if defers {
            #expect(first == ["Alpha", "Beta"])
            // The listing saw that gamma is gone; delta's permissions are not checked yet.
            #expect(!registry.hasModule(named: "gamma") && registry.hasModule(named: "delta"))
            #expect(opened.warnings.isEmpty)
        } else {
            #expect(first == ["Alpha", "Beta two"])
            #expect(!registry.hasModule(named: "gamma") && !registry.hasModule(named: "delta"))
            #expect(opened.warnings.contains { $0.contains("delta.so") })
        }
        #expect(SessionHarness.text(of: session.settledScreen()) == "Body of alpha")

        // After the first frame, in a few loop iterations, the checks have caught up.
        let deadline = ContinuousClock.now + .seconds(5)
        while (Self.titles(session.screen) != ["Alpha", "Beta two"] || registry.hasModule(named: "delta"))
            && ContinuousClock.now < deadline
        {
            try loop.runOnce(timeout: .milliseconds(20))
        }
        #expect(Self.titles(session.screen) == ["Alpha", "Beta two"])
        #expect(registry.info(named: "beta")?.title == "Beta two")
        #expect(!registry.hasModule(named: "gamma") && !registry.hasModule(named: "delta"))
        let log = (try? String(contentsOfFile: setup.fixture.path("host.log"), encoding: .utf8)) ?? ""
        if defers {
            #expect(log.contains("delta.so") && log.contains("writable"))
        }
    }
}
