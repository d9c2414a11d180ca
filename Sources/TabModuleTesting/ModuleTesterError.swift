/// A step of a `ModuleTester` that failed, as `tabhost test` reports it: the first line says what failed
/// (the module crashed, nothing titled so to click, the sandbox refused something not granted, the module
/// did not settle…), the others show the screen.
public struct ModuleTesterError: Error, CustomStringConvertible, Sendable {
    /// The step as sent (`click "Send"`), or `start`.
    public var step: String
    /// What failed, one line each.
    public var lines: [String]

    /// A failure of `step`.
    public init(step: String, lines: [String]) {
        self.step = step
        self.lines = lines
    }

    /// `step: what failed`, then the other lines.
    public var description: String {
        ([step + ": " + (lines.first ?? "failed")] + lines.dropFirst()).joined(separator: "\n")
    }
}
