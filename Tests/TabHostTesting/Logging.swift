import InMemoryLogging
import Logging

/// swift-log's `InMemoryLogHandler` as the tests use it: every level kept, read back as entries or
/// as one line per entry.
extension InMemoryLogHandler {
    /// A handler that keeps every level (trace and up; the handler's own default is info).
    public static func everyLevel() -> InMemoryLogHandler {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        return handler
    }

    /// A logger whose lines this handler keeps (they share the handler's storage).
    public var logger: Logger { Logger(label: "test") { _ in self } }

    /// The entries as "MODULE LEVEL: MESSAGE", the module from the `module` metadata ("-" without).
    public var lines: [String] {
        entries.map { "\($0.metadata["module"].map { "\($0)" } ?? "-") \($0.level): \($0.message)" }
    }
}
