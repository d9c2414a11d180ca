/// An input routed to the visible controller.
public enum ControllerEvent: Sendable, Hashable {
    /// A row, table row, button or row action with this action id was activated.
    case action(String)
    /// A key the front end did not consume (a Unicode scalar or a named `tab_key`).
    case key(TabKey)
    /// A tick the controller asked for is due.
    case tick
    /// The text field `field` now holds `value` (ABI 1.2).
    case text(field: String, value: String)
    /// Enter in the single-line field `field` holding `value` (ABI 1.2).
    case submit(field: String, value: String)
    /// The toggle `id` was flipped to `isOn` (ABI 1.2).
    case toggle(id: String, isOn: Bool)
    /// A screen this controller pushed or presented ended (ABI 1.2): `module` is its module name,
    /// `value` what it gave `finish`, nil when the user went Back.
    case result(module: String, value: String?)
    /// The alert `id` this controller raised was answered with the button labelled `button` (ABI 1.2).
    case alert(id: String, button: String)
    /// The timer `id` the controller set fired (ABI 1.2).
    case timer(String)
    /// The user asked to close the modal this controller presents, guarded with
    /// `TAB_PRESENT_CONFIRM_DISMISS` (ABI 1.3): it stays until the controller closes it.
    case dismiss
}
