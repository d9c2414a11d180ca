import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// A module's `save_soon` (ABI 1.2): its state reaches the `--state` file soon after, without a user
/// action, and an isolated module's Restart after a crash restores what it saved then.
@Suite(.serialized, .blocking)
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
        // A host started from that file, as after a `kill -9` (whose lock on it the kernel drops), shows the change.
        harness.session.stateFileLock = nil
        let next = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath)
        #expect(SessionHarness.text(of: next.session.settledScreen()) == "count 1")
    }

    /// A module calling `save_soon` without pause, its state changing each time, has the file written
    /// once a `saveSoonInterval` (it was every `saveSoonDelay`: ten syncs a second of a state that can
    /// be a megabyte), and its last state still reaches the file.
    @Test func aStreamOfSaveSoonWritesOnceASecond() throws {
        let states = try Fixture()
        let statePath = states.path("state.json")
        let harness = try SessionHarness(root: Self.root, modules: Self.modules, statePath: statePath)
        let saver = try Self.saver(harness)
        var seen: [String] = []
        let end = ContinuousClock.now + .milliseconds(2500)
        var bumps = 0
        while ContinuousClock.now < end {
            saver.handle(.action("bump"))
            bumps += 1
            saver.moduleSaveSoon()
            let until = ContinuousClock.now + .milliseconds(20)
            try harness.run(until: { ContinuousClock.now >= until })
            if let text = try? String(contentsOfFile: statePath, encoding: .utf8), text != seen.last { seen.append(text) }
        }
        // Written at about 0.1, 1.1 and 2.1 s: three, where every tenth of a second made about 25.
        #expect(!seen.isEmpty && seen.count <= 4, "\(seen.count) writes")
        let last = withUnsafeBytes(of: Int32(bumps).littleEndian) { Data($0) }.base64EncodedString()
        try harness.run(until: { (try? String(contentsOfFile: statePath, encoding: .utf8))?.contains(last) == true }, timeout: .seconds(3))
        #expect((try? String(contentsOfFile: statePath, encoding: .utf8))?.contains(last) == true)
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
