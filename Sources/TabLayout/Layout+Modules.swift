import TabKit

extension Layout {
    /// Every module the layout names (module nodes, tabs, tab-bar modules, in the root and the
    /// templates; not the templates themselves), with whether that reference runs it in process.
    func forEachModuleReference(_ body: (_ module: String, _ runsInProcess: Bool) -> Void) {
        func visit(_ container: LayoutTabContainer) {
            for tab in container.tabs { body(tab.module, tab.runsInProcess) }
            if let bar = container.tabBarModule { body(bar.module, bar.runsInProcess) }
        }
        func visit(_ node: LayoutNode) {
            switch node {
            case .module(let module): body(module.module, module.runsInProcess)
            case .stack(let inner): visit(inner)
            case .tabs(let container): visit(container)
            }
        }
        visit(root)
        for template in templates.values { visit(template) }
    }

    /// Whether every module the layout names, `withoutTabs` included, is one `isKnown` accepts (template
    /// references aside: parsing checks those against the file's own templates). True for a layout
    /// parsed without known modules means parsing it with them would have given the same layout; false:
    /// parse it again with them for the error, which names the first unknown module in file order.
    public func namesOnlyModules(where isKnown: (String) -> Bool) -> Bool {
        func known(_ module: String) -> Bool { module.hasPrefix("@") || isKnown(module) }
        var all = withoutTabs.allSatisfy(known)
        forEachModuleReference { module, _ in
            if all && !known(module) { all = false }
        }
        return all
    }

    /// The modules this layout places: named by a node, a tab or a bar, or listed in `withoutTabs`.
    /// The others found in the module directories get a tab in the container with `acceptsNewModules`.
    public var placedModules: Set<String> {
        // Sized first (a walk without hashing): growing the set of a large layout's names rehashed it
        // several times, over twice the work of one pass of hashing (docs/contributing/performance-history.md).
        var count = withoutTabs.count
        forEachModuleReference { _, _ in count += 1 }
        var names = Set<String>(minimumCapacity: count)
        names.formUnion(withoutTabs)
        forEachModuleReference { module, _ in
            if !module.hasPrefix("@") { names.insert(module) }
        }
        return names
    }

    /// The layout of a run without a layout file: one tab container (bar at the bottom, every tab shown)
    /// with one tab per module, in the order given, that takes modules added later too.
    public static func tabs(forModules modules: [String]) -> Layout {
        let tabs = modules.map { LayoutTab(name: $0, module: $0) }
        return Layout(root: .tabs(LayoutTabContainer(tabs: tabs, capacity: 0, acceptsNewModules: true)))
    }
}
