/// The content of one screen: an ordered list of nodes.
public struct ViewTree: Sendable, Hashable, Codable {
    /// The nodes in display order.
    public var nodes: [ViewNode]

    /// Creates a tree from `nodes`.
    public init(_ nodes: [ViewNode] = []) {
        self.nodes = nodes
    }

    /// The action ids of the activatable nodes (rows and table rows with an action, buttons), in
    /// display order: what Up, Down and Enter move among and activate.
    public var focusableActions: [String] {
        focusables.compactMap { if case .action(let id) = $0 { id } else { nil } }
    }

    /// Everything that can have the focus, in display order: activatable rows, table rows and
    /// buttons, text fields and toggles (ABI 1.2: the first one has the focus when a screen appears).
    public var focusables: [ViewFocusable] {
        var result: [ViewFocusable] = []
        for node in nodes {
            switch node.unstyled {
            case .row(let row): if let action = row.action { result.append(.action(action)) }
            case .button(_, let action): result.append(.action(action))
            case .table(let table): result += table.rows.compactMap { $0.action.map(ViewFocusable.action) }
            case .textField(let field): result.append(.field(field.id))
            case .toggle(let id, _, _): result.append(.toggle(id))
            default: break
            }
        }
        return result
    }

    /// Every action id a front end may send with `ScreenAction.activate`: the focusable actions and
    /// the rows' secondary actions (`row_action`).
    public var actions: Set<String> {
        var result = Set(focusableActions)
        for node in nodes {
            switch node.unstyled {
            case .row(let row): result.formUnion(row.rowActions.map(\.action))
            case .table(let table): result.formUnion(table.rows.flatMap(\.rowActions).map(\.action))
            default: break
            }
        }
        return result
    }

    /// The ids of the text fields, for checking `ScreenAction.editText` and `.submit`.
    public var fieldIDs: Set<String> {
        Set(focusables.compactMap { if case .field(let id) = $0 { id } else { nil } })
    }

    /// The ids of the toggles, for checking `ScreenAction.toggle`.
    public var toggleIDs: Set<String> {
        Set(focusables.compactMap { if case .toggle(let id) = $0 { id } else { nil } })
    }
}
