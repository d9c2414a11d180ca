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
            if case .path(_, let path) = ModulePermissions.grantedPath(name, home: home) { directories.append(path) }
        }
        return directories
    }
}
