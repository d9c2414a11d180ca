import Glibc

extension DirectoryWatcher {
    /// Blocks (with `poll(2)` on `fileDescriptor` and the settle deadlines) until at least one event
    /// is ready or `timeout` has passed; returns every ready event, or `[]` on timeout.
    ///
    /// A convenience for tests, benchmarks and simple tools; a host's main loop waits on
    /// `fileDescriptor` and `nextDeadline` itself.
    public func waitForEvents(timeout: Duration) -> [ModuleFileEvent] {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while true {
            let now = clock.now
            let events = drain(now: now)
            if !events.isEmpty || now >= end { return events }
            let wake = min(end, nextDeadline ?? end)
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&descriptor, 1, Self.milliseconds(until: wake, from: now))
        }
    }

    /// Whole milliseconds from `now` to `instant` for a `poll(2)` timeout, rounded up so a wake-up is never early.
    public static func milliseconds(until instant: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        guard instant > now else { return 0 }
        let (seconds, attoseconds) = (instant - now).components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: millis)
    }
}
