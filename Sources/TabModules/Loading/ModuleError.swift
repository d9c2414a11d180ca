/// Why a module file, directory or instance was refused: a code, the file, and one human line.
///
/// `description` is the single line shown to users: `"FILE: reason; what to do"`.
public struct ModuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as an opaque, comparable code (see the static members of `Code`).
    public let code: Code
    /// The file or directory the error is about.
    public let path: String
    /// What is wrong, without the path (e.g. `not an ELF file (starts with "hello")`).
    public let reason: String
    /// What the user can do about it (e.g. `rebuild it with cc -shared -fPIC`).
    public let hint: String

    /// Creates an error; `reason` and `hint` must each be one line.
    public init(_ code: Code, path: String, reason: String, hint: String) {
        self.code = code
        self.path = path
        self.reason = reason
        self.hint = hint
    }

    /// The one-line message: `"FILE: reason; what to do"`.
    public var description: String { "\(path): \(reason); \(hint)" }
}
