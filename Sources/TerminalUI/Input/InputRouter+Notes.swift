import TabKit

extension InputRouter {
    /// Shows `toast` over the content (nil: none).
    package mutating func show(toast: ScreenNote?) {
        setToast(toast)
    }

    /// A module's `focus` (ABI 1.3): the focus moves to the focusable with that id, if the screen has one;
    /// with `row` (`scroll_to` on a lazy list), to that row of the list `id` when it is drawn.
    package mutating func focus(id: String, row: Int? = nil, on screen: Screen) {
        var target = id
        if let row {
            let list = screen.content.nodes.lazy.compactMap { if case .list(let list) = $0.unstyled, list.id == id { list } else { nil } }
                .first
            guard let drawn = list?.row(at: row), let action = Self.action(of: drawn) else { return }
            target = action
        }
        let focusables = screen.terminalFocusables
        guard let index = focusables.firstIndex(where: { $0.id == target }) else { return }
        moveFocus(to: index, in: focusables)
    }
}
