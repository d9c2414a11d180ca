extension ContainerHost {
    /// Builds a host from a layout: the root stack's module (or the root tab container, whose tabs
    /// stay lazy), templates and the container accepting new modules. A module that cannot be made
    /// becomes a `PlaceholderController` saying why; the rest keeps working. Call `start()` next.
    public convenience init(layout: Layout, factory: (any ControllerFactory)?) {
        let builder = LayoutBuilder(factory: factory, templates: layout.templates)
        let root = builder.build(layout.root)
        self.init(root: root, factory: factory)
        templates = layout.templates
        newModulesContainer = builder.accepting.first
        builder.startAll()
    }

    /// Makes a tab container from a definition; `param` (a template's push param) becomes its title
    /// and every tab's start param (a tab's own param when `param` is nil). Tabs are created lazily.
    public func makeTabContainer(_ definition: LayoutTabContainer, param: String?) throws -> TabContainer {
        let builder = LayoutBuilder(factory: factory, templates: templates)
        let container = try builder.tabs(definition, param: param)
        builder.startAll()
        if definition.acceptsNewModules { newModulesContainer = container }
        return container
    }
}

/// Turns layout nodes into controllers; defers `start` until the tree is assembled.
final class LayoutBuilder {
    let factory: (any ControllerFactory)?
    let templates: [String: LayoutTabContainer]
    var accepting: [TabContainer] = []
    var toStart: [(any Controller, String?)] = []

    init(factory: (any ControllerFactory)?, templates: [String: LayoutTabContainer]) {
        self.factory = factory
        self.templates = templates
    }

    func build(_ node: LayoutNode) -> any Controller {
        switch node {
        case .module(let m): return module(m)
        case .stack(let rootNode): return NavigationController(root: build(rootNode))
        case .tabs(let definition):
            return (try? tabs(definition, param: nil)) ?? PlaceholderController(title: "", message: "cannot build tab container")
        }
    }

    func module(_ m: LayoutModule) -> any Controller {
        do {
            if m.module.hasPrefix("@") {
                guard let template = templates[m.module] else {
                    throw TabKitError(.unknownModule, "no template named \"\(m.module)\"")
                }
                let container = try tabs(template, param: m.param)
                if let title = m.title { container.explicitTitle = title }
                container.context.module = m.module
                container.context.param = m.param
                return container
            }
            guard let factory else { throw TabKitError(.unknownModule, "cannot make module \"\(m.module)\": no controller factory is installed") }
            let c = try factory.make(module: m.module, param: m.param)
            c.context.module = m.module
            c.context.param = m.param
            toStart.append((c, m.param))
            return c
        } catch {
            return PlaceholderController(title: m.title ?? m.module, message: "\(error)")
        }
    }

    func tabs(_ d: LayoutTabContainer, param: String?) throws -> TabContainer {
        let container = TabContainer(
            tabs: d.tabs.map { t in
                Tab(
                    name: t.name, module: t.module, param: param ?? t.param, title: t.title, glyph: t.glyph, image: t.image,
                    isCustomizable: t.isCustomizable)
            }, title: param ?? d.title, capacity: d.capacity, barPosition: d.bar)
        container.style = d.style
        container.popsToRootOnReselect = d.popsToRootOnReselect
        container.acceptsNewModules = d.acceptsNewModules
        if d.acceptsNewModules { accepting.append(container) }
        if let bar = d.tabBarModule { container.setBarController(module(bar)) }
        return container
    }

    func startAll() {
        for (c, p) in toStart { c.start(param: p) }
        toStart = []
    }
}
