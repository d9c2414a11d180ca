extension TabContainer {
    /// Selects the tab at `index` programmatically: no delegate calls (rule 15), tabs in More
    /// included; an out-of-range index changes nothing (rule 16). Returns whether it applied.
    @discardableResult
    public func select(index: Int) -> Bool {
        guard tabs.indices.contains(index) else { return false }
        show(.tab(index), style: .tabSwitch)
        return true
    }

    /// Selects the tab named `name` programmatically; an unknown name changes nothing (rule 16).
    @discardableResult
    public func select(name: String) -> Bool {
        guard let i = index(ofTab: name) else { return false }
        return select(index: i)
    }

    /// A user tap on bar slot `slot` (rules 17–20, 24): shouldSelect first (a veto does nothing),
    /// then switch, or on a re-tap pop to root (if configured), then didSelect. Tapping More shows
    /// the last overflow tab shown, else the list; re-tapping More returns to the list.
    /// Returns false when the slot does not exist or the delegate vetoed.
    @discardableResult
    public func tap(slot: Int) -> Bool {
        let slots = self.slots
        guard slots.indices.contains(slot) else { return false }
        switch slots[slot] {
        case .tab(let i):
            let target = TabTarget.tab(name: tabs[i].name, index: i)
            guard delegate?.tabContainer(self, shouldSelect: target) ?? true else { return false }
            if selectedIndex == i, !isShowingMoreList {
                if popsToRootOnReselect { tabs[i].stack?.popToRoot() }
            } else {
                show(.tab(i), style: .tabSwitch)
            }
            delegate?.tabContainer(self, didSelect: target)
        case .more:
            guard delegate?.tabContainer(self, shouldSelect: .more) ?? true else { return false }
            if isMoreSelected {
                if !isShowingMoreList { show(.moreList, style: .replace) }
            } else if let last = lastMoreIndex, overflowIndices.contains(last) {
                show(.tab(last), style: .tabSwitch)
            } else {
                show(.moreList, style: .tabSwitch)
            }
            delegate?.tabContainer(self, didSelect: .more)
        }
        return true
    }

    /// Picks an overflow tab from the More list: it is pushed over the list, More stays selected (rule 24).
    @discardableResult
    public func selectFromMoreList(index: Int) -> Bool {
        guard isShowingMoreList, overflowIndices.contains(index) else { return false }
        show(.tab(index), style: .replace)
        return true
    }

    /// True when an overflow tab is shown at its stack root, so Back returns to the More list.
    public var canReturnToMoreList: Bool {
        guard let i = selectedIndex, overflowIndices.contains(i), !isShowingMoreList else { return false }
        return (tabs[i].stack?.stack.count ?? 1) <= 1
    }

    /// Returns from an overflow tab to the More list (Back at the overflow tab's root), in pop order.
    @discardableResult
    public func returnToMoreList() -> Bool {
        guard canReturnToMoreList else { return false }
        show(.moreList, style: .replace)
        return true
    }
}
