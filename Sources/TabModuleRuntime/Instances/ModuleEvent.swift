/// An event delivered to a module instance (`tab_event`).
public enum ModuleEvent: Sendable, Hashable {
    /// A row, table row, button or row action with this action id was activated.
    case action(String)
    /// A key the front end did not consume (a Unicode scalar or a `tab_key` value), as the module's
    /// ABI minor receives it (`TabKey.forModule(minor:)`).
    case key(UInt32)
    /// A tick asked for with `schedule_tick` is due.
    case tick
    /// `TAB_EVENT_TEXT` (1.2): the field `field` now holds `value`.
    case text(field: String, value: String)
    /// `TAB_EVENT_SUBMIT` (1.2): Enter in the single-line field `field` holding `value`.
    case submit(field: String, value: String)
    /// `TAB_EVENT_TOGGLE` (1.2): the toggle `id` is now on or off.
    case toggle(id: String, isOn: Bool)
    /// `TAB_EVENT_RESULT` (1.2): the screen of module `module` this instance pushed or presented
    /// ended with `value` (nil: the user went Back).
    case result(module: String, value: String?)
    /// `TAB_EVENT_ALERT` (1.2): the alert `id` was answered with the button labelled `button`.
    case alert(id: String, button: String)
    /// `TAB_EVENT_TIMER` (1.2): the timer `id` fired.
    case timer(String)
    /// `TAB_EVENT_DISMISS` (1.3): the user asked to close the guarded modal this instance presents.
    case dismiss
}
