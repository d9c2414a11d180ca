import Foundation
import TabHostTesting
import Testing

/// The sandbox cannot be forgotten: outside `TabModuleIsolation`, scanners and module children are made
/// only by `IsolationSettings.scanner(logger:)` and `.moduleChildren(logger:)`, and only what the user
/// chose (`--sandbox`) turns the sandbox off. Checked on every Swift file under Sources/, so a new command
/// that builds a scanner another way fails here.
@Suite(.blocking)
struct OneProcessFactoryTests {
    /// Every Swift file under Sources/ outside `TabModuleIsolation`, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = Products.repositoryRoot + "/Sources"
        guard let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] else {
            throw FixtureError("cannot list \(root)")
        }
        return try all.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("TabModuleIsolation/") }.sorted().map {
            ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8))
        }
    }

    @Test func noCommandBuildsAScannerOrAModuleChildButThroughTheFactory() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, text) in files {
            for constructor in ["ModuleScanner(", "OutOfProcessModuleInstanceFactory(", "ModuleHostProcess("] {
                #expect(!text.contains(constructor), "Sources/\(path) calls \(constructor): use IsolationSettings' factory")
            }
        }
    }

    /// `.off` is written only where the user's `--sandbox off` is parsed or passed on, never as a default
    /// (`tabhost-bench` measures both ways on purpose, and is not shipped).
    @Test func theSandboxIsTurnedOffOnlyByTheUsersChoice() throws {
        for (path, text) in try Self.sources() where !path.hasPrefix("tabhost-bench/") {
            for spelling in ["sandbox: .off", "sandbox = .off", "sandbox: SandboxMode = .off", "SandboxMode.off"] {
                #expect(!text.contains(spelling), "Sources/\(path) turns the sandbox off itself (\(spelling))")
            }
        }
    }
}
