import TabHostCommandLine

/// A refusal of `pack` or `feed` that is not a `BundleError`: its description is what the command prints on
/// standard error (one line, or a build log's tail followed by one line).
public struct BundleCommandError: Error, CustomStringConvertible, Sendable, FailureWithLog {
    /// What to print: one line.
    public let description: String
    /// Lines printed as they are before `description` (the tail of a failed build's log).
    public let log: [String]

    /// An error printing `log`, then `description`.
    public init(_ description: String, log: [String] = []) {
        self.description = description
        self.log = log
    }
}
