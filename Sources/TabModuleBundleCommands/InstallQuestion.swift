import TabModuleBundle
import TabModuleLoading

/// What a first install asks the user about: the bundle, the key that signed it (to be pinned to its
/// name), and what the module asks to do.
public struct InstallQuestion: Sendable {
    /// The bundle's manifest (verified).
    public let manifest: BundleManifest
    /// The key that signed it; nil for an unsigned bundle.
    public let key: PublicKey?
    /// What the user granted a module of this name in this place before (an unsigned install keeps it;
    /// a first pin drops it): the question says so, since the bundle's own list does not show it.
    public var keptPermissions: [String] = []

    /// The question for `manifest`, signed by `key` (nil: unsigned), keeping `keptPermissions`.
    public init(manifest: BundleManifest, key: PublicKey?, keptPermissions: [String] = []) {
        self.manifest = manifest
        self.key = key
        self.keptPermissions = keptPermissions
    }

    /// The lines shown before "Install? [y/N]".
    public var lines: [String] {
        let who = "\(manifest.name) \(manifest.version) (\(manifest.title)) from \(manifest.publisher)"
        let key =
            self.key.map { "publisher key: \($0.keyID) (new for \(manifest.name): it will be pinned, as SSH pins a host key)" }
            ?? "publisher key: none (an unsigned bundle: nothing says who made it)"
        let asks =
            manifest.permissions.isEmpty
            ? "it asks for no permissions"
            : "it asks to: \(ModulePermissions.phrases(manifest.permissions)) (granted only when you allow it)"
        guard !keptPermissions.isEmpty else { return [who, key, asks] }
        let kept =
            "it keeps what you granted \(manifest.name) here before: \(ModulePermissions.phrases(keptPermissions)) "
            + "(tabhost revoke \(manifest.name) drops it)"
        return [who, key, asks, kept]
    }
}
