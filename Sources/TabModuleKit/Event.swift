/// An input event delivered to ``TabModule/handle(_:)`` (a copy of the host's `tab_event`).
public enum Event: Sendable, Hashable {
    /// A row or button with this action id was activated.
    case action(String)
    /// A key the host did not consume.
    case key(Key)
    /// A tick asked for with ``ModuleHost/scheduleTick(after:)`` is due.
    case tick
    /// An event type newer than this kit; `type` is the C `tab_event.type`.
    case other(type: UInt32)
}
