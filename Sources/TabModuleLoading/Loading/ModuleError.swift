/// Why a module file, directory or instance was refused: a code, what it is about, and one human line.
///
/// The one error family of the module targets: loading a file and making an instance both throw it.
/// `description` is the single line shown to users: `"FILE: reason; what to do"`, or for an
/// instance `"module NAME: reason; what to do"`.
public struct ModuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an opaque, comparable code (see the static members of `Code`).
    public let code: Code
    /// The file or directory the error is about (for an instance, its module's file).
    public let path: String
    /// The module an instance error is about; nil for a file or directory error.
    public let module: String?
    /// What is wrong, without the path (e.g. `not an ELF file (starts with "hello")`).
    public let reason: String
    /// What the user can do about it (e.g. `rebuild it with cc -shared -fPIC`).
    public let hint: String

    /// Creates an error about a file or directory; `reason` and `hint` must each be one line.
    public init(_ code: Code, path: String, reason: String, hint: String) {
        self.code = code
        self.path = path
        self.module = nil
        self.reason = reason
        self.hint = hint
    }

    /// Creates an error about an instance of `module`, whose file is `path`; `reason` and `hint`
    /// must each be one line.
    public init(_ code: Code, module: String, path: String, reason: String, hint: String) {
        self.code = code
        self.path = path
        self.module = module
        self.reason = reason
        self.hint = hint
    }

    /// The one-line message: `"FILE: reason; what to do"`, or `"module NAME: reason; what to do"`.
    public var description: String {
        if let module { "module \(module): \(reason); \(hint)" } else { "\(path): \(reason); \(hint)" }
    }
}
