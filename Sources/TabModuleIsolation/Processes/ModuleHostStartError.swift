/// A child process could not be started: the spawn's reason, one line.
struct ModuleHostStartError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
