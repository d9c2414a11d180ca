import ArgumentParser
import TabHostCore
import TabModuleIsolation
import TabModuleLoading

/// The options of every command that loads module files.
struct ModuleLoadingOptions: ParsableArguments {
    @Flag(help: "Accept module files or directories writable by group or others.")
    var allowInsecurePermissions = false

    @Flag(help: "Ignore the module metadata cache ($XDG_CACHE_HOME/tabhost/modules.cache): open every module file again and rebuild it.")
    var rescan = false

    /// The loading chain with these options (a fresh directory of private copies), opening each file in a
    /// scanner child confined by `sandbox`. The commands that use it only read descriptors: no module runs.
    func commandModules(sandbox: SandboxMode) throws -> ModuleLoadingChain {
        try ModuleLoadingChain.forCommand(
            allowInsecurePermissions: allowInsecurePermissions, scan: true, sandbox: sandbox,
            metadataCache: ModuleMetadataCache.defaultPath(), rescan: rescan, readsDescriptorsOnly: true)
    }
}
