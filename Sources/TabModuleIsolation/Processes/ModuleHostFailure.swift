/// Why a module's child stopped and in which call: "SIGSEGV in event \"segv\"", or "it reached its
/// memory ceiling (8 GiB): SIGSEGV in start" when the child said, on its way out, that its address space
/// was at its sandbox's memory ceiling.
public struct ModuleHostFailure: Sendable, Hashable, CustomStringConvertible {
    /// How the process ended.
    public let exit: ModuleHostExit
    /// The module function that was running ("event \"segv\""), nil when the child was idle.
    public let call: String?
    /// The memory ceiling (RLIMIT_AS, in bytes) the child reached before it ended; nil when it did not.
    public let memoryCeiling: UInt64?

    init(exit: ModuleHostExit, call: ModuleCall?, memoryCeiling: UInt64? = nil) {
        self.exit = exit
        self.call = call?.description
        self.memoryCeiling = memoryCeiling
    }

    private init(exit: ModuleHostExit, callName: String?, memoryCeiling: UInt64?) {
        self.exit = exit
        self.call = callName
        self.memoryCeiling = memoryCeiling
    }

    /// The same failure, blamed on the memory ceiling `bytes`.
    func reachingMemoryCeiling(_ bytes: UInt64) -> ModuleHostFailure {
        ModuleHostFailure(exit: exit, callName: call, memoryCeiling: bytes)
    }

    /// "SIGSEGV in event \"segv\"", "exit status 0", "not responding for 10 s in render", "it reached its
    /// memory ceiling (8 GiB): SIGSEGV in start".
    public var description: String {
        let how = call.map { "\(exit) in \($0)" } ?? exit.description
        guard let memoryCeiling else { return how }
        return "it reached its memory ceiling (\(Self.bytes(memoryCeiling))): \(how)"
    }

    /// "8 GiB", "64 MiB", "1.5 GiB", "4096 bytes".
    static func bytes(_ count: UInt64) -> String {
        for (unit, name) in [(UInt64(1) << 30, "GiB"), (UInt64(1) << 20, "MiB")] where count >= unit {
            if count % unit == 0 { return "\(count / unit) \(name)" }
            let tenths = (count * 10 + unit / 2) / unit
            return "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return "\(count) bytes"
    }
}
