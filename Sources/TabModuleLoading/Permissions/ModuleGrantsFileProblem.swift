/// Why a permissions file's bytes are not a valid store (one phrase, without the path).
struct ModuleGrantsFileProblem: Error {
    /// The reason.
    var reason: String

    /// A problem with `reason`.
    init(_ reason: String) { self.reason = reason }
}
