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
        var fd: Int32 = -1
        var reason: String
        if let failed = PrivateDirectories.make(ModuleFileReader.parentDirectory(of: path)) {
            reason = "\(failed.path): \(failed.reason)"
        } else {
            (fd, reason) = Self.open(path)
        }
        openFailure =
            fd >= 0
            ? nil
            : "\(path): cannot open the log file (\(reason)); pass --log FILE in a directory of your own (the host runs without a log)"
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

    /// The default: `$XDG_STATE_HOME/tabhost/tabhost.log`, else `~/.local/state/tabhost/tabhost.log`, `~`
    /// being `$HOME` or, without it (a service, `env -i`), the user's home in the password database, never
    /// a directory others share.
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/tabhost/tabhost.log" }
        var home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if home == nil, let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        // No home at all: a relative path, in the directory the host was started in.
        guard let home, home.hasPrefix("/") else { return "tabhost.log" }
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
        let fresh = Self.open(path).fd
        guard fresh >= 0 else { return }  // keeps writing where it was: losing the log is worse
        close(state.fd)
        state.fd = fresh
        state.size = Self.size(of: fresh)
    }

    /// `path` opened to append, created 0600, or -1 and why. Only the user's own regular file is used,
    /// never through a link (another user's file, or a link another user put in place of the log, would
    /// have the host write its lines, the serve token among them, where that user chooses); one that
    /// others may read is made 0600 (a log from before it was created so).
    private static func open(_ path: String) -> (fd: Int32, reason: String) {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            // ENXIO: a FIFO no one reads.
            let reason =
                errno == ELOOP ? "it is a symbolic link" : errno == ENXIO ? "not a regular file" : Errno(rawValue: errno).description
            return (-1, reason)
        }
        var info = stat()
        var refusal: String?
        if fstat(fd, &info) != 0 {
            refusal = Errno(rawValue: errno).description
        } else if info.st_mode & S_IFMT != S_IFREG {
            refusal = "not a regular file"
        } else if info.st_uid != geteuid() {
            refusal = "owned by another user (uid \(info.st_uid))"
        }
        if let refusal {
            close(fd)
            return (-1, refusal)
        }
        if info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        // O_NONBLOCK was for the open alone (a FIFO in the log's place must not stall the host).
        _ = fcntl(fd, F_SETFL, O_APPEND)
        return (fd, "")
    }

    private static func size(of fd: Int32) -> Int {
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }
}
