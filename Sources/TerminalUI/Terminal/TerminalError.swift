/// A failure of the terminal front end: an opaque code and a description that says what to do.
public struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// Neither standard input/output nor /dev/tty is a terminal.
        public static let notATerminal = Code(rawValue: "notATerminal")
        /// The terminal says it cannot move its cursor (`TERM=dumb`): what the front end draws would arrive
        /// as escape sequences in the text.
        public static let dumbTerminal = Code(rawValue: "dumbTerminal")
        /// The terminal settings could not be read or changed.
        public static let terminalSettings = Code(rawValue: "terminalSettings")
        /// Reading from or writing to the terminal failed.
        public static let io = Code(rawValue: "io")
        /// poll(2) or a pipe failed in the event loop.
        public static let eventLoop = Code(rawValue: "eventLoop")
        /// The code's name.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// One line: what failed, why, and what to do.
    public let description: String

    /// Creates an error.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
