/// Why a descriptor's `permissions` string is refused: one line, without the path.
public struct ModulePermissionsProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line.
    public var description: String

    /// A problem saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
