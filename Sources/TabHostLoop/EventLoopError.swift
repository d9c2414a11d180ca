/// Why an event loop stopped running: an opaque code and a one-line description.
public struct EventLoopError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What kind of failure this is; compare against the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// poll(2) failed for a reason other than EINTR.
        public static let pollFailed = Code(name: "pollFailed")
        /// The wake-up descriptor for `execute` could not be made.
        public static let wakeupFailed = Code(name: "wakeupFailed")
        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// One line: what failed and why.
    public let description: String

    /// Creates an error.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
