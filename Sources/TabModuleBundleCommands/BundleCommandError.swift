/// A refusal of `pack` or `feed` that is not a `BundleError`: its description is what the command prints on
/// standard error (one line, or a build log's tail followed by one line).
public struct BundleCommandError: Error, CustomStringConvertible, Sendable {
    /// What to print.
    public let description: String

    /// An error printing `description`.
    public init(_ description: String) { self.description = description }
}
