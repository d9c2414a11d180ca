import Foundation
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a child process ended.
public enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// A signal ended it (SIGKILL when `run` stopped it at its timeout).
    case signaled(Int32)

    public var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signaled(let signal): "signal \(signal)"
        }
    }
}

/// What a finished child process did: how it ended and everything it wrote.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// How it ended.
    public var termination: Termination
    /// True when it was still running at the timeout and was killed (`termination` is then SIGKILL).
    public var timedOut: Bool
    /// Everything it wrote to its standard output (empty when its streams were a terminal).
    public var stdout: String
    /// Everything it wrote to its standard error (empty when its streams were a terminal).
    public var stderr: String

    /// The exit status as a shell reports it: the status of `exit`, or 128 + the signal.
    public var status: Int32 {
        switch termination {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }

    /// It exited with status 0 before the timeout.
    public var succeeded: Bool { termination == .exited(0) && !timedOut }

    public var description: String {
        "\(termination)\(timedOut ? " (killed at the timeout)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
}

/// What a child process reads on its standard input.
public enum ProcessInput: Sendable {
    /// `/dev/null`.
    case none
    /// These bytes, then end of file.
    case bytes([UInt8])
    /// This text in UTF-8, then end of file.
    case text(String)
    /// A descriptor of the caller's (duplicated into the child; the caller keeps and closes it).
    case descriptor(Int32)
}

/// A process that could not be started, or its output not captured.
public struct ProcessError: Error, CustomStringConvertible {
    /// What failed, with the command line.
    public let description: String
}

/// Runs `executable` to the end and returns its termination and output.
///
/// - Parameters:
///   - executable: a path, or a bare name looked up in the test process's `PATH` (`"tmux"`, `"cc"`).
///   - arguments: its arguments after `argv[0]` (which is `executable`).
///   - environment: variables set over the test process's environment (the rest is inherited).
///   - stdin: what it reads on its standard input (default `/dev/null`).
///   - terminal: when set, all three standard streams are this descriptor (a pseudo-terminal's
///     device) and nothing is captured.
///   - timeout: how long it may run; then it is killed with SIGKILL and `timedOut` is set.
///
/// The child is started with `posix_spawn`: no signal blocked and every signal at its default (the
/// test runner blocks and ignores some, which a child would inherit), every descriptor above 2
/// closed (a child that forks a daemon, as `tmux new-session` does, leaves none of the test's
/// descriptors open in it), and stdout and stderr captured into unlinked temporary files rather than
/// pipes, so neither a full pipe nor a daemon holding one open can stall the wait.
@discardableResult
public func run(
    _ executable: String, arguments: [String] = [], environment: [String: String] = [:], stdin: ProcessInput = .none,
    terminal: Int32? = nil, timeout: Duration = .seconds(120)
) throws -> ProcessResult {
    try RunningProcess(executable, arguments: arguments, environment: environment, stdin: stdin, terminal: terminal)
        .wait(timeout: timeout)
}

/// A started child process (see `run(_:arguments:environment:stdin:terminal:timeout:)` for how it is
/// started); for tests that run several at once or talk to a server while it runs. If it is still
/// running when this object goes away, it is killed (SIGKILL) and reaped.
public final class RunningProcess {
    /// Its process id.
    public let pid: pid_t
    /// The command line, for messages.
    public let commandLine: String
    private let stdoutFile: Int32
    private let stderrFile: Int32
    private var result: ProcessResult?

    /// Starts `executable` (see `run`).
    public init(
        _ executable: String, arguments: [String] = [], environment: [String: String] = [:], stdin: ProcessInput = .none,
        terminal: Int32? = nil
    ) throws {
        commandLine = ([executable] + arguments).joined(separator: " ")
        stdoutFile = try Self.unlinkedTemporaryFile()
        stderrFile = try Self.unlinkedTemporaryFile()
        var inputFile: Int32 = -1
        defer { if inputFile >= 0 { close(inputFile) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal {
            for target: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, terminal, target) }
        } else {
            switch stdin {
            case .none:
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
            case .bytes(let bytes):
                inputFile = try Self.unlinkedTemporaryFile(holding: bytes)
                posix_spawn_file_actions_adddup2(&actions, inputFile, 0)
            case .text(let text):
                inputFile = try Self.unlinkedTemporaryFile(holding: Array(text.utf8))
                posix_spawn_file_actions_adddup2(&actions, inputFile, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, stdoutFile, 1)
            posix_spawn_file_actions_adddup2(&actions, stderrFile, 2)
        }
        _ = closeFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for string in argv { free(string) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in envp { free(string) } }

        var pid: pid_t = 0
        let spawned =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            close(stdoutFile)
            close(stderrFile)
            throw ProcessError(description: "\(commandLine): cannot start: \(Errno(rawValue: spawned).description)")
        }
        self.pid = pid
    }

    deinit {
        if result == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(stdoutFile)
        close(stderrFile)
    }

    /// Everything it has written to its standard output so far.
    public var stdoutSoFar: String { Self.contents(of: stdoutFile) }
    /// Everything it has written to its standard error so far.
    public var stderrSoFar: String { Self.contents(of: stderrFile) }
    /// True until it has ended and been reaped by `wait`.
    public var isRunning: Bool {
        result == nil && reap(hang: false) == nil
    }

    /// Sends it `signal` (SIGTERM by default).
    public func signal(_ signal: Int32 = SIGTERM) { if result == nil { kill(pid, signal) } }

    /// Waits until it ends, or kills it (SIGKILL) after `timeout`; returns what it did.
    @discardableResult
    public func wait(timeout: Duration = .seconds(120)) -> ProcessResult {
        if let result { return result }
        let deadline = ContinuousClock.now + timeout
        var pause: UInt32 = 200
        while ContinuousClock.now < deadline {
            if let termination = reap(hang: false) { return finish(termination, timedOut: false) }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        kill(pid, SIGKILL)
        return finish(reap(hang: true) ?? .signaled(SIGKILL), timedOut: true)
    }

    /// Waits up to `timeout` for it to end without killing it; nil if it is still running.
    public func waitIfEnded(within timeout: Duration) -> ProcessResult? {
        if let result { return result }
        let deadline = ContinuousClock.now + timeout
        repeat {
            if let termination = reap(hang: false) { return finish(termination, timedOut: false) }
            usleep(5_000)
        } while ContinuousClock.now < deadline
        return nil
    }

    private var reaped: Termination?

    /// `waitpid`: its termination once it has ended.
    private func reap(hang: Bool) -> Termination? {
        if let reaped { return reaped }
        var status: Int32 = 0
        var answer: pid_t
        repeat { answer = waitpid(pid, &status, hang ? 0 : WNOHANG) } while answer < 0 && errno == EINTR
        guard answer == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG spelled out: the macros do not import.
        let termination: Termination = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        reaped = termination
        return termination
    }

    private func finish(_ termination: Termination, timedOut: Bool) -> ProcessResult {
        let result = ProcessResult(
            termination: termination, timedOut: timedOut, stdout: Self.contents(of: stdoutFile),
            stderr: Self.contents(of: stderrFile))
        self.result = result
        return result
    }

    /// A new temporary file, already unlinked, open read-write and close-on-exec; `bytes` written to it
    /// and its offset back at 0.
    private static func unlinkedTemporaryFile(holding bytes: [UInt8] = []) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("tabhost-run-XXXXXX").utf8CString)
        let file = mkstemp(&template)
        guard file >= 0 else { throw ProcessError(description: "mkstemp: \(Errno(rawValue: errno).description)") }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        unlink(template)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(file)
                throw ProcessError(description: "writing a child's input: \(Errno(rawValue: errno).description)")
            }
            written += count
        }
        lseek(file, 0, SEEK_SET)
        return file
    }

    /// The whole file behind `file` (read with `pread`, so the child's offset is not moved).
    private static func contents(of file: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(bytes.count)) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not import.
nonisolated(unsafe) private let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
        fatalError("glibc 2.34 or later is needed (posix_spawn_file_actions_addclosefrom_np)")
    }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
