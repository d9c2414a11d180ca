/// A test fixture could not be made.
public struct TestSupportError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
