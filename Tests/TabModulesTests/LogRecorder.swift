import Logging
import TabHostConcurrency

/// Collects what is logged through the `Logger`s it makes: level, message and metadata of each line.
final class LogRecorder: Sendable {
    /// One logged line.
    struct Record: Sendable, Equatable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let storage = LockedValue<[Record]>([])

    /// A logger (every level) whose lines this recorder keeps.
    var logger: Logger {
        Logger(label: "test") { _ in RecordingLogHandler(recorder: self) }
    }

    /// Every line logged so far, in order.
    var records: [Record] { storage.withLock { $0 } }

    /// Module lines as "MODULE LEVEL: MESSAGE" (the module from the `module` metadata).
    var lines: [String] {
        records.map { "\($0.metadata["module"].map { "\($0)" } ?? "-") \($0.level): \($0.message)" }
    }

    /// Forgets the lines logged so far.
    func removeAll() { storage.withLock { $0.removeAll() } }

    fileprivate func append(_ record: Record) { storage.withLock { $0.append(record) } }
}

/// The `LogHandler` behind `LogRecorder.logger`.
private struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        recorder.append(LogRecorder.Record(level: event.level, message: "\(event.message)", metadata: merged))
    }
}
