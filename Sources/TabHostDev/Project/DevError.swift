/// Why `tabhost dev` cannot go on: a code to match on and the one line to show.
public struct DevError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The directory is not a project made by `tabhost new`.
        case notAProject
        /// The project's files do not say which module it builds.
        case unknownModule
        /// The build command could not be started.
        case spawnFailed
        /// The sources cannot be watched.
        case watchFailed
        /// The built module cannot be copied where the host loads it.
        case installFailed
    }

    /// What went wrong.
    public let code: Code
    /// One line: the file or directory, the reason, what to do.
    public let description: String

    /// An error with `code` and its line.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
