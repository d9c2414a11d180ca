import _CSandbox

/// What a module's child says it enforced after it applied its sandbox (`tabhost_sandbox_report`).
public struct ModuleSandboxReport: Sendable, Hashable {
    /// Layers in force (bits of `enum tabhost_sandbox_layer`).
    public var enforced: UInt32
    /// Layers asked for and not in force.
    public var missing: UInt32
    /// The kernel's Landlock ABI, 0 without Landlock.
    public var landlockABI: Int32
    /// The child's one line: "sandbox: …".
    public var text: String

    /// True when seccomp's filter is in force (what withholds `exec` and `network`).
    public var enforcesSeccomp: Bool { enforced & TABHOST_SANDBOX_SECCOMP.rawValue != 0 }

    /// Read from LOAD's reply, after the functions and kind.
    init(_ reader: inout WireReader) throws {
        enforced = try reader.u32()
        missing = try reader.u32()
        landlockABI = try reader.i32()
        text = try reader.string()
    }
}
