extension TabContainer {
    /// Starts the user's reordering (rule 26): tells the delegate willBeginCustomizing.
    public func beginCustomizing() {
        guard !isCustomizing else { return }
        isCustomizing = true
        customizingStartOrder = tabs.map(\.name)
        delegate?.tabContainer(self, willBeginCustomizing: tabs)
    }

    /// Moves a customizable tab to the place of another customizable tab (rule 25), while customizing.
    /// Selection follows the tab, stacks are kept. Returns false when not allowed.
    @discardableResult
    public func moveTab(from source: Int, to destination: Int) -> Bool {
        guard isCustomizing, tabs.indices.contains(source), tabs.indices.contains(destination),
            tabs[source].isCustomizable, tabs[destination].isCustomizable
        else { return false }
        reorder { tabs in tabs.insert(tabs.remove(at: source), at: destination) }
        return true
    }

    /// Ends reordering: willEndCustomizing(changed) then didEndCustomizing(changed); persist the order then.
    public func endCustomizing() {
        guard isCustomizing else { return }
        let changed = tabs.map(\.name) != customizingStartOrder
        delegate?.tabContainer(self, willEndCustomizing: tabs, changed: changed)
        isCustomizing = false
        delegate?.tabContainer(self, didEndCustomizing: tabs, changed: changed)
    }

    /// Puts the tabs named in `names` first, in that order (a persisted order); others keep theirs after.
    /// Unknown names are ignored. No delegate calls.
    public func applyOrder(_ names: [String]) {
        reorder { tabs in
            let named = names.compactMap { n in tabs.first { $0.name == n } }
            let rest = tabs.filter { t in !named.contains { $0 === t } }
            var seen = Set<ObjectIdentifier>()
            tabs = (named + rest).filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
    }

    /// Applies `change` to the order, keeping the selection and the last More tab by identity.
    func reorder(_ change: (inout [Tab]) -> Void) {
        let selected = selectedTab
        let lastMore = lastMoreIndex.map { tabs[$0] }
        let previous = previousIndex.flatMap { tabs.indices.contains($0) ? tabs[$0] : nil }
        var order = tabs
        change(&order)
        tabs = order
        selectedIndex = selected.flatMap { s in tabs.firstIndex { $0 === s } }
        lastMoreIndex = lastMore.flatMap { s in tabs.firstIndex { $0 === s } }
        previousIndex = previous.flatMap { s in tabs.firstIndex { $0 === s } }
    }
}
