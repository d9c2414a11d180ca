import Foundation
import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// C modules compiled at test time, loaded through the real loader and run in child processes by an
/// `OutOfProcessModuleInstanceFactory`, in a `ContainerHost` built from a layout.
final class IsolatedHost {
    let fixture: Fixture
    let cacheRoot: Fixture
    let log = InMemoryLogHandler.everyLevel()
    let loop = PollEventLoop()
    let factory: OutOfProcessModuleInstanceFactory
    let runtime: ModuleRuntime
    let host: ContainerHost

    /// Short deadlines so hang tests take a second, not ten.
    static let testSettings = IsolationSettings(
        sandbox: .off,
        hangTimeout: .milliseconds(300), killTimeout: .milliseconds(1500), snapshotInterval: .zero)

    init(modules: [(file: String, source: String)], layout: String, settings: IsolationSettings = testSettings) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: settings.helperPath),
            "\(settings.helperPath) is missing: run `swift build` first")
        fixture = try Fixture()
        cacheRoot = try Fixture()
        for module in modules { try fixture.compile(module.file, source: module.source) }
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        factory.attach(to: loop)
        runtime = ModuleRuntime(registry: registry, logger: log.logger, factory: factory)
        let names = Set(registry.modules.map(\.name))
        host = ContainerHost(layout: try Layout.parse(layout, file: "layout.json", knownModules: names), factory: runtime)
    }

    /// Started: tab "a" runs crashy (selected), tab "b" the probe with param "B", each in its own child.
    static func crashyBesideProbe() throws -> IsolatedHost {
        let setup = try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("probe.so", HostAPIProbeModule.source)],
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "a", "module": "crashy"},
                    {"name": "b", "module": "probe", "param": "B"}
                ]}}}
                """)
        setup.host.start()
        _ = setup.screen
        return setup
    }

    deinit {
        factory.shutdown()
        fixture.remove()
        cacheRoot.remove()
    }

    /// The visible module's instance.
    var visibleInstance: (any ModuleInstance)? {
        (host.visibleController as? ModuleController)?.instance
    }

    /// Delivers an action to the visible module directly, as a front end does for an id on screen, and
    /// (unless `settle` is false) waits until the modules answered it (the factory's `settle`).
    func activate(_ action: String, settle: Bool = true) {
        host.visibleController.handle(.action(action))
        if settle { factory.settle() }
    }

    /// The visible screen once every module answered what it was asked (the factory's `settled`): what
    /// a front end shows a moment later. Not for a module that hangs: it waits 5 s for it.
    var screen: Screen { factory.settled { host.screen } }

    /// The text nodes of the visible screen, settled.
    var texts: [String] {
        screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// The text nodes of the visible screen as it is now (a hung module's kept view).
    var textsNow: [String] {
        host.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// The tab bar's badges as they are now (a busy tab's mark among them).
    var badgesNow: [String?] { host.screen.tabBar?.items.map(\.badge) ?? [] }

    /// The title of the visible screen's first row as it is now (the not-responding line's).
    var firstRowNow: String? {
        if case .row(let row) = host.screen.content.nodes.first { row.title } else { nil }
    }

    /// The process id of the child running `module`, if one runs.
    func childPID(of module: String) -> Int32? {
        factory.childProcesses.first { $0.module == module }?.pid
    }

    /// Runs the loop until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    func runLoop(until condition: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? loop.runOnce(timeout: .milliseconds(20))
        }
        return true
    }
}
