extension Layout {
    /// The modules a node or tab marks `"isolation": "none"`: trusted to run in the host's process.
    public var inProcessModules: Set<String> {
        var names: Set<String> = []
        func visit(_ module: LayoutModule) {
            if module.runsInProcess { names.insert(module.module) }
        }
        func visit(_ container: LayoutTabContainer) {
            for tab in container.tabs where tab.runsInProcess { names.insert(tab.module) }
            if let bar = container.tabBarModule { visit(bar) }
        }
        func visit(_ node: LayoutNode) {
            switch node {
            case .module(let module): visit(module)
            case .stack(let inner): visit(inner)
            case .tabs(let container): visit(container)
            }
        }
        visit(root)
        for template in templates.values { visit(template) }
        return names
    }
}
