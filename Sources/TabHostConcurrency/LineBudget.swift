/// How often a line that someone else can cause again and again is written: at most `lines` in each
/// window of `interval`, the rest counted and said by the next line let through. A client opening
/// sockets, a page sending actions or a module flooding its queue can each cause thousands of the same
/// line a second, which rotated the host's history out of its log.
///
/// Its windows are a ``RateWindow``'s. Not locked: a type shared across threads keeps it in a
/// ``LockedValue``.
public struct LineBudget: Sendable {
    /// Lines let through in one window.
    public let lines: Int
    /// How long a window lasts.
    public var interval: Duration { window.interval }
    private var window: RateWindow
    private var dropped = 0

    /// A budget of `lines` lines in each `interval`.
    public init(lines: Int, per interval: Duration) {
        precondition(lines > 0, "a budget lets at least one line through")
        self.lines = lines
        self.window = RateWindow(interval: interval)
    }

    /// Counts one line at `now`: nil when it is dropped; otherwise how many were dropped since the last
    /// line let through, which the caller says with this one.
    public mutating func admit(now: ContinuousClock.Instant = .now) -> Int? {
        window.roll(at: now)
        guard window.used < lines else {
            dropped += 1
            return nil
        }
        window.count(1, at: now)
        defer { dropped = 0 }
        return dropped
    }
}
