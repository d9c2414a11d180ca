import TabKit

extension Layout {
    /// What the layout grants each module by name: the union of the `"permissions"` of every node, tab
    /// and tab-bar module that names it (templates included), each name once, in file order. For the
    /// sandbox to add to the user's grants; never written to the permissions store.
    public var grantedPermissions: [String: [String]] {
        var granted: [String: [String]] = [:]
        func add(_ module: String, _ permissions: [String]) {
            guard !permissions.isEmpty, !module.hasPrefix("@") else { return }
            for permission in permissions where !(granted[module]?.contains(permission) ?? false) {
                granted[module, default: []].append(permission)
            }
        }
        func visit(_ container: LayoutTabContainer) {
            for tab in container.tabs { add(tab.module, tab.permissions) }
            if let bar = container.tabBarModule { add(bar.module, bar.permissions) }
        }
        func visit(_ node: LayoutNode) {
            switch node {
            case .module(let module): add(module.module, module.permissions)
            case .stack(let inner): visit(inner)
            case .tabs(let container): visit(container)
            }
        }
        visit(root)
        for (_, template) in templates.sorted(by: { $0.key < $1.key }) { visit(template) }
        return granted
    }
}
