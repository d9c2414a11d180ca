import TabKit

extension ContainerHost {
    /// Builds a host from a layout: the root stack's module (or the root tab container, whose tabs
    /// stay lazy), templates and the container accepting new modules. A module that cannot be made
    /// becomes a `PlaceholderController` saying why; the rest keeps working. Call `start()` next.
    public convenience init(layout: Layout, factory: (any ControllerFactory)?) {
        let builder = LayoutBuilder(factory: factory, templates: layout.templates)
        let root = builder.build(layout.root)
        self.init(root: root, factory: factory)
        templates = LayoutTemplates(definitions: layout.templates)
        newModulesContainer = builder.accepting.first
        builder.startAll()
    }

    /// Makes a tab container from a definition; `param` (a template's push param) becomes its title
    /// and every tab's start param (a tab's own param when `param` is nil). Tabs are created lazily.
    /// `templates`: the definitions "@name" tabs inside it refer to.
    public func makeTabContainer(
        _ definition: LayoutTabContainer, param: String?, templates: [String: LayoutTabContainer]
    ) -> TabContainer {
        let builder = LayoutBuilder(factory: factory, templates: templates)
        let container = builder.tabs(definition, param: param)
        builder.startAll()
        if definition.acceptsNewModules {
            newModulesContainer = container
            appendNewModuleTabs(to: container)
        }
        return container
    }
}
