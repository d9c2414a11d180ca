/// Why a key, a signature, a manifest or a bundle was refused: a code, what it is about, and one human line.
///
/// The one error family of TabModuleBundle, shaped as `ModuleError`: `description` is the single line
/// shown to users, `"FILE: reason; what to do"`.
public struct BundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an opaque, comparable code (see the static members of `Code`).
    public let code: Code
    /// The file the error is about (a key, a signature, a bundle), or a name such as `manifest.json`.
    public let path: String
    /// What is wrong, without the path (e.g. `entry "../x": the path leaves the bundle`).
    public let reason: String
    /// What the user can do about it.
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
