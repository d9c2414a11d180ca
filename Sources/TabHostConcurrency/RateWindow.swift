/// An amount counted in windows of a fixed length, the ground of every budget "so much a second" the
/// host keeps (``LineBudget``, and what it reads and logs of a module).
///
/// A window starts with the first amount counted after the last window ended, not on a clock's tick:
/// the same stream is counted the same way however late each part of it is looked at.
public struct RateWindow: Sendable {
    /// How long a window lasts.
    public let interval: Duration
    /// When the current window began; nil before anything was counted.
    public private(set) var start: ContinuousClock.Instant?
    /// What was counted in the current window.
    public private(set) var used = 0

    /// Windows of `interval`.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// When the current window ends; nil before anything was counted.
    public var end: ContinuousClock.Instant? { start.map { $0 + interval } }

    /// True when no window is open at `now` (none yet, or the last one is over).
    public func isOver(at now: ContinuousClock.Instant) -> Bool {
        guard let start else { return true }
        return now - start >= interval
    }

    /// Starts a new window at `now` when the current one is over; true when it did.
    @discardableResult
    public mutating func roll(at now: ContinuousClock.Instant) -> Bool {
        guard isOver(at: now) else { return false }
        start = now
        used = 0
        return true
    }

    /// Counts `amount` in the window open at `now` (a new one when the last is over); what the window holds after.
    @discardableResult
    public mutating func count(_ amount: Int, at now: ContinuousClock.Instant) -> Int {
        roll(at: now)
        used += amount
        return used
    }
}
