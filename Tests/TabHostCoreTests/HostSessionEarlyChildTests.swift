import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleIsolation
import Testing

/// The session starts the child of the tab it shows first while it opens (the tab the state file
/// selected, else the layout's first), so that the child opens its module during the rest of the
/// start; that tab's instance then runs in it.
@Suite(.serialized, .blocking)
struct HostSessionEarlyChildTests {
    static let root = #"{"tabs": [{"name": "one", "module": "first"}, {"name": "two", "module": "second"}]}"#
    /// Two modules that keep no state (a tab with a saved state is made while the state file is
    /// restored, its child started then).
    static let modules = [
        "first": HostSessionIsolationTests.source(name: "first"), "second": HostSessionIsolationTests.source(name: "second"),
    ]

    static func processes(of session: HostSession) throws -> OutOfProcessModuleInstanceFactory {
        try #require((session.runtime.factory as? MixedModuleInstanceFactory)?.outOfProcess)
    }

    @Test(arguments: [nil, 1] as [Int?])
    func theTabShownFirstRunsInTheChildStartedWhileTheSessionOpened(selected: Int?) throws {
        let states = try Fixture()
        let statePath = states.path("state.json")
        if let selected {
            let first = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath)
            first.session.perform(.selectTab(selected))
            #expect(first.session.saveState() == nil)
        }
        let module = selected == nil ? "first" : "second"
        let harness = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath, starts: false)
        let processes = try Self.processes(of: harness.session)
        let started = try #require(processes.startedChild, "no child started while the session opened")
        #expect(started.module == module)
        #expect(processes.childProcesses.isEmpty)
        harness.session.start()
        let text = SessionHarness.text(of: harness.session.settledScreen())
        #expect(text?.hasPrefix("pid ") == true, "\(text ?? "no text")")
        #expect(processes.startedChild == nil)
        #expect(processes.childProcesses.map(\.module) == [module])
        #expect(processes.childProcesses.first?.pid == started.pid)
    }
}
