extension ContainerHost {
    /// The module whose screen `start()` makes first, when it is a tab's that does not exist yet (a
    /// tab's screen is made when first shown): the selected tab of the container shown at the root,
    /// through navigation stacks. Nil once started, for a template's tab, and when that screen exists.
    ///
    /// A session starts this module's child early with it, so that the child opens the module while
    /// the session finishes its own start.
    public var moduleShownFirst: String? {
        guard !isStarted else { return nil }
        var shown: (any Controller)? = root
        while let controller = shown {
            if let stack = controller as? NavigationController {
                shown = stack.top
            } else if let tabs = controller as? TabContainer {
                guard !tabs.isShowingMoreList, let tab = tabs.selectedTab else { return nil }
                guard let made = tab.rootController else {
                    guard let module = tab.module, !module.hasPrefix("@") else { return nil }
                    return module
                }
                shown = tab.stack?.top ?? made
            } else {
                return nil
            }
        }
        return nil
    }
}
