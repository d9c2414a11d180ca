import TabHostConcurrency
import TabModuleRuntime

/// The clock a script's module timers and ticks run by: it starts at the real time the script starts
/// and moves only when `wait` moves it, so a timer fires at the same step on every run and machine.
public final class TestClock: Sendable {
    private let instant: LockedValue<ContinuousClock.Instant>

    /// A clock stopped at the current monotonic time.
    public init() {
        instant = LockedValue(.now)
    }

    /// The clock's time.
    public var now: ContinuousClock.Instant { instant.withLock { $0 } }

    /// This clock as a session's (`SessionConfiguration.clock`).
    public var hostClock: HostClock { HostClock { [self] in now } }

    /// Moves the clock to `time` (never back).
    public func move(to time: ContinuousClock.Instant) {
        instant.withLock { $0 = max($0, time) }
    }
}
