/// Why a module's data directory cannot be used (`ModuleDataDirectory.make(forModule:)`): one line.
public struct ModuleDataDirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line: what, why, what to do.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
