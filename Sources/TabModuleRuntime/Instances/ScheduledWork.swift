/// What the `TickScheduler` hands the main loop for one instance: a tick, a timer, or a host call a
/// module made from one of its own threads, performed on the loop (ABI 1.2 threading rules).
package enum ScheduledWork: Sendable, Hashable {
    /// A tick asked for with `schedule_tick` is due.
    case tick
    /// The timer `id` set with `set_timer` is due.
    case timer(String)
    /// `invalidate` called off the main thread.
    case invalidate
    /// `save_soon` called off the main thread.
    case saveSoon
    /// A log line from off the main thread (`log`, or the host's own line about an ignored call).
    case log(ModuleLogLevel, String)
}

extension ScheduledWork {
    /// True for a log line (the queue holds a bounded number of them).
    var isLog: Bool {
        if case .log = self { return true }
        return false
    }
}
