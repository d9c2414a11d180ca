import TabModuleLoading
import TabModuleRuntime

/// The images a module may show are the files its sandbox lets it read (`ModuleImageConfinement`).
extension OutOfProcessModuleInstanceFactory {
    /// Its own directory, its data directory, and its `read:` and `write:` grants (`~/` expanded); `/`
    /// when it was granted `unrestricted` (the front ends' session-wide bound still applies).
    public func readableDirectories(of info: ModuleInfo, dataDirectory: ModuleDataDirectory?) -> [String] {
        var directories = ModuleImageConfinement.ownDirectories(of: info, dataDirectory: settings.dataDirectory ?? dataDirectory)
        let granted = grants.permissions(for: info).granted
        if granted.contains("unrestricted") { return ["/"] }
        let home = ModuleSearchPath.environment("HOME")
        for name in granted where ModulePermissions.problem(name) == nil {
            guard let prefix = ModulePermissions.pathPrefixes.first(where: { name.hasPrefix($0) }) else { continue }
            let rest = name.dropFirst(prefix.count)
            if rest.hasPrefix("~/") {
                guard let home else { continue }
                directories.append(String(ModulePermissions.expandingHome(name, home: home).dropFirst(prefix.count)))
            } else {
                directories.append(String(rest))
            }
        }
        return directories
    }
}
