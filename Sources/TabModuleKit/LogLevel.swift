/// The severity of a line written with ``ModuleHost/log(level:_:)`` (`enum tab_log_level`).
public enum LogLevel: Int32, Sendable, Hashable, CaseIterable {
    /// Detail for debugging.
    case debug = 0
    /// Normal operation.
    case info = 1
    /// Something odd that the module survived.
    case warning = 2
    /// Something failed.
    case error = 3
}
