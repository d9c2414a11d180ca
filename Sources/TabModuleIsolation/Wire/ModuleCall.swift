/// A call into a module's child, as a crash or hang message names it: `event "segv"`, `render`.
struct ModuleCall: Sendable, Hashable, CustomStringConvertible {
    /// The request, which names the module function.
    let function: WireMessage
    /// The instance it was made on (nil for the child's own `load`).
    let instance: UInt64?
    /// What the call carried that the user can recognize: an action id, a key.
    let detail: String?

    init(_ function: WireMessage, instance: UInt64? = nil, detail: String? = nil) {
        self.function = function
        self.instance = instance
        self.detail = detail
    }

    /// `event "segv"`, `event (key 13)`, `render`.
    var description: String {
        guard let detail else { return function.functionName }
        return "\(function.functionName) \(detail)"
    }
}
