import TabKit

/// The view calls added in ABI 1.3, shared by the in-process thunks and the wire's replay.
extension ModuleViewBuilder {
    /// `enabled`: with false, the next node (or table row, or bar button) is disabled.
    package func enabled(_ isEnabled: Bool) {
        guard accepts("enabled") else { return }
        if isEnabled { pendingStyle.remove(.disabled) } else { pendingStyle.insert(.disabled) }
    }

    /// `bar_button`: a title-bar button at the trailing end when `side` is `TAB_BAR_TRAILING` (any
    /// side but leading counts as trailing); past `ModuleLimits.maximumBarButtons`, dropped.
    package func barButton(label: String?, action: String?, side: UInt32) {
        guard accepts("bar_button") else { return }
        let isEnabled = !takeStyle().contains(.disabled)
        guard let action, !action.isEmpty else {
            return report("bar_button without an action ignored; give it the action id it sends")
        }
        guard barButtons.count < ModuleLimits.maximumBarButtons else {
            return report("bar_button past \(ModuleLimits.maximumBarButtons) dropped; give a title bar at most that many")
        }
        let button = ViewBarButton(label: cut(label ?? ""), action: cut(action), isTrailing: side != 0, isEnabled: isEnabled)
        guard fitsBytes(button.label.utf8.count + button.action.utf8.count) else { return }
        noteID(button.action)
        barButtons.append(button)
    }

    /// `shortcut`: `key` sends `action` while the screen shows. A key the host owns, a key already
    /// taken, and shortcuts past `ModuleLimits.maximumShortcuts` are one log line each, and dropped.
    package func shortcut(key: UInt32, label: String?, action: String?) {
        guard accepts("shortcut") else { return }
        let tabKey = TabKey(rawValue: key)
        if tabKey.isHostOwned {
            return report("shortcut for the key \(key) (\(tabKey.footerName)) refused: the host keeps it; choose another key")
        }
        guard let action, !action.isEmpty else {
            return report("shortcut without an action ignored; give it the action id it sends")
        }
        if shortcuts.contains(where: { $0.key == key }) {
            return report("shortcut for the key \(tabKey.footerName) given twice; the first wins")
        }
        guard shortcuts.count < ModuleLimits.maximumShortcuts else {
            return report("shortcut past \(ModuleLimits.maximumShortcuts) dropped; give a screen at most that many")
        }
        let shortcut = ViewShortcut(key: key, label: cut(label ?? ""), action: cut(action))
        guard fitsBytes(shortcut.label.utf8.count + shortcut.action.utf8.count) else { return }
        shortcuts.append(shortcut)
    }

    /// `spans`: one paragraph of runs (`styles` nil: plain). `declared` is how many the module
    /// passed: past `ModuleLimits.maximumSpans` the rest were not read and are dropped.
    package func spans(_ texts: [String?], styles: [UInt32]?, declared: Int) {
        guard accepts("spans") else { return }
        if declared > ModuleLimits.maximumSpans {
            report("spans with \(declared) runs: those past \(ModuleLimits.maximumSpans) are dropped")
        }
        let runs = texts.prefix(ModuleLimits.maximumSpans).enumerated().map { index, text in
            ViewSpan(text: text ?? "", style: ViewStyle(rawValue: (styles?[index] ?? 0) & ViewStyle.moduleBits))
        }
        append(.spans(runs), call: "spans")
    }

    /// `list`: opens the lazy list `id` of `count` rows and returns the rows to draw now (the window a
    /// front end asked for, within the limits), or nil when the call is ignored (a bad id, a list
    /// inside a list's row, a full view). Each row follows with `listRow(_:)`; `endList()` closes it.
    package func list(id: String?, count: Int) -> Range<Int>? {
        guard accepts("list") else { return nil }
        if let problem = ModuleLimits.idProblem(id, call: "list") {
            report(problem)
            return nil
        }
        guard openList == nil else {
            report("list inside a list's row ignored; a row of a lazy list is one row or cells")
            return nil
        }
        let id = id ?? ""
        var count = count
        if count > ViewList.maximumCount {
            report("list \(id): a count past \(ViewList.maximumCount) rows (the most a list may have) is cut to it")
            count = ViewList.maximumCount
        }
        let window = ModuleLimits.listWindow(listWindows[id], count: count)
        let before = nodes.count
        append(.list(ViewList(id: id, count: count, start: window.lowerBound)), call: "list")
        guard nodes.count == before + 1 else { return nil }
        openList = (node: before, rowStart: nodes.count, index: nil)
        return window
    }

    /// Starts row `index` of the open list: what the module adds until the next row (or the list's
    /// end) is that row. Ignored outside a list.
    package func listRow(_ index: Int) {
        guard var open = openList else { return }
        closeListRow()
        open.rowStart = nodes.count
        open.index = index
        openList = open
    }

    /// Closes the open list: its rows move into its node.
    package func endList() {
        guard openList != nil else { return }
        closeListRow()
        openList = nil
    }

    /// Moves what the current row's calls added into the list: exactly one row or one-row table;
    /// anything else is one log line, and the row shows empty (or as its first row).
    private func closeListRow() {
        guard let open = openList, open.index != nil else { return }
        let added = Array(nodes[open.rowStart...])
        nodes.removeSubrange(open.rowStart...)
        guard case .list(var list) = nodes[open.node] else { return }
        let rows = added.filter {
            switch $0.unstyled {
            case .row: true
            case .table(let table): table.rows.count == 1
            default: false
            }
        }
        if rows.count != 1 || added.count != 1 {
            report("list_row for the list \(list.id) added \(added.count) nodes; add exactly one row or cells (with its row_actions)")
        }
        list.rows.append(rows.first ?? .row(ViewRow(title: "")))
        nodes[open.node] = .list(list)
        openList = (node: open.node, rowStart: nodes.count, index: nil)
    }

    /// Notes the ids `node` uses (see `noteID`).
    func noteIDs(of node: ViewNode) {
        switch node.unstyled {
        case .row(let row): if let action = row.action { noteID(action) }
        case .button(_, let action): noteID(action)
        case .textField(let field): noteID(field.id)
        case .toggle(let id, _, _): noteID(id)
        default: break
        }
    }

    /// Notes that a node uses `id`; the second one is one log line (the first wins: focus and
    /// activation reach it).
    func noteID(_ id: String) {
        guard !usedIDs.insert(id).inserted else { return }
        report("two nodes of the view share the id \"\(ModuleLimits.cut(id, to: 64))\"; the first wins (give each its own id)")
    }
}
