extension TabContainer {
    /// Appends `tab` (past the capacity it goes to More, rule 30); the first tab is selected (rule 13).
    /// Throws `duplicateName` when a tab of that name exists.
    public func append(_ tab: Tab) throws {
        guard index(ofTab: tab.name) == nil else {
            throw TabKitError(.duplicateName, "a tab named \"\(tab.name)\" already exists; use another name")
        }
        tabs.append(tab)
        if selectedIndex == nil, !isShowingMoreList { show(.tab(0), style: .tabSwitch) }
    }

    /// Replaces all tabs (rule 28): old tabs not kept are removed (willMove(nil)/didMove(nil)); the old
    /// selection is kept if still present, else the same index, else 0. No delegate calls.
    public func setTabs(_ newTabs: [Tab]) throws {
        var seen = Set<String>()
        for tab in newTabs where !seen.insert(tab.name).inserted {
            throw TabKitError(.duplicateName, "two tabs are named \"\(tab.name)\"; tab names must be unique")
        }
        let oldContent = visibleContent
        let oldSelected = selectedTab
        let oldIndex = selectedIndex ?? previousIndex ?? 0
        let removed = tabs.filter { old in !newTabs.contains { $0 === old } }
        let doomed = removed.flatMap(Self.dismantlingOrder)
        for c in doomed { Containment.willRemove(c) }
        tabs = newTabs
        lastMoreIndex = nil
        isShowingMoreList = false
        if let kept = oldSelected.flatMap({ s in tabs.firstIndex { $0 === s } }) {
            selectedIndex = kept
        } else {
            selectedIndex = tabs.isEmpty ? nil : (tabs.indices.contains(oldIndex) ? oldIndex : 0)
        }
        if Appearance.isVisible(self) {
            prepareForAppearance()
            let new = visibleContent
            if oldContent !== new { Appearance.replace(oldContent, with: new) }
        }
        for c in doomed { Containment.didRemove(c) }
        hostForLookup?.controllersLeft(doomed)
    }

    /// Removes the tab named `name` (rules 28–29). Its stack and controllers get willMove(nil) and
    /// didMove(nil); if it was selected, the same index (else the last) is selected with
    /// disappear/appear calls in pop order, and no didSelect. Returns false for an unknown name.
    @discardableResult
    public func removeTab(named name: String) -> Bool {
        guard let i = index(ofTab: name) else { return false }
        let tab = tabs[i]
        let wasShown = selectedIndex == i
        let doomed = Self.dismantlingOrder(tab)
        for c in doomed { Containment.willRemove(c) }
        tabs.remove(at: i)
        if let last = lastMoreIndex { lastMoreIndex = last == i ? nil : (last > i ? last - 1 : last) }
        // The More list falls back to the previous tab by identity (rule 27), so follow it down.
        if let prev = previousIndex { previousIndex = tabs.isEmpty ? nil : min(prev > i ? prev - 1 : prev, tabs.count - 1) }
        if wasShown {
            let next: Int? = tabs.isEmpty ? nil : min(i, tabs.count - 1)
            selectedIndex = next
            if let next, overflowIndices.contains(next) { lastMoreIndex = next }
            if Appearance.isVisible(self) {
                let new = next.map { materialize(tabs[$0]) }
                Appearance.replace(tab.stack, with: new)
            }
        } else if let s = selectedIndex, s > i {
            selectedIndex = s - 1
        }
        for c in doomed { Containment.didRemove(c) }
        normalizeMore()
        // A tab's stack handed to another parent (rule 3) takes its screens along: nothing left.
        if tab.stack?.context.isMoving != true { hostForLookup?.controllersLeft(doomed) }
        return true
    }

    /// The dynamic-tab call (rule 30): a tab named `name` is selected and its root gets
    /// `start(param)` again; otherwise `module` is made through the factory, started,
    /// appended and selected. Selection is programmatic (no delegate calls). Throws when the module cannot be made.
    ///
    /// Not `selecting` (a module's call that no input of the user's caused): a new tab is appended and
    /// the selection stays; an existing tab is left as it is (`.notUserCaused` is thrown).
    @discardableResult
    public func addTab(
        name: String, module: String, image: String? = nil, param: String? = nil, selecting: Bool = true
    ) throws -> Tab {
        if let i = index(ofTab: name) {
            guard selecting else {
                throw TabKitError(
                    .notUserCaused,
                    "tab \"\(name)\" exists; it is selected and started again only for the user's key, click or edit, not from a timer, "
                        + "a tick or a background tab (left as it is)")
            }
            let tab = tabs[i]
            tab.param = param
            if let image { tab.image = image }
            let existed = tab.rootController != nil
            select(index: i)
            if existed, let root = tab.rootController {
                root.context.param = param
                root.start(param: param)
                // A restart may change what it shows, like an event (counts as invalidated once).
                root.host?.invalidate(root)
            }
            return tab
        }
        guard tabs.count < Self.maximumAddedTabs else {
            throw TabKitError(
                .tooLarge, "cannot add tab \"\(name)\": the tab bar holds \(Self.maximumAddedTabs) tabs already (remove some first)")
        }
        let controller = try makeController(module: module, param: param)
        // Started before it is shown, like a pushed screen or a lazily created tab.
        controller.start(param: param)
        let tab = Tab(name: name, controller: controller, image: image)
        tab.module = module
        tab.param = param
        try append(tab)
        if selecting { select(index: tabs.count - 1) }
        return tab
    }

    /// Sets the badge of the tab named `name`: nil hides it, any other string is shown verbatim (rule 31).
    @discardableResult
    public func setBadge(_ badge: String?, forTab name: String) -> Bool {
        guard let tab = tab(named: name) else { return false }
        tab.badge = badge
        return true
    }

    /// Installs (or removes, with nil) the controller that draws the bar; it appears with the container.
    public func setBarController(_ controller: (any Controller)?) {
        let old = barController
        if let old {
            Containment.willRemove(old)
            if Appearance.isVisible(self) {
                Appearance.willDisappear(old)
                Appearance.didDisappear(old)
            }
            barController = nil
            Containment.didRemove(old)
        }
        guard let controller else { return }
        Containment.willAdd(controller, to: self)
        barController = controller
        controller.context.parent = self
        if Appearance.isVisible(self) {
            Appearance.willAppear(controller)
            Appearance.didAppear(controller)
        }
        Containment.didAdd(controller, to: self)
    }

    /// The tab's stack then its controllers top down: who gets willMove(nil)/didMove(nil) on removal.
    static func dismantlingOrder(_ tab: Tab) -> [any Controller] {
        guard let stack = tab.stack else { return tab.pendingRoot.map { [$0] } ?? [] }
        return [stack] + stack.stack.reversed()
    }
}
