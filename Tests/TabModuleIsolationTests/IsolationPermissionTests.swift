import Foundation
import TabHostTesting
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// Grants open the sandbox: from the layout, from `tabhost dev`'s build directory, from the grants store;
/// a module that asks for a permission it was not granted shows the prompt on its tab before its child
/// starts, and Allow (kept in the store) or Not now (this session) starts it.
@Suite(.serialized, .blocking)
struct IsolationPermissionTests {
    /// The peek module of `IsolationSandboxTests`, asking to read `secret`.
    static func askingPeek(secret: String) -> String {
        IsolationSandboxTests.peekSource(secret: secret).replacingOccurrences(
            of: #".title = "Peek","#, with: #".title = "Peek", .permissions = "read:\#(secret)","#)
    }

    /// A started host running the asking peek in tabs "a" and "b", with `grants`; the store lives in a
    /// temporary directory unless `grants` names none.
    /// Where a test's grants come from.
    enum Grants {
        /// The grants store in the test's directory, empty at first.
        case store
        /// No store; the layout grants the module what it asks for.
        case layout
    }

    private static func withAskingPeek(
        sandbox: SandboxMode = .on, grants: Grants = .store,
        _ body: (IsolatedHost, _ secret: String, _ store: String) throws -> Void
    ) throws {
        let outside = try Fixture()
        defer { outside.remove() }
        let secret = outside.directory + "/secret.txt"
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        let store = outside.directory + "/config/tabhost/permissions.json"
        var settings = IsolatedHost.testSettings
        settings.sandbox = sandbox
        switch grants {
        case .store: settings.grants = ModuleGrantSource(storePath: store)
        case .layout: settings.grants = ModuleGrantSource(storePath: nil, layout: ["peek": ["read:\(secret)"]])
        }
        let setup = try IsolatedHost(
            modules: [("peek.so", askingPeek(secret: secret))],
            layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "peek"}, {"name": "b", "module": "peek"}]}}}"#,
            settings: settings)
        setup.host.start()
        try body(setup, secret, store)
        setup.factory.shutdown()
    }

    @Test func aModuleAskingForWhatItWasNotGrantedShowsThePromptAndStartsNoChild() throws {
        try Self.withAskingPeek { setup, secret, store in
            #expect(setup.texts.first == "Peek asks to: read \(secret)", "\(setup.texts)")
            #expect(setup.texts.contains("Not now runs it with what it was granted; it asks again next time."))
            let buttons = setup.screen.content.nodes.compactMap { if case .button(let label, _) = $0 { label } else { nil } }
            #expect(buttons == ["Allow", "Not now"])
            #expect(setup.childPID(of: "peek") == nil)
            #expect(!FileManager.default.fileExists(atPath: store))
            #expect(
                setup.log.lines.contains { $0.contains("asks to: read \(secret); waiting for Allow or Not now on its tab") },
                "\(setup.log.lines)")
        }
    }

    @Test func allowKeepsTheGrantInTheStoreAndStartsTheModuleWithIt() throws {
        try Self.withAskingPeek { setup, secret, store in
            setup.activate("tabhost:allow")
            #expect(setup.runLoop { setup.texts.contains("secret: read") }, "\(setup.texts)")
            let kept = ModuleGrantStore(path: store)
            #expect(kept.problem == nil)
            #expect(kept.grants.map(\.permissions) == [["read:\(secret)"]], "\(kept.grants)")
            #expect(kept.grants.first?.name == "peek")
            #expect(setup.log.lines.contains { $0.contains("granted read:\(secret) (kept in \(store))") }, "\(setup.log.lines)")
            // The other tab's instance of the module asks no more.
            #expect(setup.host.apply(.selectTab(1)))
            #expect(setup.runLoop { setup.texts.contains("secret: read") }, "\(setup.texts)")
        }
    }

    @Test func tabhostDevsBuildDirectoryIsGrantedWhatItsModulesDeclare() throws {
        try Self.withAskingPeek { first, _, _ in
            // The same module in a session whose grants name its directory as tabhost dev's build.
            var settings = IsolatedHost.testSettings
            settings.sandbox = .on
            settings.grants = ModuleGrantSource(storePath: nil)
            let secret = try #require(first.texts.first.map { String($0.dropFirst("Peek asks to: read ".count)) })
            let setup = try IsolatedHost(
                modules: [("peek.so", Self.askingPeek(secret: secret))],
                layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "peek"}]}}}"#, settings: settings)
            setup.factory.grants.declaringDirectories = [setup.fixture.directory]
            setup.host.start()
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
            setup.factory.shutdown()
        }
    }

    @Test func notNowRunsItWithWhatItHasAndDoesNotAskAgainInThisSession() throws {
        try Self.withAskingPeek { setup, _, store in
            setup.activate("tabhost:not-now")
            #expect(setup.runLoop { setup.texts.contains("secret: EACCES") }, "\(setup.texts)")
            #expect(!FileManager.default.fileExists(atPath: store))
            #expect(setup.host.apply(.selectTab(1)))
            #expect(setup.runLoop { setup.texts.contains("secret: EACCES") }, "\(setup.texts)")
        }
    }

    @Test func aLayoutsGrantOpensTheSandboxWithoutAPrompt() throws {
        try Self.withAskingPeek(grants: .layout) {
            setup, _, _ in
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
        }
    }

    @Test func withoutTheSandboxNothingIsAsked() throws {
        try Self.withAskingPeek(sandbox: .off) { setup, _, _ in
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
        }
    }
}
