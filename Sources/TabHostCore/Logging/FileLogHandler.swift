import FoundationEssentials
import Logging

/// A swift-log `LogHandler` writing the host's log format to a `HostLogFile`:
/// `2026-11-23T10:00:00Z [clock] info: tick` for a module's line (its name in the `module`
/// metadata), `2026-11-23T10:00:00Z reloaded clock v2` for the host's own.
public struct FileLogHandler: LogHandler {
    /// The metadata key naming the module a line came from.
    public static let moduleKey = "module"

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
        let stamp = Date().formatted(.iso8601)
        if let module = merged[Self.moduleKey] {
            file.append("\(stamp) [\(module)] \(event.level.rawValue): \(event.message)\n")
        } else {
            file.append("\(stamp) \(event.message)\n")
        }
    }
}
