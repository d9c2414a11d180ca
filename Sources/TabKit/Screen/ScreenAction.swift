/// What a front end may ask of the model, in response to user input.
public enum ScreenAction: Sendable, Hashable {
    /// The user tapped bar slot `index` (0-based, as in `TabBar.items`; the More slot included).
    case selectTab(Int)
    /// The user activated a row, table row, button or row action with this action id.
    case activate(String)
    /// Back: dismiss a modal, else pop the selected stack, else pop the outer stack.
    case back
    /// Dismiss the top modal.
    case dismiss
    /// A key the front end did not consume, forwarded to the visible controller.
    case key(TabKey)
    /// The user moved the tab in bar slot `from` to slot `to` (customizing; rules 25–26). Only
    /// customizable tabs move; the More slot never does.
    case moveTab(from: Int, to: Int)
    /// The focus moved to the focusable with this id on the shown content (nil: nothing focused).
    /// Events to that content carry it (`tab_event.focus`); nothing is drawn anew.
    case focus(String?)
    /// The user edited the text field `field`; `value` is its whole new text (`TAB_EVENT_TEXT`).
    case editText(field: String, value: String)
    /// Enter in the single-line field `field` holding `value` (`TAB_EVENT_SUBMIT`).
    case submit(field: String, value: String)
    /// The user flipped the toggle `id` to `isOn` (`TAB_EVENT_TOGGLE`).
    case toggle(id: String, isOn: Bool)
    /// The user answered the shown alert `id` with the button labelled `button` (`TAB_EVENT_ALERT`).
    case answerAlert(id: String, button: String)
    /// The front end shows (or is about to show) rows `start ..< start + count` of the lazy list `list`
    /// of the shown content (ABI 1.3): its next rendering draws those.
    case showRows(list: String, start: Int, count: Int)
}
