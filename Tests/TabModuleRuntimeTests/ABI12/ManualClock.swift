import TabHostConcurrency
import TabModuleRuntime

/// A session clock that stands still until a test moves it: timers fire exactly when the test says.
final class ManualClock: Sendable {
    private let instant = LockedValue(ContinuousClock.now)

    /// The clock as a runtime's.
    var hostClock: HostClock { HostClock { [self] in instant.withLock { $0 } } }

    /// Moves the clock forward by `duration`.
    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}
