extension ViewTree {
    /// The ids of the single-line text fields, for checking `ScreenAction.submit` (a multi-line
    /// field has no submit: Enter types a newline there).
    public var singleLineFieldIDs: Set<String> {
        var result = Set<String>()
        for node in nodes {
            if case .textField(let field) = node.unstyled, !field.isMultiline { result.insert(field.id) }
        }
        return result
    }

    /// What has the focus once `action` was activated: the row, table row or button itself, or for a
    /// row's secondary action the row it belongs to; nil when that row cannot have the focus.
    public func focus(implied action: String) -> String? {
        if focusableActions.contains(action) { return action }
        return Self.rowFocus(of: action, in: nodes)
    }

    private static func rowFocus(of action: String, in nodes: [ViewNode]) -> String? {
        for node in nodes {
            switch node.unstyled {
            case .row(let row) where row.rowActions.contains { $0.action == action }:
                return row.action
            case .table(let table):
                if let row = table.rows.first(where: { $0.rowActions.contains { $0.action == action } }) { return row.action }
            case .list(let list):
                if let focus = rowFocus(of: action, in: list.rows) { return focus }
            default: break
            }
        }
        return nil
    }
}
