/// Why the permissions store could not be read or written: one line naming the file, the reason and
/// what to do.
public struct ModuleGrantStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's path.
    public var path: String
    /// What is wrong.
    public var reason: String
    /// What to do about it.
    public var hint: String

    /// An error about the store at `path`.
    public init(path: String, reason: String, hint: String) {
        self.path = path
        self.reason = reason
        self.hint = hint
    }

    /// `PATH: REASON; HINT`.
    public var description: String { "\(path): \(reason); \(hint)" }
}
