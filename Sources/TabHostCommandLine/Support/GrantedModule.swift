import TabModuleLoading

/// A module the permission commands found by name in the module search path: what its grants are keyed by.
struct GrantedModule {
    /// The module's declared fields (name, what it asks for).
    var info: ModuleInfo
    /// The module file, symbolic links resolved: the key of its grants.
    var file: String

    /// The accepted modules in `directories` (each name once, the first found), loaded with `loading`.
    static func all(in directories: [ModuleDirectory], loading: CommandLoadingOptions) throws -> [GrantedModule] {
        let loaded = try loading.commandModules()
        let copies = loaded.copies
        defer { copies.removeAll() }
        let entries = loaded.registry.load(directories: directories)
        loaded.registry.metadataCache?.save()
        var seen: Set<String> = []
        var found: [GrantedModule] = []
        for entry in entries where entry.error == nil {
            guard let info = entry.info, seen.insert(info.name).inserted else { continue }
            found.append(GrantedModule(info: info, file: ModuleGrant.file(of: info)))
        }
        return found
    }
}
