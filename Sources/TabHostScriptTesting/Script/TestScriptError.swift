/// A `.tabtest` script that cannot be read or parsed: the file, the line, and why.
public struct TestScriptError: Error, Sendable, CustomStringConvertible {
    /// The script's path as given.
    public var file: String
    /// The line (1-based); 0 for the file as a whole.
    public var line: Int
    /// Why, in a few words.
    public var reason: String

    /// An error at `file:line`.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `tests/a.tabtest:3: unknown key "entr"`.
    public var description: String {
        line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
}
