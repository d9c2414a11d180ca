import Foundation
import TabHostTesting
import TabKit
import Testing

@testable import TabModuleIsolation
@testable import TabModuleRuntime

/// A module whose children crash 3 times within 60 s is not started again until the user chooses
/// Restart: its new screens show the stopped state instead of starting a child. The clock is the
/// factory's, moved by the tests instead of waited for.
@Suite(.serialized)
final class IsolationCrashLoopTests {
    /// A clock the tests move by hand.
    final class ManualClock {
        let start = ContinuousClock.now
        var elapsed: Duration = .zero
        var now: ContinuousClock.Instant { start + elapsed }
    }

    let setup: IsolatedHost
    let clock = ManualClock()
    var host: ContainerHost { setup.host }
    static let looped = "Crashy stopped: SIGSEGV in event \"segv\" (3 crashes within 60 s; not restarted until you choose Restart)"

    /// The probe at the root of a stack; crashy is pushed onto it, as a module's `push` does.
    init() throws {
        setup = try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("probe.so", HostAPIProbeModule.source)],
            layout: #"{"root": {"stack": {"module": "probe", "param": "root"}}}"#)
        setup.factory.now = { [clock] in clock.now }
        setup.host.start()
    }

    private var buttons: [ViewNode] {
        setup.screen.content.nodes.filter { if case .button = $0 { true } else { false } }
    }

    /// Pushes a new crashy screen (a new instance: a new child unless the module is held).
    private func pushCrashy() throws {
        try host.push(module: "crashy", param: nil)
    }

    /// At `at` (seconds on the test clock): pushes crashy, crashes it, and goes back.
    private func crash(at seconds: Int) throws {
        clock.elapsed = .seconds(seconds)
        try pushCrashy()
        #expect(setup.childPID(of: "crashy") != nil, "crash at \(seconds) s: a child should have started")
        setup.activate("segv")
        #expect(setup.texts.first?.hasPrefix("Crashy stopped: SIGSEGV in event \"segv\"") == true)
        #expect(host.apply(.back))
    }

    @Test func theThirdCrashWithinAMinuteHoldsTheModuleUntilRestart() throws {
        try crash(at: 0)
        try crash(at: 20)
        clock.elapsed = .seconds(40)
        try pushCrashy()
        setup.activate("segv")
        // The third crash says so on its screen at once.
        #expect(setup.texts == [Self.looped])
        #expect(buttons == [.button(label: "Restart", action: "tabhost:restart")])
        #expect(setup.factory.crashLoop(of: "crashy")?.crashes == 3)
        #expect(setup.log.lines.contains("crashy error: 3 crashes within 60 s; not restarted until you choose Restart"))
        #expect(host.apply(.back))

        // The fourth automatic start does not happen: the new screen is held, with no child.
        clock.elapsed = .seconds(300)  // holding does not wear off with time
        try pushCrashy()
        #expect(setup.childPID(of: "crashy") == nil)
        #expect(setup.texts == [Self.looped])
        #expect(buttons == [.button(label: "Restart", action: "tabhost:restart")])
        let held = try #require(setup.visibleInstance as? OutOfProcessModuleInstance)
        #expect(held.isHeld)
        #expect(setup.log.lines.contains { $0.hasPrefix("crashy warning: not started: 3 crashes within 60 s") })
        #expect(
            setup.factory.moduleStates == [
                ModuleProcessState(module: "crashy", state: .stopped, reason: Self.looped, crashes: 3)
            ])

        // The user's Restart always works: a child, the module running, the count forgotten.
        setup.activate("tabhost:restart")
        #expect(setup.childPID(of: "crashy") != nil)
        #expect(setup.texts == ["count 0"])
        #expect(!held.isHeld)
        #expect(setup.factory.crashLoop(of: "crashy") == nil)
        #expect(setup.factory.moduleStates == [])
        setup.activate("count")
        #expect(setup.texts == ["count 1"])
        // The next crash is the first again.
        setup.activate("segv")
        #expect(setup.texts == ["Crashy stopped: SIGSEGV in event \"segv\""])
        #expect(setup.factory.moduleStates.map(\.crashes) == [1])
    }

    @Test func crashesMoreThanAMinuteApartDoNotHoldIt() throws {
        try crash(at: 0)
        try crash(at: 61)
        try crash(at: 122)
        try crash(at: 183)
        clock.elapsed = .seconds(184)
        try pushCrashy()
        #expect(setup.childPID(of: "crashy") != nil)
        #expect(setup.texts == ["count 0"])
        #expect(setup.factory.crashLoop(of: "crashy") == nil)
    }

    @Test func theWindowSlides() throws {
        try crash(at: 0)
        try crash(at: 50)
        try crash(at: 100)  // the first is 100 s old: two within the minute
        #expect(setup.factory.crashLoop(of: "crashy") == nil)
        clock.elapsed = .seconds(105)
        try pushCrashy()
        setup.activate("segv")  // 50, 100, 105
        #expect(setup.texts == [Self.looped])
    }

    @Test func otherModulesKeepStarting() throws {
        for seconds in [0, 1, 2] { try crash(at: seconds) }
        try host.push(module: "probe", param: "fresh")
        #expect(setup.childPID(of: "probe") != nil)
        #expect(setup.screen.content.nodes.first == .section(title: "fresh"))
    }

    /// A reload of a held module's file starts no child either: the new version, with the state the
    /// old one saved, starts when the user chooses Restart.
    @Test func aReloadOfAHeldModuleWaitsForRestart() throws {
        let reloader = HotReloader(runtime: setup.runtime, host: host)
        try crash(at: 0)
        try crash(at: 1)
        clock.elapsed = .seconds(2)
        try pushCrashy()
        setup.activate("count")
        setup.activate("count")  // saved after each handled event (interval zero here)
        setup.activate("segv")
        #expect(setup.texts == [Self.looped])

        let source = IsolationModules.crashy.replacingOccurrences(of: "\"count %d\"", with: "\"v2 count %d\"")
        _ = try setup.fixture.compile("crashy.so", source: source)
        let reports = reloader.apply(.changed(setup.fixture.path("crashy.so")))
        #expect(reports.map(\.message) == ["reloaded crashy; it stays stopped until you choose Restart on its tab"])
        #expect(setup.childPID(of: "crashy") == nil)
        #expect(setup.texts == [Self.looped])
        setup.activate("tabhost:restart")
        #expect(setup.texts == ["v2 count 2"])
    }
}
