/// An error from TabKit: an opaque code plus a one-line description saying what and what to do.
public struct TabKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An opaque error code; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The raw value (stable, opaque).
        public let rawValue: Int
        /// Creates a code.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A module name nothing can instantiate.
        public static let unknownModule = Code(rawValue: 1)
        /// Text that is not valid JSON (the description gives line and column).
        public static let malformedJSON = Code(rawValue: 2)
        /// A key the layout or restoration format does not define.
        public static let unknownKey = Code(rawValue: 3)
        /// A required key is missing.
        public static let missingKey = Code(rawValue: 4)
        /// A value of the wrong type or out of range.
        public static let invalidValue = Code(rawValue: 5)
        /// Two tabs with one name in one container.
        public static let duplicateName = Code(rawValue: 6)
        /// The controller factory failed (the description carries its reason).
        public static let factoryFailed = Code(rawValue: 7)
        /// No container to act on (e.g. addTab with no tab container).
        public static let noContainer = Code(rawValue: 8)
        /// Input over one of the stated limits (a layout file's size, say).
        public static let tooLarge = Code(rawValue: 9)
        /// A call the user's own input must cause (a module's add_tab of an existing tab from a timer).
        public static let notUserCaused = Code(rawValue: 10)
        /// A description of the code.
        public var description: String { "TabKitError.Code(\(rawValue))" }
    }

    /// The opaque code.
    public let code: Code
    /// The full, one-line explanation.
    public let description: String

    /// Creates an error.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
