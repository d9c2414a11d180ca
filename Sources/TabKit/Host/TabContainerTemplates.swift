/// The tab containers a host makes by template name ("@account"): pushing such a name makes a new
/// container from its template instead of a module. The layout file declares them; TabKit only asks.
public protocol TabContainerTemplates {
    /// Makes the container the template `name` describes, titled `param` (its tabs get `param` as
    /// their start param); nil when no template has that name. The container is not started.
    func makeTabContainer(named name: String, param: String?, in host: ContainerHost) throws -> TabContainer?
    /// True when a template's container takes the modules dropped in at runtime.
    var acceptsNewModules: Bool { get }
}
