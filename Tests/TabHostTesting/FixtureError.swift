/// A fixture could not be built.
public struct FixtureError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
