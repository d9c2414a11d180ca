extension ViewTree {
    /// True when the tree has a lazy list with this id.
    public func containsList(_ id: String) -> Bool {
        nodes.contains { if case .list(let list) = $0.unstyled { list.id == id } else { false } }
    }

    /// True when some node (focusable or not, disabled too) uses `id` as its action or id.
    public func containsNode(_ id: String) -> Bool {
        nodes.contains { node in
            switch node.unstyled {
            case .row(let row): row.action == id
            case .button(_, let action): action == id
            case .textField(let field): field.id == id
            case .toggle(let toggleID, _, _): toggleID == id
            case .table(let table): table.rows.contains { $0.action == id }
            case .list(let list): list.id == id || ViewTree(list.rows).containsNode(id)
            default: false
            }
        }
    }
}
