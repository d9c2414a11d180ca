/// The crash-loop rule, per module name: once a module's children have stopped
/// `IsolationSettings.crashLoopLimit` times within `crashLoopWindow` (a sliding window), nothing
/// starts it again automatically until the user chooses Restart, which forgets its crashes.
///
/// Every stop with a failure counts (a signal, an exit, a kill after a hang, a protocol violation);
/// one child that stops counts once however many instances it ran. Main-loop only.
struct ModuleCrashHistory {
    let limit: Int
    let window: Duration
    /// The times of each module's crashes still inside the window, oldest first.
    private var recent: [String: [ContinuousClock.Instant]] = [:]
    /// The modules held after a crash loop.
    private var held: [String: ModuleCrashLoop] = [:]

    init(limit: Int, window: Duration) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Counts a crash of `module` at `now`; returns the crash loop when this crash starts one.
    mutating func record(_ failure: ModuleHostFailure, of module: String, at now: ContinuousClock.Instant)
        -> ModuleCrashLoop?
    {
        var times = recent[module, default: []].filter { now - $0 <= window }
        times.append(now)
        recent[module] = times
        guard held[module] == nil, times.count >= limit else { return nil }
        let loop = ModuleCrashLoop(failure: failure, crashes: times.count, window: window)
        held[module] = loop
        return loop
    }

    /// The crash loop that holds `module`, if one does (until `reset`).
    func loop(of module: String) -> ModuleCrashLoop? {
        held[module]
    }

    /// How many crashes of `module` count now: those within the window, or the crash loop's.
    func crashes(of module: String, at now: ContinuousClock.Instant) -> Int {
        held[module]?.crashes ?? recent[module, default: []].filter { now - $0 <= window }.count
    }

    /// The user chose Restart: `module`'s crashes are forgotten.
    mutating func reset(_ module: String) {
        recent[module] = nil
        held[module] = nil
    }
}
