import TabHostConcurrency
import TabHostLoop

/// What the host reads of one of a child's descriptors in a second (`ModuleLimits`): past it the
/// descriptor is not watched until the second is over, so a child that writes without end waits on its
/// full pipe or socket rather than keeping the host busy reading what it would drop.
struct ReadingBudget {
    /// How much a second: bytes or messages, as the caller counts.
    let perSecond: Int
    /// The descriptor's watch; nil while reading waits (or before the connection is on a loop).
    var watch: LoopWatchID?
    /// Set while reading waits: the timer that watches the descriptor again.
    var resume: LoopTimerID?
    /// What was read in the current second.
    private var window = RateWindow(interval: .seconds(1))

    /// A budget of `perSecond` a second.
    init(perSecond: Int) {
        self.perSecond = perSecond
    }

    /// True while reading waits for the next second.
    var isWaiting: Bool { resume != nil }

    /// Counts `amount` read at `now`; once the second's budget is spent, when the next second starts
    /// (when to read again), else nil. A second starts with the first read after the last one ended.
    mutating func spend(_ amount: Int, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        window.count(amount, at: now) >= perSecond ? window.end : nil
    }
}
