/// The clock a session's host timers run by: `set_timer`, `schedule_tick`, and what else the host
/// schedules for a module; ABI 1.3's `now_ms` reads it too (`ModuleRuntime.clock`, `TickScheduler.now`).
///
/// Each session has its own (`SessionConfiguration.clock`), so two sessions in one process never share
/// one: `tabhost test` and `ModuleTester` give each script a test clock that moves only when the script
/// says so.
public struct HostClock: Sendable {
    /// Now, by this clock.
    public let now: @Sendable () -> ContinuousClock.Instant

    /// A clock that reads `now`.
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.now = now
    }

    /// The monotonic clock: what every session runs by unless told otherwise.
    public static let monotonic = HostClock { ContinuousClock.now }
}
