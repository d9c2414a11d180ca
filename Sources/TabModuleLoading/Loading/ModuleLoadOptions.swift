/// Choices that relax the loader's checks.
public struct ModuleLoadOptions: Sendable, Equatable {
    /// Accept module files (or their directories) writable by group or others, like sshd's
    /// `StrictModes no`. Off by default: such a file can be replaced by another user.
    public var allowInsecurePermissions: Bool

    /// Creates options; the defaults are the strict ones.
    public init(allowInsecurePermissions: Bool = false) {
        self.allowInsecurePermissions = allowInsecurePermissions
    }
}
