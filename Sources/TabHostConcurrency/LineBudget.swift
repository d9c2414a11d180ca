/// How often a line that someone else can cause again and again is written: at most `lines` in each
/// window of `interval`, the rest counted and said by the next line let through. A client opening
/// sockets, a page sending actions or a module flooding its queue can each cause thousands of the same
/// line a second, which rotated the host's history out of its log.
///
/// A window starts with the first line after the last window ended, so the same stream of lines is
/// admitted the same way however late each is looked at. Not locked: a type shared across threads keeps
/// it in a ``LockedValue``.
public struct LineBudget: Sendable {
    /// Lines let through in one window.
    public let lines: Int
    /// How long a window lasts.
    public let interval: Duration
    private var windowStart: ContinuousClock.Instant?
    private var used = 0
    private var dropped = 0

    /// A budget of `lines` lines in each `interval`.
    public init(lines: Int, per interval: Duration) {
        precondition(lines > 0, "a budget lets at least one line through")
        self.lines = lines
        self.interval = interval
    }

    /// Counts one line at `now`: nil when it is dropped; otherwise how many were dropped since the last
    /// line let through, which the caller says with this one.
    public mutating func admit(now: ContinuousClock.Instant = .now) -> Int? {
        if let windowStart, now - windowStart < interval {
            guard used < lines else {
                dropped += 1
                return nil
            }
        } else {
            windowStart = now
            used = 0
        }
        used += 1
        defer { dropped = 0 }
        return dropped
    }
}
