import FoundationEssentials
import SystemPackage
import TabHostConcurrency
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// The host's log file, opened with `O_APPEND`: two hosts sharing the default log interleave whole
/// lines instead of overwriting each other. `FileLogHandler`s write their lines here.
///
/// The terminal belongs to the UI while a session runs, so diagnostics go here. What a module sends
/// cannot fill the disk: its own lines pass `ModuleLogGate` (`moduleLinesPerSecond`,
/// `moduleBytesPerSecond`), and the file is rotated once a line would take it past `maximumBytes`
/// (to `PATH.1`, replacing the one before: at most twice `maximumBytes` on disk). The file is 0600 and
/// a directory made for it 0700: lines can carry what only the user should read (the serve token).
public final class HostLogFile: @unchecked Sendable {
    /// Bytes after which the file is rotated (docs/user/limits.md).
    public static let defaultMaximumBytes = 8 << 20
    /// Lines per second one module's output and `log` calls may add (docs/user/limits.md).
    public static let moduleLinesPerSecond = 100
    /// Bytes per second one module's output and `log` calls may add (docs/user/limits.md).
    public static let moduleBytesPerSecond = 32 * 1024

    /// The file's path.
    public let path: String
    /// Why the file cannot be written (one line: file, reason, what to do); nil when it can.
    public let openFailure: String?
    /// Bytes after which the file is rotated.
    public let maximumBytes: Int

    private struct State {
        var fd: Int32
        /// Bytes in the file, as far as this host knows (another host appends too).
        var size: Int
        var gate: ModuleLogGate
    }

    private let state: LockedValue<State>
    /// The time a module's lines are counted at (the tests' fixed clock).
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Opens (or creates, 0600) the log at `path`, making its directory (0700) if needed; rotated past
    /// `maximumBytes`, with each module's own lines limited to the given rates.
    public convenience init(
        path: String, maximumBytes: Int = HostLogFile.defaultMaximumBytes,
        moduleLinesPerSecond: Int = HostLogFile.moduleLinesPerSecond,
        moduleBytesPerSecond: Int = HostLogFile.moduleBytesPerSecond
    ) {
        self.init(
            path: path, maximumBytes: maximumBytes, moduleLinesPerSecond: moduleLinesPerSecond,
            moduleBytesPerSecond: moduleBytesPerSecond, now: { .now })
    }

    /// As the public initializer, with the clock a module's lines are counted at.
    package init(
        path: String, maximumBytes: Int, moduleLinesPerSecond: Int, moduleBytesPerSecond: Int,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.path = path
        self.now = now
        self.maximumBytes = maximumBytes
        // A directory that cannot be made shows as the file's open failure, below.
        _ = PrivateDirectories.make(ModuleFileReader.parentDirectory(of: path))
        let fd = Self.open(path)
        if fd >= 0 {
            openFailure = nil
        } else {
            openFailure =
                "\(path): cannot open the log file (\(Errno(rawValue: errno).description)); "
                + "pass --log FILE in a writable directory (the host runs without a log)"
        }
        state = LockedValue(
            State(
                fd: fd, size: Self.size(of: fd),
                gate: ModuleLogGate(linesPerSecond: moduleLinesPerSecond, bytesPerSecond: moduleBytesPerSecond)))
    }

    deinit {
        state.withLock { state in
            for report in state.gate.flush() { write(Self.stamped(report), to: &state) }
            if state.fd >= 0 { close(state.fd) }
        }
    }

    /// The default: `$XDG_STATE_HOME/tabhost/tabhost.log`, else `~/.local/state/tabhost/tabhost.log`.
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/tabhost/tabhost.log" }
        let home = environment["HOME"] ?? FileManager.default.temporaryDirectory.path
        return home + "/.local/state/tabhost/tabhost.log"
    }

    /// Appends `line` (which ends in a newline) in one write; a failed write (disk full) loses the line.
    func append(_ line: String) {
        state.withLock { state in
            for report in state.gate.expire(now: now()) { write(Self.stamped(report), to: &state) }
            write(line, to: &state)
        }
    }

    /// Appends `line`, one of `module`'s own (its output, its `log` calls), if its budget allows;
    /// `makeLine` runs only then.
    func append(module: String, bytes: Int, _ makeLine: () -> String) {
        state.withLock { state in
            let admission = state.gate.admit(module: module, bytes: bytes, now: now())
            for report in admission.reports { write(Self.stamped(report), to: &state) }
            if admission.write { write(makeLine(), to: &state) }
        }
    }

    private static func stamped(_ message: String) -> String {
        "\(LogTimestamp.now) \(LogText.escaped(message))\n"
    }

    private func write(_ line: String, to state: inout State) {
        guard state.fd >= 0 else { return }
        var bytes = Array(line.utf8)
        if state.size > 0 && state.size + bytes.count > maximumBytes { rotate(&state) }
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(state.fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
                state.size += written
            }
        }
    }

    /// Moves the file to `PATH.1` and starts a new one. When another host sharing the file rotated it
    /// already, only the new file is opened: its `.1` is not replaced again.
    private func rotate(_ state: inout State) {
        var ours = stat()
        var named = stat()
        let current = fstat(state.fd, &ours) == 0 && stat(path, &named) == 0 && ours.st_ino == named.st_ino && ours.st_dev == named.st_dev
        if current { _ = rename(path, path + ".1") }
        let fresh = Self.open(path)
        guard fresh >= 0 else { return }  // keeps writing where it was: losing the log is worse
        close(state.fd)
        state.fd = fresh
        state.size = Self.size(of: fresh)
    }

    /// `path` opened to append, created 0600; an existing file that others may read is made 0600 (a
    /// log from before it was created so), when it is the user's own regular file.
    private static func open(_ path: String) -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return fd }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(), info.st_mode & 0o077 != 0 {
            _ = fchmod(fd, 0o600)
        }
        return fd
    }

    private static func size(of fd: Int32) -> Int {
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }
}
