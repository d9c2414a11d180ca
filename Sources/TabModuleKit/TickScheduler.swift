import CTabModule

/// Asks the host for ticks; the one host call that is safe from any thread (`schedule_tick`).
///
/// Hand it to your own threads or tasks; the tick itself arrives on the host's thread as
/// ``Event/tick``. Valid until the instance is released.
public struct TickScheduler: @unchecked Sendable {
    // Unchecked: the header makes `schedule_tick` thread-safe, and this type exposes nothing else.
    /// The host's function table.
    let api: UnsafePointer<tab_host_api>
    /// The opaque `tab_host *`.
    let handle: OpaquePointer

    /// Asks for one ``Event/tick`` after `delay` (rounded up to milliseconds, at most ~49 days).
    public func scheduleTick(after delay: Duration) {
        api.pointee.schedule_tick?(handle, Self.milliseconds(delay))
    }

    /// `delay` in whole milliseconds, rounded up and clamped to what a `uint32_t` holds.
    static func milliseconds(_ delay: Duration) -> UInt32 {
        let (seconds, attoseconds) = delay.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return .max }
        let extra = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        let total = ms + extra
        return total > Int64(UInt32.max) ? .max : UInt32(max(total, 0))
    }
}
