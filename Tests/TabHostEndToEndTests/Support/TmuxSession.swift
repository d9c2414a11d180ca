import Foundation
import TabHostTesting
import Testing

/// A real terminal for end-to-end tests: a detached tmux session running one command.
///
/// Each session gets its own tmux server socket, so tests run in parallel and
/// never touch a user's tmux.
final class TmuxSession {
    let socket: String
    let name = "tabhost"
    /// The session's own `XDG_CACHE_HOME` (removed with the session).
    let cacheHome: String

    /// Starts `command` (run by `sh -c`) in a `width`×`height` terminal.
    init(_ command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "tabhost-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        // A private metadata cache unless the test shares one: a host in tmux never touches ~/.cache.
        cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-cache").path
        let environment = ["XDG_CACHE_HOME": cacheHome].merging(environment) { $1 }
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        // `remain-on-exit` (set from a config file, so before the command starts) keeps the pane
        // after the command ends, so its last screen and exit status can be read. The server has read
        // the file when `new-session` returns; the file's directory goes then.
        try withTemporaryDirectory(prefix: "\(socket)-conf") { directory in
            let config = directory + "/tmux.conf"
            try "set -g remain-on-exit on\nset -g status off\n".write(toFile: config, atomically: true, encoding: .utf8)
            try Self.tmux(
                [
                    "-L", socket, "-f", config, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name,
                    "sh", "-c", exports + command,
                ])
        }
    }

    deinit {
        _ = try? Self.tmux(["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: cacheHome)
    }

    /// Sends keys as tmux names them ("Down", "Enter", "q", "C-l"…).
    func send(_ keys: String...) throws {
        try Self.tmux(["-L", socket, "send-keys", "-t", name] + keys)
    }

    /// Sends raw bytes (escape sequences such as SGR mouse reports) as literal input.
    func sendLiteral(_ text: String) throws {
        try Self.tmux(["-L", socket, "send-keys", "-t", name, "-l", text])
    }

    /// The visible screen as text.
    func capture() throws -> String {
        try Self.tmux(["-L", socket, "capture-pane", "-p", "-t", name])
    }

    /// A tmux format value for the pane (e.g. "#{alternate_on}", "#{pane_dead_status}").
    func paneValue(_ format: String) throws -> String {
        try Self.tmux(["-L", socket, "display-message", "-p", "-t", name, format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the command running in the pane.
    func panePID() throws -> pid_t {
        pid_t(try paneValue("#{pane_pid}")) ?? -1
    }

    /// Polls the screen until `predicate` holds; returns the last screen either way.
    /// `recordingTimeout` false: the caller tells a timeout by checking the screen it gets back.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(20), recordingTimeout: Bool = true, sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = try capture()
        while !predicate(screen) {
            if ContinuousClock.now > deadline {
                if recordingTimeout {
                    Issue.record("screen never matched; last screen:\n\(screen)", sourceLocation: sourceLocation)
                }
                return screen
            }
            usleep(50_000)
            screen = try capture()
        }
        return screen
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        try waitForScreen(timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until the pane's command has exited; returns its exit status (nil on timeout).
    func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try paneValue("#{pane_dead}") == "1" {
                return Int32(try paneValue("#{pane_dead_status}"))
            }
            usleep(50_000)
        }
        return nil
    }

    /// Runs tmux with `arguments`; returns what it printed.
    ///
    /// Not through Foundation's `Process`: it notices a child's exit through a socket the child inherits,
    /// and `new-session` forks the tmux server, which would keep that socket open. TabHostTesting's `run`
    /// closes every descriptor above 2 in the child and captures into files, and starts it with no
    /// signal blocked: the test runner blocks most signals, and a tmux server that inherits that mask
    /// never reaps its panes and ignores `kill-server`, so it outlived the tests.
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let result: ProcessResult
        do {
            result = try run("tmux", arguments: arguments, timeout: .seconds(60))
        } catch {
            throw TmuxError(arguments: arguments, output: "\(error)")
        }
        guard result.succeeded else { throw TmuxError(arguments: arguments, output: result.stdout + result.stderr) }
        return result.stdout
    }
}

/// A tmux command failed.
struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var output: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(output)" }
}
