import CTabModule

extension ModuleEvent {
    /// The event's `tab_event` fields but `focus`: its type, action, key and value (the same on
    /// both sides of the process boundary).
    package var cFields: (type: UInt32, action: String?, key: UInt32, value: String?) {
        switch self {
        case .action(let action): (TAB_EVENT_ACTION.rawValue, action, 0, nil)
        case .key(let key): (TAB_EVENT_KEY.rawValue, nil, key, nil)
        case .tick: (TAB_EVENT_TICK.rawValue, nil, 0, nil)
        case .text(let field, let value): (TAB_EVENT_TEXT.rawValue, field, 0, value)
        case .submit(let field, let value): (TAB_EVENT_SUBMIT.rawValue, field, 0, value)
        case .toggle(let id, let isOn): (TAB_EVENT_TOGGLE.rawValue, id, 0, isOn ? "1" : "0")
        case .result(let module, let value): (TAB_EVENT_RESULT.rawValue, module, 0, value)
        case .alert(let id, let button): (TAB_EVENT_ALERT.rawValue, id, 0, button)
        case .timer(let id): (TAB_EVENT_TIMER.rawValue, id, 0, nil)
        case .dismiss: (TAB_EVENT_DISMISS.rawValue, nil, 0, nil)
        }
    }
}

extension ModuleInstance {
    /// Delivers `event` with nothing focused.
    public func send(_ event: ModuleEvent) { send(event, focus: nil) }
}
