import Foundation

/// Drives a built tab module headless from Swift Testing, exactly as a `.tabtest` script does: the
/// module in its real child process under the default sandbox with only the given grants, a fresh data
/// directory, an 80×24 screen drawn by the terminal renderer in memory, and a test clock that only
/// `advance(by:)` moves. Every step returns once the module has settled (nothing in flight, its child
/// idle), so a test never sleeps.
///
/// A thin client of the installed `tabhost` (`tabhost test-drive`, over a pipe): it brings none of the
/// host's dependencies into your package.
///
/// ```swift
/// @Test func sends() throws {
///     let tester = try ModuleTester(path: ".build/debug/libCompose.so", name: "compose", param: "draft")
///     try tester.type("Hello, world")
///     #expect(tester.screen.contains("12/280"))
///     try tester.click("Send")
///     #expect(tester.result == "sent")
/// }
/// ```
public final class ModuleTester {
    /// The whole screen as text, after the last step.
    public private(set) var screen = ""
    /// The title bar's title.
    public private(set) var title = ""
    /// The focused item's label (a row's title, a button's, a field's placeholder); nil for none.
    public private(set) var focus: String?
    /// What the last screen that finished returned; nil when none finished.
    public private(set) var result: String?
    /// The module's log lines, oldest first.
    public private(set) var log: [String] = []
    /// The content area in `tabhost test`'s snapshot format (text, then one line per styled run).
    public private(set) var snapshot = ""
    /// Why this kernel's sandbox cannot test what the module was granted; nil when it can. Skip the test
    /// when set (`.enabled(if:)` or an early return), never count it as passed.
    public private(set) var skipReason: String?

    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()

    /// Starts the module at `path` (a built `.so`) with `param`, granted only `grants`. `name` is the
    /// module's (its descriptor's) name, by default the file's name without `lib` and `.so`; `tabhost` is
    /// the `tabhost` executable, by default `$TABHOST` or the first `tabhost` on `PATH`. Throws when the
    /// module does not start.
    public init(
        path: String, name: String? = nil, param: String? = nil, grants: [String] = [], slowCallMilliseconds: Int = 250,
        tabhost: String? = nil
    ) throws {
        let executable = try tabhost ?? Self.findTabHost()
        var arguments = ["test-drive", path, "--slow", String(slowCallMilliseconds)]
        if let name { arguments += ["--name", name] }
        if let param { arguments += ["--param", param] }
        for grant in grants { arguments += ["--grant", grant] }
        let toChild = Pipe()
        let fromChild = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = toChild
        process.standardOutput = fromChild
        input = toChild.fileHandleForWriting
        output = fromChild.fileHandleForReading
        try process.run()
        let reply = try receive(step: "start")
        skipReason = reply.skip
    }

    deinit {
        close()
    }

    /// Presses keys as the terminal sends them: `enter esc tab backtab up down left right home end pageup
    /// pagedown backspace delete space`, `ctrl-X`, `alt-enter`, or one character.
    public func press(_ keys: String...) throws {
        // Key names go as they are; a single character quoted, so that `#`, `"` and a space are keys too.
        try step("press " + keys.map { $0.count == 1 ? Self.quoted($0) : $0 }.joined(separator: " "))
    }

    /// Types `text` into the focused field.
    public func type(_ text: String) throws {
        try step("type " + Self.quoted(text))
    }

    /// Activates the one row, button, toggle, row action or alert button titled `label`.
    public func click(_ label: String) throws {
        try step("click " + Self.quoted(label))
    }

    /// Moves the test clock by `duration`: timers and ticks due on the way fire in order.
    public func advance(by duration: Duration) throws {
        let (seconds, attoseconds) = duration.components
        try step("wait \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms")
    }

    /// A hot reload of the same module file, with its state (`save_state` → new instance → `restore_state`).
    public func reload() throws {
        try step("reload")
    }

    /// Ends the session and starts it again with the same data directory.
    public func restart() throws {
        try step("restart")
    }

    /// The screen's size from now on.
    public func resize(columns: Int, rows: Int) throws {
        try step("size \(columns)x\(rows)")
    }

    /// Ends the module's session (also when the tester goes).
    public func close() {
        guard process.isRunning else { return }
        try? input.close()
        process.waitUntilExit()
    }

    // MARK: The pipe

    private func step(_ line: String) throws {
        do {
            try input.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw ModuleTesterError(step: line, lines: ["tabhost test-drive is gone: \(error)"])
        }
        _ = try receive(step: line)
    }

    private func receive(step: String) throws -> Reply {
        guard let line = readLine() else {
            process.waitUntilExit()
            throw ModuleTesterError(
                step: step, lines: ["tabhost test-drive ended (status \(process.terminationStatus)); its standard error says why"])
        }
        let reply: Reply
        do {
            reply = try JSONDecoder().decode(Reply.self, from: line)
        } catch {
            throw ModuleTesterError(step: step, lines: ["cannot read tabhost test-drive's answer (\(error)); is tabhost the same version?"])
        }
        screen = reply.screen
        title = reply.title
        focus = reply.focus
        result = reply.result
        log = reply.log
        snapshot = reply.snapshot
        guard reply.failure.isEmpty else { throw ModuleTesterError(step: step, lines: reply.failure) }
        return reply
    }

    private func readLine() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[buffer.index(after: newline)...])
                return Data(line)
            }
            let more = output.availableData
            if more.isEmpty { return nil }
            buffer.append(more)
        }
    }

    private static func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        return "\"" + escaped + "\""
    }

    private static func findTabHost() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TABHOST"], !path.isEmpty { return path }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(directory) + "/tabhost"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ModuleTesterError(step: "start", lines: ["no tabhost on PATH; install TabHost or set TABHOST to its path"])
    }
}
