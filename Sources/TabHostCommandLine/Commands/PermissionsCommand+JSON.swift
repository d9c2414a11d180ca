extension PermissionsCommand {
    /// What `--json` prints.
    struct Output: Encodable {
        /// One per module and per grant whose module is not found.
        var modules: [PermissionsReport]
        /// Whether grants are enforced: true since the sandbox is on by default.
        var enforced: Bool
        /// The kernel's Landlock ABI version, 0 without Landlock.
        var landlockABI: Int
        /// Whether the kernel has seccomp.
        var seccomp: Bool
    }
}
