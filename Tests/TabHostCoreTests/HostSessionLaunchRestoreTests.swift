import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleIsolation
import Testing

/// At launch an isolated module gets the state the file saved for it without the host waiting for
/// its answer: a refusal, when it comes, keeps the state aside with the same line as one waited for;
/// a module slow in `restore_state` is only its own tab's problem, and keeps the state for Restart.
@Suite(.serialized, .blocking)
struct HostSessionLaunchRestoreTests {
    static let root = #"{"stack": {"module": "saver"}}"#

    /// The saver with its `restore_state` body replaced by `body`.
    static func saver(restoring body: String) -> String {
        SaverModule.source.replacingOccurrences(
            of: "if (len != sizeof self->count) return 0;", with: "(void)self; (void)data; (void)len; \(body)")
    }

    /// A state file in `directory` holding the saver at "count 1".
    static func savedFile(in directory: Fixture) throws -> String {
        let statePath = directory.path("state.json")
        let harness = try SessionHarness(root: Self.root, modules: ["saver": SaverModule.source], statePath: statePath)
        #expect(SessionHarness.text(of: harness.session.settledScreen()) == "count 0")
        harness.session.perform(.activate("bump"))
        #expect(SessionHarness.text(of: harness.session.settledScreen()) == "count 1")
        #expect(harness.session.saveState() == nil)
        return statePath
    }

    @Test func aRefusalThatComesAfterTheLaunchKeepsTheStateAsideWithOneLine() throws {
        let states = try Fixture()
        let statePath = try Self.savedFile(in: states)
        let source = Self.saver(restoring: "return 0;")
        try #require(source.contains("(void)len; return 0;"), "the saver's source was not patched")
        let harness = try SessionHarness(root: Self.root, modules: ["saver": source], statePath: statePath)
        #expect(SessionHarness.text(of: harness.session.settledScreen()) == "count 0")
        let line = #/restore: restoration data: "saver" refused its saved state; it starts fresh \(the state is kept in (\S+)\)/#
        var kept: String?
        try harness.run(until: {
            kept = (try? String(contentsOfFile: harness.logPath, encoding: .utf8))?.firstMatch(of: line).map { String($0.output.1) }
            return kept != nil
        })
        let path = try #require(kept, "no refusal line in \(harness.logPath)")
        #expect(path.hasPrefix(statePath + ".refused/saver-state-file-"))
        #expect(FileManager.default.contents(atPath: path) == Data([1, 0, 0, 0]))
    }

    @Test func aModuleSlowInRestoreStateAtLaunchIsItsOwnTabsProblemAndKeepsTheState() throws {
        let states = try Fixture()
        let statePath = try Self.savedFile(in: states)
        let source = Self.saver(restoring: "for (volatile int spin = 1; spin;) {}")
        try #require(source.contains("for (volatile int spin"), "the saver's source was not patched")
        let settings = IsolationSettings(sandbox: .off, hangTimeout: .milliseconds(300), killTimeout: .milliseconds(1500))
        let harness = try SessionHarness(root: Self.root, modules: ["saver": source], statePath: statePath, isolationSettings: settings)
        let session = harness.session
        let firstRow = {
            if case .row(let row) = session.screen.content.nodes.first { row.title } else { nil as String? }
        }
        try harness.run(until: { firstRow()?.hasPrefix("Saver is not responding (restore_state, ") == true })
        #expect(firstRow()?.hasPrefix("Saver is not responding (restore_state, ") == true, "\(session.screen.content.nodes)")
        // Not taken for a refusal: nothing was kept aside.
        #expect(!FileManager.default.fileExists(atPath: statePath + ".refused"))
        try harness.run(until: { SessionHarness.text(of: session.screen)?.hasPrefix("Saver stopped: ") == true })
        #expect(SessionHarness.text(of: session.screen)?.contains("in restore_state") == true, "\(session.screen.content.nodes)")
        // The state stays for Restart, and Restart without saved state escapes it.
        #expect(
            session.screen.content.nodes.contains(
                .button(label: "Restart without saved state", action: OutOfProcessModuleInstance.restartWithoutStateAction)))
    }
}
