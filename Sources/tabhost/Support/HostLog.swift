import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The host's log file: one timestamped line per module log call and hot-reload report.
///
/// The terminal belongs to the UI while `run` is active, so diagnostics go here.
final class HostLog {
    let path: String
    private let handle: FileHandle?
    /// Why the file cannot be written (one line: file, reason, what to do); nil when it can.
    let openFailure: String?
    private let timestamps = ISO8601DateFormatter()

    init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // O_APPEND: two hosts sharing the default log interleave whole lines instead of overwriting each other.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 {
            handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            openFailure = nil
        } else {
            handle = nil
            openFailure = "\(path): cannot open the log file (\(String(cString: strerror(errno)))); "
                + "pass --log FILE in a writable directory (the host runs without a log)"
        }
    }

    /// The default: `$XDG_STATE_HOME/tabhost/tabhost.log`, else `~/.local/state/tabhost/tabhost.log`.
    static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/tabhost/tabhost.log" }
        let home = environment["HOME"] ?? NSTemporaryDirectory()
        return home + "/.local/state/tabhost/tabhost.log"
    }

    /// Appends one line with a timestamp.
    func write(_ line: String) {
        let stamp = timestamps.string(from: Date())
        // A failed write (disk full) loses the line; `write(_:)` would trap instead.
        try? handle?.write(contentsOf: Data("\(stamp) \(line)\n".utf8))
    }
}
