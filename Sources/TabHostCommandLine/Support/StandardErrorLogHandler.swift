import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler for the short commands (`list`, `inspect`): each line is written to standard
/// error as `tabhost: message`, in the same place as their other diagnostics.
struct StandardErrorLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        writeStandardError("tabhost: \(event.message)")
    }
}
