import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// A module's `save_soon` (ABI 1.2): its state reaches the `--state` file soon after, without a user
/// action, and an isolated module's Restart after a crash restores what it saved then.
@Suite(.serialized)
struct HostSessionSaveSoonTests {
    static let root = #"{"stack": {"module": "saver"}}"#
    static let modules = ["saver": SaverModule.source]

    /// The saver on screen in `harness`.
    static func saver(_ harness: SessionHarness) throws -> ModuleController {
        #expect(SessionHarness.text(of: harness.session.settledScreen()) == "count 0")
        return try #require(harness.session.runtime.controllers(ofModule: "saver").first)
    }

    @Test func aChangeMadeOutsideAnyActionIsInTheStateFileSoonAfterSaveSoon() throws {
        let states = try Fixture()
        let statePath = states.path("state.json")
        let harness = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath)
        let saver = try Self.saver(harness)
        // The module changes by itself (as in a tick): no user action schedules a save.
        saver.handle(.action("bump"))
        saver.moduleSaveSoon()
        saver.moduleSaveSoon()
        #expect(!FileManager.default.fileExists(atPath: statePath))
        try harness.run(until: { FileManager.default.fileExists(atPath: statePath) }, timeout: .seconds(3))
        try #require(FileManager.default.fileExists(atPath: statePath), "no state file after save_soon")
        // It holds what modules saved: the user's alone, whatever the umask.
        var info = stat()
        #expect(stat(statePath, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let saved = try JSONDecoder().decode(RestorationState.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        guard case .stack(let entries) = saved.root else {
            Issue.record("the saved root is not a stack: \(saved.root)")
            return
        }
        #expect(entries.map(\.module) == ["saver"])
        #expect(entries.first?.state == Data([1, 0, 0, 0]).base64EncodedString())
        // A host started from that file, as after a `kill -9`, shows the change.
        let next = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath)
        #expect(SessionHarness.text(of: next.session.settledScreen()) == "count 1")
    }

    @Test func restartAfterACrashRestoresWhatSaveSoonSaved() throws {
        let harness = try SessionHarness(root: Self.root, modules: Self.modules)
        let session = harness.session
        session.saveSoonDelay = .milliseconds(10)
        let saver = try Self.saver(harness)
        // Isolated (the default): the instance keeps a snapshot after its first event, then not for a while.
        saver.handle(.action("bump"))
        saver.handle(.action("bump"))
        saver.moduleSaveSoon()
        let deadline = ContinuousClock.now + .milliseconds(300)
        try harness.run(until: { ContinuousClock.now >= deadline })
        session.perform(.activate("segv"))
        #expect(SessionHarness.text(of: session.settledScreen())?.hasPrefix("Saver stopped") == true)
        session.perform(.activate("tabhost:restart"))
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 2")
    }
}
