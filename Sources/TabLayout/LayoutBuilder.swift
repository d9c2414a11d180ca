import TabKit

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
        case .tabs(let definition): return tabs(definition, param: nil)
        }
    }

    func module(_ m: LayoutModule) -> any Controller {
        do {
            if m.module.hasPrefix("@") {
                guard let template = templates[m.module] else {
                    throw TabKitError(
                        .unknownModule, "no template named \"\(m.module)\"; declare it under \"templates\" in the layout file")
                }
                let container = tabs(template, param: m.param)
                if let title = m.title { container.explicitTitle = title }
                container.context.module = m.module
                container.context.param = m.param
                return container
            }
            guard let factory else {
                throw TabKitError(.unknownModule, "cannot make module \"\(m.module)\": no controller factory is installed")
            }
            let c = try factory.make(module: m.module, param: m.param)
            c.context.module = m.module
            c.context.param = m.param
            toStart.append((c, m.param))
            return c
        } catch {
            return PlaceholderController(title: m.title ?? m.module, message: "\(error)")
        }
    }

    func tabs(_ d: LayoutTabContainer, param: String?) -> TabContainer {
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
