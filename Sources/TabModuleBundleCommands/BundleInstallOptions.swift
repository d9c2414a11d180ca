import TabModuleBundle
import TabModuleDownload
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

/// How `BundleInstaller` installs: where, with which stores, and who answers the first install's question.
public struct BundleInstallOptions: Sendable {
    /// The modules directory the bundle lands in (`NAME/`), made when missing.
    public var modulesDirectory: String
    /// The trust store's file (pins and trusted keys).
    public var trustStorePath: String
    /// The permissions store's file; nil leaves grants alone.
    public var grantStorePath: String?
    /// Where modules keep their data: an installed bundle claims its name's directory there
    /// (`ModuleDataDirectory.claim`); nil claims nothing.
    public var dataDirectory: ModuleDataDirectory?
    /// Answers the first install's question with yes (`--yes`); never accepts a key change.
    public var assumeYes = false
    /// Accepts a bundle without `manifest.minisig` (`--allow-unsigned`).
    public var allowUnsigned = false
    /// The key the bundle must be signed with (an update passes the key the module is pinned to): any
    /// other key, or no signature, is refused, and nothing is asked.
    public var expectedKey: PublicKey?
    /// The size and lower-case SHA-256 the bundle file must have (an update passes its feed's), checked
    /// before it is unpacked; a download is cut off past `expectedSize`.
    public var expectedFile: (size: UInt64, sha256: String)?
    /// The name the bundle must have (an update passes the module's; its feed named it): another is refused.
    public var expectedName: String?
    /// The version the bundle must have (an update passes its feed's): another is refused.
    public var expectedVersion: SemanticVersion?
    /// Refuses a bundle whose version is not greater than the installed one's (an update's protection
    /// against rollback), checked under the lock.
    public var requireNewer = false
    /// Installs a version older than the installed one (`--allow-older`); otherwise `install` refuses it:
    /// a user asked to "reinstall" an old signed bundle would go back past the fixes `update` never undoes.
    public var allowOlder = false
    /// The architecture whose `.so` is installed (this machine's by default).
    public var architecture = BundleInstaller.machineArchitecture
    /// Asks the user the first install's question; nil when there is no terminal to ask on (then only
    /// `assumeYes` answers it).
    public var confirm: (@Sendable (InstallQuestion) -> Bool)?
    /// The sandbox of the scanner child that reads the module's descriptor before anything is asked
    /// (`.on` unless the user said `--sandbox off`): the module's code never runs unconfined here.
    public var sandbox: SandboxMode = .on
    /// What downloads a URL (trusting `SSL_CERT_FILE`, else the system's CA store).
    public var downloader = HTTPSDownloader()
    /// Shows the download's and the checks' progress; nil shows nothing.
    public var progress: InstallProgress?

    /// Options for `modulesDirectory` and the two stores.
    public init(modulesDirectory: String, trustStorePath: String, grantStorePath: String?) {
        self.modulesDirectory = modulesDirectory
        self.trustStorePath = trustStorePath
        self.grantStorePath = grantStorePath
    }
}
