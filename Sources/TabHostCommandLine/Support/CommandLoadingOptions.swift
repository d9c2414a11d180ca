import ArgumentParser
import TabHostCore
import TabModuleIsolation

/// The options of every command that only reads module files (`list`, `inspect`, `check-layout`, `grant`,
/// `revoke`, `permissions`): how files are loaded, and the sandbox of the scanner child that opens them
/// (a session's `--sandbox` is `SessionOptions`').
struct CommandLoadingOptions: ParsableArguments {
    @OptionGroup var loading: ModuleLoadingOptions

    @Option(
        help: ArgumentHelp(
            "Confine the scanner child that opens each module file: on (the default) or off (only for modules you trust).",
            valueName: "off|on"))
    var sandbox: SandboxMode = .on

    /// `--allow-insecure-permissions`.
    var allowInsecurePermissions: Bool { loading.allowInsecurePermissions }

    /// The loading chain (a fresh directory of private copies), each file opened in a confined scanner child.
    func commandModules() throws -> ModuleLoadingChain {
        try loading.commandModules(sandbox: sandbox)
    }
}
