import CTabModule

extension Event {
    /// Copies a host `tab_event` (valid only during the call) into an ``Event``.
    init(_ e: tab_event) {
        let action = copiedString(e.action) ?? ""
        let value = Self.hasValueAndFocus(e) ? copiedString(e.value) : nil
        switch e.type {
        case UInt32(TAB_EVENT_ACTION.rawValue): self = .action(action)
        case UInt32(TAB_EVENT_KEY.rawValue): self = .key(Key(rawValue: e.key))
        case UInt32(TAB_EVENT_TICK.rawValue): self = .tick
        case UInt32(TAB_EVENT_TEXT.rawValue): self = .text(field: action, value: value ?? "")
        case UInt32(TAB_EVENT_SUBMIT.rawValue): self = .submit(field: action, value: value ?? "")
        case UInt32(TAB_EVENT_TOGGLE.rawValue): self = .toggle(id: action, isOn: value == "1")
        case UInt32(TAB_EVENT_RESULT.rawValue): self = .result(module: action, value: value)
        case UInt32(TAB_EVENT_ALERT.rawValue): self = .alert(id: action, button: value ?? "")
        case UInt32(TAB_EVENT_TIMER.rawValue): self = .timer(id: action)
        case UInt32(TAB_EVENT_DISMISS.rawValue): self = .dismiss
        default: self = .other(type: e.type)
        }
    }

    /// The id of what had the focus when `e` happened, or nil (always nil from a host older than 1.2).
    static func focus(of e: tab_event) -> String? {
        hasValueAndFocus(e) ? copiedString(e.focus) : nil
    }

    /// Whether the host built `e` large enough to hold `value` and `focus` (TAB_API_HAS).
    private static func hasValueAndFocus(_ e: tab_event) -> Bool {
        guard let offset = MemoryLayout<tab_event>.offset(of: \tab_event.focus) else { return false }
        return Int(e.struct_size) >= offset + MemoryLayout<UnsafePointer<CChar>?>.size
    }
}
