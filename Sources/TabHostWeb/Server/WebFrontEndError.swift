/// Why the web front end cannot start.
public struct WebFrontEndError: Error, Sendable, CustomStringConvertible {
    /// One line for standard error.
    public let description: String
    init(_ description: String) { self.description = description }
}
