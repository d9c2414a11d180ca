import TabModuleRuntime

extension ModuleHostConnection {
    /// Records the round trip of a request of `type` sent at `sent`, whose reply (or failure) has just
    /// been matched: the one place isolated calls reach `tabhost inspect NAME --timings`. A reply that
    /// came after its call gave up counts too: its duration is what the module really took.
    func recordReply(to type: WireMessage, sent: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) {
        guard let calls, let kind = ModuleCallKind(rawValue: type.functionName) else { return }
        calls.record(kind, module: module.name, duration: now - sent)
    }
}
