extension Controller {
    /// The host this controller is shown by (through its parents; nil when detached).
    public var host: ContainerHost? {
        var node: any Controller = self
        while true {
            if let host = node.context.host { return host }
            guard let parent = node.context.parent else { return nil }
            node = parent
        }
    }

    /// The nearest navigation stack containing this controller (its own tab's stack, for a tab's screens).
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The nearest tab container containing this controller.
    public var tabContainer: TabContainer? { nearestAncestor(TabContainer.self) }

    /// The nearest parent (or its parent, …) of type `type`.
    func nearestAncestor<Ancestor>(_ type: Ancestor.Type) -> Ancestor? {
        var node = context.parent
        while let current = node {
            if let found = current as? Ancestor { return found }
            node = current.context.parent
        }
        return nil
    }

    /// The tab this controller lives in (in that tab's stack), with its container; nil outside tabs.
    public var owningTab: (container: TabContainer, tab: Tab)? {
        var node: any Controller = self
        while let parent = node.context.parent {
            if let tabs = parent as? TabContainer, let tab = tabs.tabs.first(where: { $0.stack === node }) {
                return (tabs, tab)
            }
            node = parent
        }
        return nil
    }

    /// Sets the badge of the tab this controller lives in (nil hides it); false outside tabs.
    @discardableResult
    public func setTabBadge(_ badge: String?) -> Bool {
        guard let (container, tab) = owningTab else { return false }
        return container.setBadge(badge, forTab: tab.name)
    }

    /// Removes this controller from its container (rule 2): willMove(nil) → removal (with
    /// appearance calls if it was visible) → didMove(nil). A tab's stack removes its tab. Returns
    /// false when it has no parent.
    @discardableResult
    public func removeFromParent() -> Bool {
        guard let parent = context.parent as? any ChildRemoving else { return false }
        parent.removeChild(self)
        return true
    }
}
