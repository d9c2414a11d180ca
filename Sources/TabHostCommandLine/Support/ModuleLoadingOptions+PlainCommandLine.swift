extension ModuleLoadingOptions {
    /// These flags from `line`.
    static func plainly(_ line: PlainCommandLine) -> ModuleLoadingOptions {
        var options = ModuleLoadingOptions()
        options.allowInsecurePermissions = line.flags.contains("allow-insecure-permissions")
        options.rescan = line.flags.contains("rescan")
        return options
    }
}
