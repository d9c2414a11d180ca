import CTabModule

/// The host calls that are safe from any thread (ABI 1.2): `invalidate`, `schedule_tick`, `set_timer`,
/// `cancel_timer`, `save_soon` and `log`.
///
/// Hand it to your own threads or tasks: what they do comes back as events on the host's thread
/// (``Event/tick``, ``Event/timer(id:)``) or as a new `render`. Valid until the instance is released;
/// ``ModuleHost/threadSafe`` makes one.
public struct ThreadSafeHost: @unchecked Sendable {
    // Unchecked: the header makes each of these calls thread-safe, and this type exposes nothing else.
    /// The host's function table.
    let api: UnsafePointer<tab_host_api>
    /// The opaque `tab_host *`.
    let handle: OpaquePointer

    /// Asks for a new `render` soon (coalesced: at most one per frame).
    public func invalidate() {
        api.pointee.invalidate?(handle)
    }

    /// Asks for one ``Event/tick`` after `delay` (rounded up to milliseconds, at most ~49 days).
    public func scheduleTick(after delay: Duration) {
        TickScheduler(api: api, handle: handle).scheduleTick(after: delay)
    }

    /// Sends ``Event/timer(id:)`` after `delay`, then every `interval` if one is given (at least 10 ms).
    /// Setting an id again replaces that timer. At most 64 timers per instance (`TAB_MAX_TIMERS`).
    public func setTimer(id: String, after delay: Duration, repeat interval: Duration? = nil) {
        guard hostHas(api, \.set_timer) else { return }
        let after = TickScheduler.milliseconds(delay)
        let every = interval.map { max(TickScheduler.milliseconds($0), 1) } ?? 0
        id.withCString { api.pointee.set_timer?(handle, $0, after, every) }
    }

    /// Cancels the timer `id`: it never fires after this returns.
    public func cancelTimer(id: String) {
        guard hostHas(api, \.cancel_timer) else { return }
        id.withCString { api.pointee.cancel_timer?(handle, $0) }
    }

    /// Asks the host to save this instance's state (``TabModule/saveState()``) soon: call it after a
    /// change made outside an event (a download finished on another thread, say).
    public func saveSoon() {
        guard hostHas(api, \.save_soon) else { return }
        api.pointee.save_soon?(handle)
    }

    /// Writes one line to the host's log.
    public func log(level: LogLevel = .info, _ message: String) {
        message.withCString { api.pointee.log?(handle, level.rawValue, $0) }
    }
}
