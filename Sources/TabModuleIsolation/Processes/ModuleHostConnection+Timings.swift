import TabModuleRuntime

extension ModuleHostConnection {
    /// Records the round trip of a request of `type` sent at `sent`, whose reply (or failure) has just
    /// been matched: the one place isolated calls reach `tabhost inspect NAME --timings`. A reply that
    /// came after its call gave up counts too: its duration is what the module really took.
    func recordReply(to type: WireMessage, sent: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) {
        guard let calls, let kind = ModuleCallKind(rawValue: type.functionName) else { return }
        calls.record(kind, module: module.name, duration: now - sent)
    }

    /// Records a pushed FRAME's render: the time the child measured around the module's render (its
    /// monotonic clock), since the host never sees when a frame's render began (after an event's reply,
    /// a FRAME_ACK, a module thread's invalidate). Counted under render with the RENDER round trips.
    func recordPushedRender(nanoseconds: UInt64) {
        guard let calls else { return }
        let clamped = Int64(clamping: nanoseconds)
        calls.record(.render, module: module.name, duration: .nanoseconds(clamped))
    }
}
