extension ContainerHost {
    /// The screen for the current tree.
    ///
    /// The title bar belongs to the innermost level that can go back: the innermost stack deeper
    /// than one (its top's title, e.g. a pushed tab container's "Jack"), or an overflow tab shown
    /// from More (Back label "More"); with none, the leaf's title and no Back. The tab bar is the
    /// innermost visible tab container's; a screen pushed onto an outer stack hides it. A modal has
    /// no Back label (Back dismisses it) and shows only what is inside it. The first alert queued
    /// (`showAlert(_:from:)`) shows over all of it.
    ///
    /// Kept until something it shows changes: computing it again renders only the controllers whose
    /// rendering was invalidated or that have none yet (e.g. a tab shown for the first time).
    public var screen: Screen {
        confinement.assertConfined("ContainerHost.screen")
        if let cachedScreen { return cachedScreen }
        let changesBefore = screenChanges
        let screen = makeScreen()
        // Something invalidated while it was computed (a module's render that waits for its child
        // takes the child's invalidate on the way): this screen is already stale, so it is not kept.
        if screenChanges == changesBefore { cachedScreen = screen }
        return screen
    }

    /// Computes the screen from the tree and the kept renderings.
    func makeScreen() -> Screen {
        let chain = visibleChain
        var backLabel: String?
        var titleOwner: (any Controller)?
        var tabBar: TabBar?
        for node in chain {
            if let nav = node as? NavigationController, nav.stack.count > 1 {
                backLabel = nav.backLabel
                titleOwner = nav.top
            }
            if let tabs = node as? TabContainer {
                tabBar = tabs.tabBar
                if tabs.canReturnToMoreList {
                    backLabel = "More"
                    titleOwner = tabs.selectedTab?.rootController
                }
            }
        }
        let leaf = chain.last ?? root
        return Screen(
            title: (titleOwner ?? leaf).title, backLabel: modals.isEmpty ? backLabel : nil, content: rendering(of: leaf),
            tabBar: tabBar, isModal: !modals.isEmpty, status: status, alert: shownAlert, contentID: leaf.context.identity,
            toast: toast, clipboard: clipboard,
            focusRequest: focusRequest.flatMap { $0.content == leaf.context.identity ? $0.note : nil })
    }
}
