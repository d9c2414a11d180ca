import CTabModule

/// ABI 1.3's view calls: disabled nodes, title-bar buttons, lazy lists, styled runs, shortcuts. On an
/// older host they do nothing (a list shows no rows).
extension View {
    /// With false, the next node (a table row before ``cells(_:action:)``, a bar button too) is shown
    /// disabled: it can be neither focused nor activated.
    public mutating func enabled(_ isEnabled: Bool) {
        guard session.isOpen, hostHas(api, \.enabled) else { return }
        api.pointee.enabled?(handle, isEnabled ? 1 : 0)
    }

    /// A button in the title bar (UINavigationItem's bar items) that sends ``Event/action(_:)`` with `action`.
    public mutating func barButton(_ label: String, action: String, side: BarSide = .trailing) {
        guard session.isOpen, hostHas(api, \.bar_button) else { return }
        label.withCString { label in
            action.withCString { api.pointee.bar_button?(handle, label, $0, side.rawValue) }
        }
    }

    /// A lazy list of `count` rows of one height: `row` draws row `index` (one ``row(_:detail:action:)``
    /// or ``cells(_:action:)``, with its row actions) and is called only for the rows on screen and a
    /// few around them, during this render.
    public mutating func list(id: String, count: Int, row: @escaping (Int, inout View) -> Void) {
        guard hostHas(api, \.list), beginNode() else { return }
        session.listRows[id] = row
        id.withCString { api.pointee.list?(handle, $0, max(0, count)) }
    }

    /// One paragraph made of styled runs.
    public mutating func spans(_ spans: [Span]) {
        guard hostHas(api, \.spans), beginNode() else { return }
        withCStringArray(spans.map(\.text)) { texts, count in
            spans.map(\.style.rawValue).withUnsafeBufferPointer { api.pointee.spans?(handle, texts, $0.baseAddress, count) }
        }
    }

    /// While this screen shows, `key` sends ``Event/action(_:)`` with `action`; the footer lists it
    /// (`/ Search`). Keys the host keeps (q, 1–9, Tab, Esc, arrows, Enter) are refused with a log line.
    public mutating func shortcut(_ key: Key, label: String, action: String) {
        guard session.isOpen, hostHas(api, \.shortcut) else { return }
        label.withCString { label in
            action.withCString { api.pointee.shortcut?(handle, key.rawValue, label, $0) }
        }
    }

    /// A shortcut on a character (`"/"`, `"n"`).
    public mutating func shortcut(_ character: Unicode.Scalar, label: String, action: String) {
        shortcut(Key(rawValue: character.value), label: label, action: action)
    }
}
