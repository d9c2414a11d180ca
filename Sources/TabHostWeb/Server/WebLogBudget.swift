import Logging
import TabHostConcurrency

/// The web front end's log lines a client can cause (refused connections and WebSockets, ignored
/// messages, failed TLS handshakes, connections closed unanswered): at most `linesPerSecond` a second,
/// the rest counted and said in one line before the next let through. A client connecting or sending as
/// fast as it can wrote thousands of lines a second, rotating the host's history out of the log.
final class WebLogBudget: Sendable {
    /// Lines a second at most.
    static let linesPerSecond = 20

    /// Where the lines go (the session's log).
    let logger: Logger
    private let budget = LockedValue(LineBudget(lines: linesPerSecond, per: .seconds(1)))

    /// A budget for `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Logs `line` as a warning, unless this second's lines are spent (it is then counted).
    func warning(_ line: String) {
        guard let dropped = budget.withLock({ $0.admit() }) else { return }
        if dropped > 0 { logger.warning("web: \(dropped) more lines dropped (over \(Self.linesPerSecond) a second)") }
        logger.warning("\(line)")
    }
}
