import FoundationEssentials
import Logging

/// A swift-log `LogHandler` writing the host's log format to a `HostLogFile`:
/// `2026-11-23T10:00:00Z [clock] info: tick` for a module's line (its name in the `module`
/// metadata), `2026-11-23T10:00:00Z reloaded clock v2` for the host's own.
///
/// Every line is one line: control characters in the message or the module's name are written
/// visibly (`LogText`). A line with a `stream` metadata value is the module's own (what it printed,
/// what it passed to `log`): it counts against the module's budget (`HostLogFile`).
public struct FileLogHandler: LogHandler {
    /// The metadata key naming the module a line came from.
    public static let moduleKey = "module"
    /// The metadata key marking a module's own line (`output`, `log`): those are rate-limited.
    public static let streamKey = "stream"

    private let file: HostLogFile
    /// Lines below this level are dropped (default: every level).
    public var logLevel: Logger.Level = .trace
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]

    /// A handler appending to `file`.
    public init(file: HostLogFile) {
        self.file = file
    }

    /// Reads or writes one metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Appends one line.
    public func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        guard let module = merged[Self.moduleKey].map({ "\($0)" }) else {
            file.append("\(LogTimestamp.now) \(LogText.escaped("\(event.message)"))\n")
            return
        }
        let line = {
            "\(LogTimestamp.now) [\(LogText.escaped(module))] \(event.level.rawValue): \(LogText.escaped("\(event.message)"))\n"
        }
        if merged[Self.streamKey] != nil {
            file.append(module: module, bytes: "\(event.message)".utf8.count, line)
        } else {
            file.append(line())
        }
    }
}
