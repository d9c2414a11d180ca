import TabModuleLoading

/// Where the permissions a module's child runs with come from: the user's grants store (read again
/// whenever a child starts, so `tabhost grant` takes effect at the next start or Restart), a layout's
/// `"permissions"`, and `tabhost dev`, which grants its project's module what it declares.
public struct ModuleGrantSource: Sendable {
    /// The grants store (`ModuleGrantStore.defaultPath()`); nil keeps none.
    public var storePath: String?
    /// What the layout grants, by module name (never written to the store).
    public var layout: [String: [String]]
    /// What the user allowed on a prompt in this session, by module name (the store keeps it too, unless
    /// it could not be written).
    public var session: [String: [String]] = [:]
    /// Directories whose modules are granted everything their descriptor asks for, for this session
    /// (`tabhost dev`'s build directory: its project's module).
    public var declaringDirectories: [String]

    /// A source that reads `storePath` and adds `layout`'s grants and those of `declaringDirectories`.
    public init(
        storePath: String? = ModuleGrantStore.defaultPath(), layout: [String: [String]] = [:], declaringDirectories: [String] = []
    ) {
        self.storePath = storePath
        self.layout = layout
        self.declaringDirectories = declaringDirectories
    }

    /// A source with no grants at all (tests, benchmarks).
    public static let none = ModuleGrantSource(storePath: nil)

    /// The permissions `module` runs with now, each once, and the store's problem if it could not be read.
    public func permissions(for module: ModuleInfo) -> (granted: [String], problem: String?) {
        var granted: [String] = []
        func add(_ names: [String]) {
            for name in names where !granted.contains(name) { granted.append(name) }
        }
        var problem: String?
        if let storePath {
            let store = ModuleGrantStore(path: storePath)
            problem = store.problem?.description
            add(store.permissions(name: module.name, file: ModuleGrant.file(of: module)))
        }
        add(layout[module.name] ?? [])
        add(session[module.name] ?? [])
        let directory = ModuleFileReader.parentDirectory(of: module.sourcePath)
        if declaringDirectories.contains(where: { ModuleFileReader.parentDirectory(of: $0 + "/x") == directory }) {
            add(module.permissions)
        }
        return (granted, problem)
    }
}
