import TabHostClient
import TabModuleRuntime

extension HostSession {
    /// The module directories this session loads from and every module's data directory root: where
    /// image nodes and tab images may lie. Without the data root a module could not show what it
    /// downloads; a file elsewhere (the user's own) it could name but not read.
    public var imageDirectories: [String] {
        reloader.directories.map(\.absolutePath) + (ModuleDataDirectory.fromEnvironment().map { [$0.root] } ?? [])
    }
}
