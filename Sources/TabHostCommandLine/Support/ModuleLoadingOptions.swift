import ArgumentParser
import TabModuleLoading

/// The options of every command that loads module files.
struct ModuleLoadingOptions: ParsableArguments {
    @Flag(help: "Accept module files or directories writable by group or others.")
    var allowInsecurePermissions = false

    @Flag(help: "Ignore the module metadata cache ($XDG_CACHE_HOME/tabhost/modules.cache): open every module file again and rebuild it.")
    var rescan = false

    /// A registry over a fresh private cache with these options, opening each file in a scanner child first.
    func commandModules() throws -> CommandModules {
        try CommandModules(
            allowInsecurePermissions: allowInsecurePermissions, scan: true,
            metadataCache: ModuleMetadataCache.defaultPath(), rescan: rescan)
    }
}
