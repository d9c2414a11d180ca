/// The TAP (Test Anything Protocol) lines of one script's outcome.
public enum TAPReport {
    /// `ok 1 - tests/a.tabtest`, `ok 1 - tests/a.tabtest # SKIP reason`, or `not ok 1 - …` followed by
    /// `#` lines saying what failed; notes (snapshots written) as `#` lines too.
    public static func lines(for outcome: ScriptOutcome, number: Int) -> [String] {
        let skip = outcome.skipReason.map { " # SKIP " + $0 } ?? ""
        var lines = ["\(outcome.passed ? "ok" : "not ok") \(number) - \(outcome.path)\(skip)"]
        lines += outcome.details.map { "# " + $0 }
        lines += outcome.notes.map { "# " + $0 }
        return lines
    }

    /// The last line: `N passed, N failed`, and `, N skipped` when some were.
    public static func summary(of outcomes: [ScriptOutcome]) -> String {
        let skipped = outcomes.filter { $0.skipReason != nil }.count
        let failed = outcomes.filter { !$0.passed }.count
        let passed = outcomes.count - failed - skipped
        return "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
