/// An input event delivered to ``TabModule/handle(_:)`` (a copy of the host's `tab_event`).
///
/// What had the focus when it happened comes with it to ``TabModule/handle(_:focus:)``.
public enum Event: Sendable, Hashable {
    /// A row, table row, button or row action with this action id was activated.
    case action(String)
    /// A key the host did not consume.
    case key(Key)
    /// A tick asked for with ``ModuleHost/scheduleTick(after:)`` is due.
    case tick
    /// The text field `field` changed; `value` is its whole new text (ABI 1.2).
    case text(field: String, value: String)
    /// Enter was pressed in the single-line text field `field`, holding `value` (ABI 1.2).
    case submit(field: String, value: String)
    /// The toggle `id` was flipped; `isOn` is its new value (ABI 1.2).
    case toggle(id: String, isOn: Bool)
    /// A screen this instance pushed or presented ended: `module` is its module name, `value` what it gave
    /// ``ModuleHost/finish(result:)``, nil when the user went back (ABI 1.2).
    case result(module: String, value: String?)
    /// The alert `id` was answered with the button labelled `button` (ABI 1.2).
    case alert(id: String, button: String)
    /// The timer `id` set with ``ModuleHost/setTimer(id:after:repeat:)`` fired (ABI 1.2).
    case timer(id: String)
    /// The user asked to close the modal this instance presents, guarded with
    /// ``ModuleHost/presentForResult(_:param:tag:confirmDismiss:)``: close it (``ModuleHost/dismiss()``,
    /// ``ModuleHost/finish(result:)``) or ask with an alert (ABI 1.3).
    case dismiss
    /// An event type newer than this kit; `type` is the C `tab_event.type`.
    case other(type: UInt32)
}
