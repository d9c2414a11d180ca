/// An event delivered to a module instance (`tab_event`).
public enum ModuleEvent: Sendable, Hashable {
    /// A row or button with this action id was activated.
    case action(String)
    /// A key the front end did not consume (a Unicode scalar or a `tab_key` value).
    case key(UInt32)
    /// A tick asked for with `schedule_tick` is due.
    case tick
}
