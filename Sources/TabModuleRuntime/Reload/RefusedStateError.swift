/// Why `RefusedStateStore` could not keep a refused state: one line naming the path and the reason.
public struct RefusedStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
