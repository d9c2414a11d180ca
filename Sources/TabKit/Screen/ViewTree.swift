/// The content of one screen: an ordered list of nodes, and (ABI 1.3) the title bar's buttons and
/// the screen's shortcuts.
public struct ViewTree: Sendable, Hashable, Codable {
    /// The nodes in display order.
    public var nodes: [ViewNode]
    /// The title bar's buttons (`bar_button`), in the order the module added them.
    public var barButtons: [ViewBarButton]
    /// The keys that send actions while the screen shows (`shortcut`), in the order added.
    public var shortcuts: [ViewShortcut]
    /// True while the module has not sent this screen's first view: the tree is what the host shows
    /// meanwhile (the tab's title). A terminal holds the keys typed for the screen until the view
    /// comes, so that a key typed ahead acts on what the module draws, as it would have had the
    /// module answered at once.
    public var awaitsModule: Bool

    /// Creates a tree from `nodes`.
    public init(
        _ nodes: [ViewNode] = [], barButtons: [ViewBarButton] = [], shortcuts: [ViewShortcut] = [], awaitsModule: Bool = false
    ) {
        self.nodes = nodes
        self.barButtons = barButtons
        self.shortcuts = shortcuts
        self.awaitsModule = awaitsModule
    }

    /// The action ids of the activatable nodes (rows and table rows with an action, buttons), in
    /// display order: what Up, Down and Enter move among and activate.
    public var focusableActions: [String] {
        focusables.compactMap { if case .action(let id) = $0 { id } else { nil } }
    }

    /// Everything that can have the focus, in display order: activatable rows, table rows and
    /// buttons, text fields and toggles (ABI 1.2: the first one has the focus when a screen appears),
    /// the drawn rows of lazy lists; never a disabled node (ABI 1.3). The title bar's buttons are
    /// not among them: front ends reach them apart (`barButtons`).
    public var focusables: [ViewFocusable] {
        var result: [ViewFocusable] = []
        for node in nodes { Self.collectFocusables(node, into: &result) }
        return result
    }

    private static func collectFocusables(_ node: ViewNode, into result: inout [ViewFocusable]) {
        if node.style.contains(.disabled) { return }
        switch node.unstyled {
        case .row(let row): if let action = row.action { result.append(.action(action)) }
        case .button(_, let action): result.append(.action(action))
        case .table(let table):
            result += table.rows.filter { !$0.style.contains(.disabled) }.compactMap { $0.action.map(ViewFocusable.action) }
        case .textField(let field): result.append(.field(field.id))
        case .toggle(let id, _, _): result.append(.toggle(id))
        case .list(let list): for row in list.rows { collectFocusables(row, into: &result) }
        default: break
        }
    }

    /// Every action id a front end may send with `ScreenAction.activate`: the focusable actions, the
    /// rows' secondary actions (`row_action`), the enabled bar buttons and the shortcuts.
    public var actions: Set<String> {
        var result = Set(focusableActions)
        for node in nodes { Self.collectRowActions(node, into: &result) }
        result.formUnion(barButtons.filter(\.isEnabled).map(\.action))
        result.formUnion(shortcuts.map(\.action))
        return result
    }

    private static func collectRowActions(_ node: ViewNode, into result: inout Set<String>) {
        if node.style.contains(.disabled) { return }
        switch node.unstyled {
        case .row(let row): result.formUnion(row.rowActions.map(\.action))
        case .table(let table):
            result.formUnion(table.rows.filter { !$0.style.contains(.disabled) }.flatMap(\.rowActions).map(\.action))
        case .list(let list): for row in list.rows { collectRowActions(row, into: &result) }
        default: break
        }
    }

    /// The ids of the text fields, for checking `ScreenAction.editText` and `.submit`.
    public var fieldIDs: Set<String> {
        Set(focusables.compactMap { if case .field(let id) = $0 { id } else { nil } })
    }

    /// The ids of the toggles, for checking `ScreenAction.toggle`.
    public var toggleIDs: Set<String> {
        Set(focusables.compactMap { if case .toggle(let id) = $0 { id } else { nil } })
    }

    enum CodingKeys: String, CodingKey {
        case nodes, barButtons, shortcuts, awaitsModule
    }

    /// Reads what `encode(to:)` writes (absent bar buttons and shortcuts are none, an absent
    /// `awaitsModule` false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        nodes = try c.decode([ViewNode].self, forKey: .nodes)
        barButtons = try c.decodeIfPresent([ViewBarButton].self, forKey: .barButtons) ?? []
        shortcuts = try c.decodeIfPresent([ViewShortcut].self, forKey: .shortcuts) ?? []
        awaitsModule = try c.decodeIfPresent(Bool.self, forKey: .awaitsModule) ?? false
    }

    /// `{"nodes":[…]}`, with `barButtons` and `shortcuts` only when there are some, and
    /// `"awaitsModule":true` only when it is.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(nodes, forKey: .nodes)
        if !barButtons.isEmpty { try c.encode(barButtons, forKey: .barButtons) }
        if !shortcuts.isEmpty { try c.encode(shortcuts, forKey: .shortcuts) }
        if awaitsModule { try c.encode(true, forKey: .awaitsModule) }
    }
}
