import TabKit

extension InputRouter {
    /// The `showRows` that keeps rows drawn around the focused row of a lazy list (ABI 1.3) once the
    /// focus comes within a few rows of the drawn window's edge, so Down, Page Down and End go on over
    /// every row of the list; nil when the window is fine.
    func listWindowRequest(on screen: Screen) -> ScreenAction? {
        guard case .action(let id)? = focusedItem else { return nil }
        for node in screen.content.nodes {
            guard case .list(let list) = node.unstyled, let offset = list.rows.firstIndex(where: { Self.action(of: $0) == id })
            else { continue }
            let index = list.start + offset
            let size = max(list.rows.count, 16)
            let margin = max(2, size / 8)
            if index >= list.window.upperBound - margin && list.window.upperBound < list.count {
                return .showRows(list: list.id, start: max(0, index - size / 4), count: size)
            }
            if index < list.window.lowerBound + margin && list.start > 0 {
                return .showRows(list: list.id, start: max(0, index - size * 3 / 4), count: size)
            }
            return nil
        }
        return nil
    }

    /// The action of a lazy list's row (a row, or a one-row table).
    static func action(of row: ViewNode) -> String? {
        switch row.unstyled {
        case .row(let row): row.action
        case .table(let table): table.rows.first?.action
        default: nil
        }
    }
}
