/// How one script ended.
public struct ScriptOutcome: Sendable, Hashable {
    /// The script's path as reported.
    public var path: String
    /// The failing step's line (0: before any step, e.g. the module did not start); nil when it passed.
    public var failedLine: Int?
    /// What failed, for `#` lines under the TAP line: the step, what was expected, what the screen held.
    public var details: [String]
    /// What `--update` wrote (one line each), and other notes that do not fail the script.
    public var notes: [String]
    /// Real time the script took.
    public var duration: Duration
    /// Why the script did not run (`# SKIP`): this kernel's sandbox lacks a layer it needs; nil when it ran.
    public var skipReason: String?

    /// True when no step failed (a skipped script did not fail either).
    public var passed: Bool { failedLine == nil }

    /// An outcome for `path`.
    public init(path: String, failedLine: Int? = nil, details: [String] = [], notes: [String] = [], duration: Duration = .zero) {
        self.path = path
        self.failedLine = failedLine
        self.details = details
        self.notes = notes
        self.duration = duration
    }
}
