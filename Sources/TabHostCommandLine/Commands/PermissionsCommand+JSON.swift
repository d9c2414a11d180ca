extension PermissionsCommand {
    /// What `--json` prints.
    struct Output: Encodable {
        /// One per module and per grant whose module is not found.
        var modules: [PermissionsReport]
        /// Whether grants are enforced (false until the sandbox is applied by default).
        var enforced: Bool
        /// The kernel's Landlock ABI version, 0 without Landlock.
        var landlockABI: Int
        /// Whether the kernel has seccomp.
        var seccomp: Bool
    }
}
