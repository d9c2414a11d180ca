import TabModuleIsolation

/// What `tabhost install` asks of the bundle tools, its arguments checked: where to install, which trust
/// store, and how the first install's question is answered.
public struct BundleInstallRequest: Sendable {
    /// The modules directory (`--modules`, else the user's).
    public var modulesDirectory: String
    /// The trust store's file.
    public var trustStorePath: String
    /// `--yes`.
    public var assumeYes: Bool
    /// `--allow-unsigned`.
    public var allowUnsigned: Bool
    /// `--allow-older`: install a version older than the installed one.
    public var allowOlder = false
    /// `--sandbox`: the scanner child that reads the module's descriptor before anything is asked.
    public var sandbox: SandboxMode

    /// A request.
    public init(modulesDirectory: String, trustStorePath: String, assumeYes: Bool, allowUnsigned: Bool, sandbox: SandboxMode) {
        self.modulesDirectory = modulesDirectory
        self.trustStorePath = trustStorePath
        self.assumeYes = assumeYes
        self.allowUnsigned = allowUnsigned
        self.sandbox = sandbox
    }
}
