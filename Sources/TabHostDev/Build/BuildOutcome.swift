/// How one build of the project ended.
public struct BuildOutcome: Sendable {
    /// How the build ended.
    public enum Result: Sendable, Equatable {
        /// Exit status 0 and the module file is where the host loads it.
        case succeeded
        /// The build failed (a nonzero status or a signal: the text says which), or its module could
        /// not be put where the host loads it.
        case failed(String)
        /// A save during the build stopped it; another build follows.
        case cancelled
    }

    /// How it ended.
    public var result: Result
    /// Everything the build printed.
    public var log: String
    /// The compiler diagnostics in the log.
    public var diagnostics: [BuildDiagnostic]
    /// Start to end (for a success: until the module file was in place).
    public var duration: Duration

    /// An outcome.
    public init(result: Result, log: String, diagnostics: [BuildDiagnostic], duration: Duration) {
        self.result = result
        self.log = log
        self.diagnostics = diagnostics
        self.duration = duration
    }

    /// The duration as people read it: `188 ms`, `2.4 s`.
    public var durationText: String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : "\((milliseconds / 100).rounded() / 10) s"
    }

    /// The status line for a failed build: the first error (or the first diagnostic, or the reason)
    /// and how to see the rest.
    public var summary: String {
        guard case .failed(let reason) = result else { return "" }
        let errors = diagnostics.filter(\.isError)
        guard let first = errors.first ?? diagnostics.first else { return "build failed (\(reason)); Ctrl-B shows the log" }
        let more = errors.count > 1 ? " (+\(errors.count - 1) more)" : ""
        return "build failed: \(first)\(more); Ctrl-B shows the log"
    }
}
