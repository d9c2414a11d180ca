/// The TAP (Test Anything Protocol) lines of one script's outcome.
public enum TAPReport {
    /// `ok 1 - tests/a.tabtest`, or `not ok 1 - …` followed by `#` lines saying what failed; notes
    /// (snapshots written) as `#` lines too.
    public static func lines(for outcome: ScriptOutcome, number: Int) -> [String] {
        var lines = ["\(outcome.passed ? "ok" : "not ok") \(number) - \(outcome.path)"]
        lines += outcome.details.map { "# " + $0 }
        lines += outcome.notes.map { "# " + $0 }
        return lines
    }
}
