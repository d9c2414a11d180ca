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

    /// A request.
    public init(modulesDirectory: String, trustStorePath: String, assumeYes: Bool, allowUnsigned: Bool) {
        self.modulesDirectory = modulesDirectory
        self.trustStorePath = trustStorePath
        self.assumeYes = assumeYes
        self.allowUnsigned = allowUnsigned
    }
}
