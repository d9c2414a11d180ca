import TabHostConcurrency

/// The per-module budget of the log file: at most `linesPerSecond` lines and `bytesPerSecond` bytes
/// of a module's own lines (what it prints, what it logs) per second; the rest is counted and dropped,
/// and the count is written once its second is over ("clock: 123456 lines of output dropped (over 100
/// lines/s)"). A flood costs the disk at most the budget, whatever the module sends.
///
/// Counted in windows of one second (a ``RateWindow`` of lines each): the same stream of lines is
/// admitted the same way however fast the host reads it.
struct ModuleLogGate {
    /// What `admit` decided.
    struct Admission: Equatable {
        /// Write the line.
        var write: Bool
        /// The drop lines due first (the windows that ended with lines dropped).
        var reports: [String]
    }

    private struct Window {
        var lines = RateWindow(interval: .seconds(1))
        var bytes = 0
        var dropped = 0
        var overBytes = false

        /// A window open from `now`.
        init(now: ContinuousClock.Instant) {
            lines.roll(at: now)
        }
    }

    let linesPerSecond: Int
    let bytesPerSecond: Int
    private var windows: [String: Window] = [:]

    init(linesPerSecond: Int, bytesPerSecond: Int) {
        self.linesPerSecond = linesPerSecond
        self.bytesPerSecond = bytesPerSecond
    }

    /// Counts one line of `bytes` from `module` at `now`.
    mutating func admit(module: String, bytes: Int, now: ContinuousClock.Instant) -> Admission {
        let reports = expire(now: now)
        var window = windows[module] ?? Window(now: now)
        let write: Bool
        if window.lines.used < linesPerSecond && window.bytes + bytes <= bytesPerSecond {
            window.lines.count(1, at: now)
            window.bytes += bytes
            write = true
        } else {
            window.dropped += 1
            if window.lines.used < linesPerSecond { window.overBytes = true }
            write = false
        }
        windows[module] = window
        return Admission(write: write, reports: reports)
    }

    /// The drop lines of the windows over at `now`, which are forgotten.
    mutating func expire(now: ContinuousClock.Instant) -> [String] {
        var reports: [String] = []
        for (module, window) in windows where window.lines.isOver(at: now) {
            if window.dropped > 0 { reports.append(report(module, window)) }
            windows[module] = nil
        }
        return reports.sorted()
    }

    /// The drop lines of every window, now (the file is closing).
    mutating func flush() -> [String] {
        let reports = windows.filter { $0.value.dropped > 0 }.map { report($0.key, $0.value) }.sorted()
        windows.removeAll()
        return reports
    }

    private func report(_ module: String, _ window: Window) -> String {
        let limit = window.overBytes ? "\(bytesPerSecond) bytes/s" : "\(linesPerSecond) lines/s"
        return "\(module): \(window.dropped) lines of output dropped (over \(limit))"
    }
}
