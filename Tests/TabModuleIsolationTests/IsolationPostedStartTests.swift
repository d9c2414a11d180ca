import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// A tab's `start` is posted when nothing nests it: the host comes back at once, the tab shows its
/// title line, then the busy mark and the not-responding line naming `start`, while the other tabs
/// stay usable.
@Suite(.serialized, .disabled(if: Sanitizers.thread, "the spinning module's child runs beside the host's threads"))
final class IsolationPostedStartTests {
    @Test func aTabWhoseStartSpinsShowsItsTitleThenTheMarkAndTheLineWhileOthersAnswer() throws {
        var settings = IsolatedHost.testSettings
        settings.killTimeout = .seconds(10)
        let setup = try IsolatedHost(
            modules: [("tally.so", IsolationHangTests.tally), ("crashy.so", IsolationModules.crashy)],
            layout: #"{"root": {"stack": {"tabs": ["# + #"{"name": "a", "module": "tally"}, "#
                + #"{"name": "b", "module": "crashy", "param": "spin"}]}}}"#,
            settings: settings)
        let host = setup.host
        host.start()
        // Not `settled`: the spinning start never settles.
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 0" }))
        #expect(host.apply(.selectTab(1)))
        let crashy = try #require((host.visibleController as? ModuleController)?.instance as? OutOfProcessModuleInstance)
        // Posted: nothing gave up on the start yet (a start waited for would have, at the hang timeout).
        #expect(!crashy.isNotResponding)
        #expect(setup.textsNow == ["Crashy"])
        let badges = { host.screen.tabBar?.items.map(\.badge) ?? [] }
        #expect(setup.runLoop(until: { badges() == [nil, ModuleController.busyMark] }))
        let line = {
            if case .row(let row) = host.screen.content.nodes.first { row.title } else { nil as String? }
        }
        #expect(setup.runLoop(until: { line()?.hasPrefix("Crashy is not responding (start, ") == true }), "\(line() ?? "none")")
        #expect(setup.textsNow == ["Crashy"])
        // The other tab answers meanwhile, and is never marked.
        #expect(host.apply(.selectTab(0)))
        setup.activate("press", settle: false)
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 1" }))
        #expect(badges() == [nil, ModuleController.busyMark])
    }
}
