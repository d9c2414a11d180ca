extension ContainerHost {
    /// Offers modules the layout does not place to the container with `acceptsNewModules`: each gets a
    /// tab named after it, appended without changing the selection and created when first shown. They
    /// are remembered, so such a container made later (a template pushed) gets them too. A module
    /// that already has a tab there gets no second one.
    public func offerNewModules(_ modules: [String]) {
        confinement.assertConfined("ContainerHost.offerNewModules")
        for module in modules where !newModules.contains(module) { newModules.append(module) }
        if let newModulesContainer { appendNewModuleTabs(to: newModulesContainer) }
    }

    /// Forgets an offered module (its file was deleted); its tabs are removed by the caller.
    public func withdrawNewModule(_ module: String) {
        newModules.removeAll { $0 == module }
    }

    /// Appends a tab for each module offered so far to `container` (the one that accepts new modules).
    public func appendNewModuleTabs(to container: TabContainer) {
        var appended = false
        for module in newModules where container.tab(named: module) == nil && !container.tabs.contains(where: { $0.module == module }) {
            // The name is free (checked above), so append cannot throw.
            try? container.append(Tab(name: module, module: module))
            appended = true
        }
        if appended { invalidate() }
    }
}
