/// One line of a `.tabtest` script that does something.
public struct TestStep: Sendable, Hashable {
    /// The line it is on (1-based), for the report.
    public var line: Int
    /// What it does.
    public var action: TestStepAction
    /// The line as written (trimmed), for the report.
    public var source: String

    /// A step on `line`.
    public init(line: Int, action: TestStepAction, source: String) {
        self.line = line
        self.action = action
        self.source = source
    }
}
