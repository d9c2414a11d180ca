import FoundationEssentials
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The host's log file, opened once with `O_APPEND`: two hosts sharing the default log interleave
/// whole lines instead of overwriting each other. `FileLogHandler`s write their lines here.
///
/// The terminal belongs to the UI while a session runs, so diagnostics go here.
public final class HostLogFile: @unchecked Sendable {
    /// The file's path.
    public let path: String
    private let fd: Int32
    /// Why the file cannot be written (one line: file, reason, what to do); nil when it can.
    public let openFailure: String?

    /// Opens (or creates) the log at `path`, making its directory if needed.
    public init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 {
            openFailure = nil
        } else {
            openFailure =
                "\(path): cannot open the log file (\(Errno(rawValue: errno).description)); "
                + "pass --log FILE in a writable directory (the host runs without a log)"
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
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
        guard fd >= 0 else { return }
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
