/// One compiler diagnostic from a build log: `file:line:column: severity: message`, as cc, clang and
/// swiftc print them.
public struct BuildDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the project when it lies inside it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// `error`, `fatal error`, `warning` or `note`.
    public var severity: String
    /// The compiler's message.
    public var message: String

    /// `file:line:column: severity: message`.
    public var description: String { "\(file):\(line):\(column): \(severity): \(message)" }

    /// True for `error` and `fatal error`.
    public var isError: Bool { severity.hasSuffix("error") }

    /// A diagnostic.
    public init(file: String, line: Int, column: Int, severity: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    private static let severities = ["fatal error", "error", "warning", "note"]

    /// The diagnostics in `log`, in order, each once (swiftc repeats some); paths inside `directory`
    /// are made relative to it.
    public static func parse(_ log: String, relativeTo directory: String) -> [BuildDiagnostic] {
        var found: [BuildDiagnostic] = []
        for line in log.split(separator: "\n") {
            guard let diagnostic = parse(line: line, relativeTo: directory), !found.contains(diagnostic) else { continue }
            found.append(diagnostic)
        }
        return found
    }

    /// One line as a diagnostic, if it is one.
    static func parse(line: Substring, relativeTo directory: String) -> BuildDiagnostic? {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, let number = Int(parts[1]), let column = Int(parts[2]) else { return nil }
        let rest = parts[3].drop { $0 == " " }
        guard let severity = severities.first(where: { rest.hasPrefix($0 + ":") }) else { return nil }
        let message = rest.dropFirst(severity.count + 1).trimmingBlanks
        var file = String(parts[0])
        if file.hasPrefix(directory + "/") { file.removeFirst(directory.count + 1) }
        return BuildDiagnostic(file: file, line: number, column: column, severity: severity, message: message)
    }
}
