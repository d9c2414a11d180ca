#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on standard error for a download and the checks that follow, redrawn in place; made
/// only when standard error is a terminal (`onTerminal()`), so scripts and logs see nothing of it.
public final class InstallProgress: @unchecked Sendable {
    // @unchecked: used from the installing thread alone (libcurl calls back on it).
    private var lastDrawn: (step: String, percent: Int)?
    private var drawn = false

    /// A bar on standard error, or nil when standard error is not a terminal.
    public static func onTerminal() -> InstallProgress? { isatty(STDERR_FILENO) == 1 ? InstallProgress() : nil }

    private init() {}

    /// `step` is `done` parts of `total` (0: unknown) along.
    public func update(_ step: String, done: UInt64, total: UInt64) {
        let percent = total > 0 ? Int(min(done, total) * 100 / total) : -1
        if let last = lastDrawn, last.step == step, last.percent == percent { return }
        lastDrawn = (step, percent)
        let width = 30
        let bar: String
        if percent >= 0 {
            let filled = percent * width / 100
            bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(percent)%"
        } else {
            bar = "\(done / 1024) KiB"
        }
        draw("\(step) \(bar)")
    }

    /// Shows `step` of `count` steps of the checks.
    public func check(_ step: String, _ index: Int, of count: Int) {
        update(step, done: UInt64(index), total: UInt64(count))
    }

    /// Clears the bar (before the outcome's line is printed).
    public func finish() {
        guard drawn else { return }
        drawn = false
        write("\r\u{1B}[K")
    }

    private func draw(_ text: String) {
        drawn = true
        write("\r\u{1B}[K" + text)
    }

    private func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
