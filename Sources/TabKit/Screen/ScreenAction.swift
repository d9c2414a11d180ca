/// What a front end may ask of the model, in response to user input.
public enum ScreenAction: Sendable, Hashable {
    /// The user tapped bar slot `index` (0-based, as in `TabBar.items`; the More slot included).
    case selectTab(Int)
    /// The user activated a row or button with this action id.
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
}
