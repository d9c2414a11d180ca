/// Why a module's child stopped and in which call: "SIGSEGV in event \"segv\"".
public struct ModuleHostFailure: Sendable, Hashable, CustomStringConvertible {
    /// How the process ended.
    public let exit: ModuleHostExit
    /// The module function that was running ("event \"segv\""), nil when the child was idle.
    public let call: String?

    init(exit: ModuleHostExit, call: ModuleCall?) {
        self.exit = exit
        self.call = call?.description
    }

    /// "SIGSEGV in event \"segv\"", "exit status 0", "not responding for 10 s in render".
    public var description: String {
        guard let call else { return exit.description }
        return "\(exit) in \(call)"
    }
}
