import FoundationEssentials

/// A parsed `.tabtest` script: the module's setup (`param`, `grant`, the first `size`) and its steps.
public struct TestScript: Sendable, Hashable {
    /// The script's path as given (the report names it so).
    public var path: String
    /// The param `start` gets; nil for none.
    public var param: String?
    /// The permissions the script grants the module: the only ones it runs with.
    public var grants: [String]
    /// The steps, in order.
    public var steps: [TestStep]

    /// A script with these parts.
    public init(path: String, param: String? = nil, grants: [String] = [], steps: [TestStep] = []) {
        self.path = path
        self.param = param
        self.grants = grants
        self.steps = steps
    }

    /// Reads and parses the script at `path` (named `displayPath` in errors and reports).
    public static func read(path: String, displayPath: String? = nil) throws(TestScriptError) -> TestScript {
        let name = displayPath ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TestScriptError(file: name, line: 0, reason: "cannot read the file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TestScriptError(file: name, line: 0, reason: "not UTF-8 text")
        }
        return try TestScriptParser(file: name).parse(text)
    }
}
