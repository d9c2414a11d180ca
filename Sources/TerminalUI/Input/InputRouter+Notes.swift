import TabKit

extension InputRouter {
    /// Shows `toast` over the content (nil: none).
    package mutating func show(toast: ScreenNote?) {
        setToast(toast)
    }

    /// A module's `focus` (ABI 1.3): the focus moves to the focusable with that id, if the screen has one;
    /// with `row` (`scroll_to` on a lazy list), to that row of the list `id` when it is drawn.
    /// False when the screen does not show it (yet: a list's window may arrive in a later frame).
    @discardableResult
    package mutating func focus(id: String, row: Int? = nil, on screen: Screen) -> Bool {
        var target = id
        if let row {
            let list = Self.lists(in: screen.content).first { $0.id == id }
            guard let drawn = list?.row(at: row), let action = Self.action(of: drawn) else { return false }
            target = action
        }
        let focusables = screen.terminalFocusables
        guard let index = focusables.firstIndex(where: { $0.id == target }) else { return false }
        moveFocus(to: index, in: focusables)
        return true
    }
}
