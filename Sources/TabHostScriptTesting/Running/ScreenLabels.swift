import TabKit

/// Finds a screen's items by the title a script names them with.
enum ScreenLabels {
    /// The actions clicking an item titled `label` performs: a row, a button, a toggle, a row action,
    /// a table row (by its first cell) or an alert's button; one per match.
    static func clickTargets(_ label: String, on screen: Screen) -> [ScreenAction] {
        if let alert = screen.alert {
            // An alert is modal: only its buttons can be clicked.
            return alert.buttons.filter { $0 == label }.map { .answerAlert(id: alert.id, button: $0) }
        }
        var actions: [ScreenAction] = screen.content.barButtons.filter { $0.label == label }.map { .activate($0.action) }
        for node in flattened(screen.content.nodes) {
            switch node.unstyled {
            case .row(let row):
                if row.title == label, let action = row.action { actions.append(.activate(action)) }
                actions += row.rowActions.filter { $0.label == label }.map { .activate($0.action) }
            case .button(let title, let action):
                if title == label { actions.append(.activate(action)) }
            case .toggle(let id, let title, let isOn):
                if title == label { actions.append(.toggle(id: id, isOn: !isOn)) }
            case .table(let table):
                for row in table.rows {
                    if row.cells.first == label, let action = row.action { actions.append(.activate(action)) }
                    actions += row.rowActions.filter { $0.label == label }.map { .activate($0.action) }
                }
            default: break
            }
        }
        if actions.isEmpty, label == screen.backLabel { actions.append(.back) }
        return actions
    }

    /// The nodes with a lazy list's drawn rows (ABI 1.3) in its place.
    static func flattened(_ nodes: [ViewNode]) -> [ViewNode] {
        nodes.flatMap { node -> [ViewNode] in
            if case .list(let list) = node.unstyled { return list.rows }
            return [node]
        }
    }

    /// The title of `focusable` in `content`: a row's title, a button's or toggle's label, a table
    /// row's first cell, a field's placeholder (else its id).
    static func label(of focusable: ViewFocusable, in content: ViewTree) -> String {
        for node in flattened(content.nodes) {
            switch (node.unstyled, focusable) {
            case (.row(let row), .action(let id)) where row.action == id: return row.title
            case (.button(let title, let action), .action(let id)) where action == id: return title
            case (.toggle(let toggle, let title, _), .toggle(let id)) where toggle == id: return title
            case (.textField(let field), .field(let id)) where field.id == id: return field.placeholder ?? field.id
            case (.table(let table), .action(let id)):
                if let row = table.rows.first(where: { $0.action == id }) { return row.cells.first ?? id }
            default: continue
            }
        }
        switch focusable {
        case .action(let id), .field(let id), .toggle(let id): return id
        }
    }
}
