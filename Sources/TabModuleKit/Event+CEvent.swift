import CTabModule

extension Event {
    /// Copies a host `tab_event` (valid only during the call) into an ``Event``.
    init(_ e: tab_event) {
        switch e.type {
        case UInt32(TAB_EVENT_ACTION.rawValue): self = .action(copiedString(e.action) ?? "")
        case UInt32(TAB_EVENT_KEY.rawValue): self = .key(Key(rawValue: e.key))
        case UInt32(TAB_EVENT_TICK.rawValue): self = .tick
        default: self = .other(type: e.type)
        }
    }
}
