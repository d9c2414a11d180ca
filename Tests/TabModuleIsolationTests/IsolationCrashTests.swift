import Foundation
import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// A module that crashes takes down its child, never the host: its tab says what happened and offers
/// Restart, which brings back the state it last saved; other tabs keep running.
@Suite(.serialized)
final class IsolationCrashTests {
    let setup: IsolatedHost
    var host: ContainerHost { setup.host }

    init() throws {
        setup = try IsolatedHost.crashyBesideProbe()
    }

    private var buttons: [ViewNode] {
        setup.screen.content.nodes.filter { if case .button = $0 { true } else { false } }
    }

    @Test(arguments: [
        ("segv", "Crashy stopped: SIGSEGV in event \"segv\""),
        ("abort", "Crashy stopped: SIGABRT in event \"abort\""),
        ("exit", "Crashy stopped: exit status 0 in event \"exit\""),
    ])
    func aCrashShowsOnItsTabWithRestart(action: String, message: String) throws {
        let before = try #require(setup.childPID(of: "crashy"))
        setup.activate(action)
        #expect(setup.texts == [message])
        #expect(buttons == [.button(label: "Restart", action: "tabhost:restart")])
        #expect(setup.log.lines.contains("crashy error: stopped: \(message.dropFirst("Crashy stopped: ".count))"))
        #expect(setup.childPID(of: "crashy") == nil)
        #expect(!ProcessState.exists(before))  // reaped, not a zombie
    }

    @Test func otherTabsKeepRunningWithTheirState() throws {
        #expect(host.apply(.selectTab(1)))
        host.visibleController.handle(.action("title:Kept"))
        #expect(host.apply(.selectTab(0)))
        setup.activate("segv")
        #expect(host.apply(.selectTab(1)))
        #expect(setup.screen.title == "Kept")
        #expect(setup.screen.content.nodes.first == .section(title: "B"))
        host.visibleController.handle(.action("badge:2"))
        #expect(setup.screen.tabBar?.items.map(\.badge) == [nil, "2"])
    }

    @Test func restartStartsANewChildAndRestoresTheLastSavedState() throws {
        for _ in 0..<3 { setup.activate("count") }
        #expect(setup.texts == ["count 3"])
        let first = try #require(setup.childPID(of: "crashy"))
        setup.activate("segv")
        setup.activate("tabhost:restart")
        let second = try #require(setup.childPID(of: "crashy"))
        #expect(second != first)
        #expect(setup.texts == ["count 3"])
        #expect(setup.log.lines.contains { $0.hasPrefix("crashy info: restarted after SIGSEGV") })
        setup.activate("count")
        #expect(setup.texts == ["count 4"])
    }

    @Test func aModuleThatClosesEveryDescriptorStopsAlone() {
        setup.activate("close-all")
        #expect(setup.texts.first?.hasPrefix("Crashy stopped: ") == true)
        #expect(buttons == [.button(label: "Restart", action: "tabhost:restart")])
        #expect(host.apply(.selectTab(1)))
        #expect(setup.screen.content.nodes.first == .section(title: "B"))
    }

    @Test func aCrashWhileIdleIsNoticedOnTheLoop() throws {
        let pid = try #require(setup.childPID(of: "crashy"))
        #expect(kill(pid, SIGKILL) == 0)
        #expect(setup.runLoop(until: { self.setup.childPID(of: "crashy") == nil }))
        #expect(host.needsRender)
        #expect(setup.texts == ["Crashy stopped: SIGKILL"])
    }

    /// What the module writes to stdout and stderr goes to the log with its name, one line per line.
    @Test func outputGoesToTheLogNotTheTerminal() {
        setup.activate("print")
        #expect(setup.runLoop(until: { self.setup.log.lines.contains("crashy info: hello from stderr") }))
        #expect(setup.log.lines.contains("crashy info: hello from stdout"))
        let record = setup.log.entries.first { $0.message == "hello from stdout" }
        #expect(record?.metadata["module"] == "crashy")
    }
}
