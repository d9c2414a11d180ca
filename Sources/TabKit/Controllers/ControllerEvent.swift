/// An input routed to the visible controller.
public enum ControllerEvent: Sendable, Hashable {
    /// A row or button with this action id was activated.
    case action(String)
    /// A key the front end did not consume (a Unicode scalar or a named `tab_key`).
    case key(TabKey)
    /// A tick the controller asked for is due.
    case tick
}
