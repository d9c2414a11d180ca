/// Why a session could not be opened: one line naming the file, the reason and what to do.
public struct SessionSetupError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What kind of failure this is; compare against the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// The directory of private copies could not be made.
        public static let moduleCache = Code(name: "moduleCache")
        /// The layout file is missing, unreadable or invalid.
        public static let layout = Code(name: "layout")
        /// The directory watcher could not be made.
        public static let watcher = Code(name: "watcher")
        /// Another running host holds the `--state` file.
        public static let stateInUse = Code(name: "stateInUse")
        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// One line: file, reason, what to do.
    public let description: String
    /// What was found wrong before it (refused module files), one line each, to show first.
    public var earlier: [String] = []
    /// More of the same kind found with it (the layout file's other problems, in file order), one
    /// line each, to show after it.
    public var later: [String] = []

    /// Creates an error.
    public init(_ code: Code, _ description: String, earlier: [String] = [], later: [String] = []) {
        self.code = code
        self.description = description
        self.earlier = earlier
        self.later = later
    }
}
