/// A module whose process is stopped or not responding, as a running host reports it to
/// `tabhost inspect` (in its status file) while one of the module's tabs or screens shows it.
///
/// JSON: `{"module": "clock", "state": "stopped", "reason": "Clock stopped: SIGSEGV in event \"segv\"", "crashes": 1}`.
public struct ModuleProcessState: Codable, Sendable, Hashable {
    /// What the module's tabs show.
    public enum State: String, Codable, Sendable, Hashable {
        /// Its child stopped (or it is held after a crash loop): the tabs offer Restart.
        case stopped
        /// A call passed the hang timeout.
        case notResponding
    }

    /// The module's name.
    public var module: String
    /// Stopped or not responding.
    public var state: State
    /// The line the host shows: `Clock stopped: SIGSEGV in event "segv"`, with
    /// ` (3 crashes within 60 s; not restarted until you choose Restart)` after a crash loop.
    public var reason: String
    /// The module's crashes that count toward the crash-loop rule (within its window).
    public var crashes: Int

    /// Creates a state.
    public init(module: String, state: State, reason: String, crashes: Int) {
        self.module = module
        self.state = state
        self.reason = reason
        self.crashes = crashes
    }
}
