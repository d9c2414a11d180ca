import TabKit

/// Severity of a module's log line (`enum tab_log_level`).
public enum ModuleLogLevel: Int32, Sendable, Hashable, Comparable {
    /// Debugging detail.
    case debug = 0
    /// Normal information.
    case info = 1
    /// Something looks wrong.
    case warning = 2
    /// Something failed.
    case error = 3

    /// Orders levels by severity.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level for a raw C value; out-of-range values count as `.info`.
    public init(clamping raw: Int32) {
        self = ModuleLogLevel(rawValue: raw) ?? (raw > 3 ? .error : .info)
    }
}
