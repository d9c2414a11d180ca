import Foundation
import TabHostClient
import TabHostCore
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleIsolation

/// A live session over the counting module in a temporary directory, with its own loop and log; all of it
/// goes when the harness goes.
final class SessionHarness {
    let directory: Fixture
    let loop = PollEventLoop()
    let opened: HostSession.Opened
    var session: HostSession { opened.session }
    var logPath: String { directory.path("host.log") }

    /// `root` is the layout's root node as JSON text; `modules` are compiled into the module
    /// directory as NAME.so; `statePath` is the `--state` file (none by default); `starts` false leaves
    /// the session opened and not started.
    init(
        root: String = #"{"stack": {"module": "counting"}}"#, extraFiles: [String: String] = [:],
        modules sources: [String: String] = ["counting": CountingModule.source], statePath: String? = nil,
        isolationSettings: IsolationSettings = IsolationSettings(sandbox: .on), starts: Bool = true
    ) throws {
        directory = try Fixture()
        let modules = directory.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        _ = chmod(modules, 0o755)
        for (name, source) in sources {
            try Fixture.compileModule(source, to: modules + "/\(name).so", flags: ["-Wall", "-Werror", "-shared", "-fPIC", "-pthread"])
        }
        for (name, text) in extraFiles { try text.write(toFile: modules + "/" + name, atomically: true, encoding: .utf8) }
        let layout = try directory.write("layout.json", text: #"{"root": \#(root)}"#)
        let configuration = SessionConfiguration(
            directories: [.init(modules)], layoutPath: layout, statePath: statePath, logPath: directory.path("host.log"), watch: false,
            isolationSettings: isolationSettings)
        opened = try HostSession.open(configuration, loop: loop)
        if starts { session.start() }
    }

    /// Runs loop iterations until `done` or `timeout`.
    func run(until done: () -> Bool, timeout: Duration = .seconds(5)) throws {
        let deadline = ContinuousClock.now + timeout
        while !done() && ContinuousClock.now < deadline {
            try loop.runOnce(timeout: .milliseconds(20))
        }
    }

    /// The first text node of a screen's content.
    static func text(of screen: Screen) -> String? {
        for node in screen.content.nodes { if case .text(let text) = node { return text } }
        return nil
    }

    /// The private copies go with the harness, then its fixture's directory: a test holds it in a `let`.
    deinit { opened.copies.removeAll() }
}
