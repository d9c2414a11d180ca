import ArgumentParser

/// The options of every command that loads module files.
struct ModuleLoadingOptions: ParsableArguments {
    @Flag(help: "Accept module files or directories writable by group or others.")
    var allowInsecurePermissions = false

    /// A registry over a fresh private cache with these options, opening each file in a scanner child first.
    func commandModules() throws -> CommandModules {
        try CommandModules(allowInsecurePermissions: allowInsecurePermissions, scan: true)
    }
}
