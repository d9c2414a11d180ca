import TabKit

/// A layout file's `"templates"` as the host makes them: each "@name" a tab container.
public struct LayoutTemplates: TabContainerTemplates {
    /// The definitions by name ("@account").
    public let definitions: [String: LayoutTabContainer]

    /// Templates made from `definitions`.
    public init(definitions: [String: LayoutTabContainer]) {
        self.definitions = definitions
    }

    /// Makes the container `name` defines; nil when the layout has no such template.
    public func makeTabContainer(named name: String, param: String?, in host: ContainerHost) -> TabContainer? {
        definitions[name].map { host.makeTabContainer($0, param: param, templates: definitions) }
    }

    /// True when one of the definitions takes modules dropped in at runtime.
    public var acceptsNewModules: Bool { definitions.values.contains(where: \.acceptsNewModules) }
}
