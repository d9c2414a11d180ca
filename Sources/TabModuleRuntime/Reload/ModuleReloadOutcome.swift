import Glibc

/// What a running host last did with a new version of a module it shows, published in its status
/// file so that `tabhost update` and `tabhost rollback` can report it: moved over with its state,
/// started fresh (the new version's `restore_state` refused the old state), or refused (the old
/// version keeps running).
///
/// JSON: `{"module": "chirp", "file": "/mods/chirp/chirp.so", "outcome": "fresh", "version": "0.3.0",
/// "reason": "reloaded chirp v0.3.0 fresh: …", "at": 1796110502123}`.
package struct ModuleReloadOutcome: Codable, Sendable, Hashable {
    /// The module.
    public var module: String
    /// The module's file (absolute).
    public var file: String
    /// `kept` (state kept), `fresh` or `refused`.
    public var outcome: String
    /// The version running now: the new one, or for a refusal the old one that stays.
    public var version: String?
    /// The one-line report, as the host showed it.
    public var reason: String
    /// When, in milliseconds since the epoch (readers take only outcomes after they changed the file).
    public var at: Int

    /// Creates an outcome.
    public init(module: String, file: String, outcome: String, version: String?, reason: String, at: Int) {
        self.module = module
        self.file = file
        self.outcome = outcome
        self.version = version
        self.reason = reason
        self.at = at
    }

    /// Milliseconds since the epoch, now (the wall clock: another process compares it with its own).
    public static func now() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
