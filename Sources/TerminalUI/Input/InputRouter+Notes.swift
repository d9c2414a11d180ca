import TabKit

extension InputRouter {
    /// Shows `toast` over the content (nil: none).
    package mutating func show(toast: ScreenNote?) {
        setToast(toast)
    }

    /// A module's `focus` (ABI 1.3): the focus moves to the focusable with that id, if the screen has one.
    package mutating func focus(id: String, on screen: Screen) {
        let focusables = screen.terminalFocusables
        guard let index = focusables.firstIndex(where: { $0.id == id }) else { return }
        moveFocus(to: index, in: focusables)
    }
}
