import Foundation

/// The host's log file: one timestamped line per module log call and hot-reload report.
///
/// The terminal belongs to the UI while `run` is active, so diagnostics go here.
final class HostLog {
    let path: String
    private let handle: FileHandle?
    private let timestamps = ISO8601DateFormatter()

    init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
    }

    deinit {
        try? handle?.close()
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
        handle?.write(Data("\(stamp) \(line)\n".utf8))
    }
}
