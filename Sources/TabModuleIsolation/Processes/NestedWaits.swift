import TabHostConcurrency

/// The chain of waits nested in a child's request: a module's `push`, `present` or `add_tab` makes the
/// host wait for the new screen's child to start (for a module not running yet), then for its `create`
/// and `start`, whose own calls may nest more. Each wait alone is bounded by its timeout, but a chain of
/// them waited one after another, each just under it, was not: every tab froze for the sum. Every wait
/// in a chain ends by the chain's deadline too: the hang timeout
/// from when the host began to serve the request (or the outermost wait began), extended once by the
/// start timeout when a screen's child has to start within it (its first screen's waits then fit).
enum NestedWaits {
    /// Set while the host serves a child's request (on the thread doing it).
    @TaskLocal static var chain: NestedWaitChain?
}

/// One chain of nested waits: when it began and how long it may last.
final class NestedWaitChain: Sendable {
    let began: ContinuousClock.Instant
    private let budget: LockedValue<Duration>

    init(began: ContinuousClock.Instant, budget: Duration) {
        self.began = began
        self.budget = LockedValue(budget)
    }

    /// When every wait of the chain has to end.
    var deadline: ContinuousClock.Instant { began + budget.withLock { $0 } }

    /// Lets the chain last `total` from its start, when that is longer (a child's start within it).
    func allow(_ total: Duration) {
        budget.withLock { $0 = max($0, total) }
    }
}
