/// Whether a module's child confines itself with the kernel sandbox before it opens the module
/// (`--sandbox`; see docs/user/sandbox.md).
public enum SandboxMode: String, Sendable, Hashable, CaseIterable {
    /// No sandbox: the child runs as the host's user with everything that user may do (the default
    /// until issue 31 is finished).
    case off
    /// The sandbox, with whatever layers this kernel offers; what it lacks is logged.
    case on
    /// The sandbox, every layer: a child whose sandbox could not be fully applied does not run its module.
    case require

    /// The byte LOAD carries (`tabhost_isolation.h`).
    var wireValue: UInt8 {
        switch self {
        case .off: 0
        case .on: 1
        case .require: 2
        }
    }
}
