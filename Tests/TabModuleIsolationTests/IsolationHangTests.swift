import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// No module call blocks the host past its deadline: a hung call returns, the tab says the module is
/// not responding, everything else stays usable, a late render is shown, and a child that stays
/// silent past the kill timeout is killed (300 ms and 1.5 s here; 1 s and 10 s by default).
@Suite(.serialized)
final class IsolationHangTests {
    let setup: IsolatedHost
    var host: ContainerHost { setup.host }

    init() throws {
        setup = try IsolatedHost.crashyBesideProbe()
    }

    /// How long `body` takes.
    private func timed(_ body: () -> Void) -> Duration {
        let start = ContinuousClock.now
        body()
        return ContinuousClock.now - start
    }

    @Test func aHangInEventReturnsAfterTheDeadlineAndTheHostStaysUsable() throws {
        let took = timed { setup.activate("hang") }
        #expect(took >= .milliseconds(300) && took < .seconds(1))
        #expect(setup.texts == ["Crashy is not responding", "It is stopped if it does not answer within 1.5 s."])
        // Later calls on the hung module return at once; other tabs work.
        #expect(timed { setup.activate("count") } < .milliseconds(100))
        #expect(host.apply(.selectTab(1)))
        #expect(host.screen.content.nodes.first == .section(title: "B"))
        #expect(host.apply(.selectTab(0)))
        #expect(setup.log.lines.contains("crashy warning: not responding: no answer to event \"hang\" within 0.3 s"))
    }

    @Test func aHungChildIsKilledAfterTheKillTimeoutAndCanRestart() throws {
        setup.activate("count")
        let pid = try #require(setup.childPID(of: "crashy"))
        setup.activate("hang")
        #expect(setup.runLoop(until: { self.setup.childPID(of: "crashy") == nil }, timeout: .seconds(5)))
        #expect(!ProcessState.exists(pid))
        #expect(setup.texts == ["Crashy stopped: not responding for 1.5 s in event \"hang\""])
        setup.activate("tabhost:restart")
        #expect(setup.texts == ["count 1"])
    }

    @Test func aHangInRenderReturnsTheNotRespondingScreen() {
        let took = timed { setup.activate("hang-render") }  // the event invalidates; the render hangs
        #expect(took < .milliseconds(300))
        #expect(timed { _ = host.screen } < .seconds(1))
        #expect(setup.texts.first == "Crashy is not responding")
        #expect(host.apply(.selectTab(1)))
        #expect(host.screen.content.nodes.first == .section(title: "B"))
    }

    @Test func aLateRenderIsShownWhenItArrives() {
        setup.activate("count")
        setup.activate("slow-render:600")
        #expect(setup.texts.first == "Crashy is not responding")
        // What a running host publishes for `tabhost inspect`, while it lasts.
        #expect(
            setup.factory.moduleStates == [
                ModuleProcessState(module: "crashy", state: .notResponding, reason: "Crashy is not responding", crashes: 0)
            ])
        host.needsRender = false
        #expect(setup.runLoop(until: { self.host.needsRender }))
        #expect(setup.texts == ["count 1"])
        #expect(setup.factory.moduleStates == [])
        // Answering again, the module gets calls again.
        setup.activate("count")
        #expect(setup.texts == ["count 2"])
    }

    @Test func aSlowEventWithinTheDeadlineIsJustSlow() {
        setup.activate("slow-event:100")
        setup.activate("count")
        #expect(setup.texts == ["count 1"])
    }
}
