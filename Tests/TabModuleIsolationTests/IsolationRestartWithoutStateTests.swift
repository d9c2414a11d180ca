import TabHostTesting
import TabKit
import Testing

@testable import TabModuleIsolation

/// A crashed tab that had saved a state offers Restart and Restart without saved state: when the
/// state is what crashes the module (its `restore_state` crashes on it), Restart crashes again and
/// Restart without saved state runs it with a fresh state, dropping the bad one.
@Suite(.serialized)
final class IsolationRestartWithoutStateTests {
    let setup: IsolatedHost
    var host: ContainerHost { setup.host }

    static let restart = ViewNode.button(label: "Restart", action: "tabhost:restart")
    static let restartWithoutState = ViewNode.button(label: "Restart without saved state", action: "tabhost:restart-without-state")

    init() throws {
        setup = try IsolatedHost(modules: [("poison.so", IsolationModules.poison)], layout: #"{"root": {"stack": {"module": "poison"}}}"#)
        setup.host.start()
    }

    private var buttons: [ViewNode] {
        setup.screen.content.nodes.filter { if case .button = $0 { true } else { false } }
    }

    /// Saves the poison (snapshots follow every handled event in these tests), then crashes.
    private func poisonAndCrash() {
        setup.activate("count")
        setup.activate("poison")
        #expect(setup.texts == ["count 666"])
        setup.activate("segv")
        #expect(setup.texts == ["Poison stopped: SIGSEGV in event \"segv\""])
    }

    @Test func restartCrashesOnThePoisonAndRestartWithoutSavedStateRunsWithAFreshState() throws {
        poisonAndCrash()
        #expect(buttons == [Self.restart, Self.restartWithoutState])

        setup.activate("tabhost:restart")
        #expect(setup.texts == ["Poison stopped: SIGSEGV in restore_state"])
        #expect(buttons == [Self.restart, Self.restartWithoutState])
        #expect(!setup.log.lines.contains { $0.contains("did not restore") }, "the crash says why: \(setup.log.lines)")

        setup.activate("tabhost:restart-without-state")
        #expect(setup.texts == ["count 0"])
        #expect(setup.childPID(of: "poison") != nil)
        #expect(
            setup.log.lines.contains("poison info: restarted after SIGSEGV in restore_state, without its saved state (4 bytes dropped)"),
            "\(setup.log.lines)")

        // The poison is gone for good: the next crash restores what the fresh module saved since.
        setup.activate("count")
        setup.activate("segv")
        setup.activate("tabhost:restart")
        #expect(setup.texts == ["count 1"])
    }

    @Test func aCrashBeforeAnyStateWasSavedOffersRestartAlone() {
        setup.activate("segv")
        #expect(setup.texts == ["Poison stopped: SIGSEGV in event \"segv\""])
        #expect(buttons == [Self.restart])
        setup.activate("tabhost:restart")
        #expect(setup.texts == ["count 0"])
    }

    /// After a crash loop (three crashes within a minute, the last two on screens pushed over it)
    /// the first screen still leaves the state out on request, and that ends the loop.
    @Test func restartWithoutSavedStateEndsACrashLoop() throws {
        poisonAndCrash()
        for _ in 0..<2 {
            try host.push(module: "poison", param: nil)
            setup.activate("segv")
            #expect(host.apply(.back))
        }
        #expect(setup.factory.crashLoop(of: "poison")?.crashes == 3)
        // Shown again after Back, the 1.2 module's first screen is drawn anew: it says the loop holds it.
        #expect(
            setup.texts == ["Poison stopped: SIGSEGV in event \"segv\" (3 crashes within 60 s; not restarted until you choose Restart)"])
        #expect(buttons == [Self.restart, Self.restartWithoutState])

        setup.activate("tabhost:restart-without-state")
        #expect(setup.texts == ["count 0"])
        #expect(setup.factory.crashLoop(of: "poison") == nil)
    }
}
