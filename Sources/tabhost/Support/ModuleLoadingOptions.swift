import ArgumentParser

/// The options of every command that loads module files.
struct ModuleLoadingOptions: ParsableArguments {
    @Flag(help: "Accept module files or directories writable by group or others.")
    var allowInsecurePermissions = false

    /// A registry over a fresh private cache with these options.
    func commandModules() throws -> CommandModules {
        try CommandModules(allowInsecurePermissions: allowInsecurePermissions)
    }
}
