import TabModuleBundle

/// The install's checks of a bundle, in the order and before anything is written outside a private
/// staging directory: the archive (`BundleArchiveReader`), the signature of `manifest.json` by
/// `manifest.minisig`, then every file's size and SHA-256 against the manifest.
///
/// Which key the signature must verify with is the caller's decision (a pinned key for the module's name,
/// a trusted key, or on a first install the key the bundle names, after the user agreed): `key` is given
/// the manifest and signature as read, still unverified, and returns the key or throws to refuse. The
/// manifest against the `.so`'s descriptor is the next check, made by the installer through the scanner child.
public struct BundleVerifier {
    /// The bundle file.
    public let path: String
    /// The archive's limits.
    public var limits: BundleLimits
    /// Whether a bundle without `manifest.minisig` is accepted (`tabhost install --allow-unsigned`).
    public var allowUnsigned: Bool

    /// A verifier of the bundle at `path`.
    public init(path: String, limits: BundleLimits = .standard, allowUnsigned: Bool = false) {
        self.path = path
        self.limits = limits
        self.allowUnsigned = allowUnsigned
    }

    /// Unpacks the bundle under `stagingParent` and checks it; the staging directory is removed when a check fails.
    public func verify(
        stagingIn stagingParent: String, key: (BundleManifest, Signature) throws(BundleError) -> PublicKey
    ) throws(BundleError) -> VerifiedBundle {
        let staged = try BundleArchiveReader(path: path, limits: limits).stage(in: stagingParent)
        do {
            let signer = try checkSignature(staged, key: key)
            try checkFiles(staged)
            return VerifiedBundle(staged: staged, signer: signer)
        } catch {
            staged.remove()
            throw error
        }
    }

    private func checkSignature(
        _ staged: StagedBundle, key: (BundleManifest, Signature) throws(BundleError) -> PublicKey
    ) throws(BundleError) -> PublicKey? {
        guard let signature = staged.signature else {
            if allowUnsigned { return nil }
            throw BundleError(
                .unsigned, path: path, reason: "the bundle is not signed (it has no manifest.minisig)",
                hint: "ask its publisher for a signed bundle, or install it with --allow-unsigned if you trust where it came from")
        }
        let publicKey = try key(staged.manifest, signature)
        try publicKey.verify(signature, of: staged.manifestBytes, path: "\(path): manifest.json")
        return publicKey
    }

    private func checkFiles(_ staged: StagedBundle) throws(BundleError) {
        for file in staged.manifest.files {
            guard let written = staged.written[file.path] else { continue }
            guard written.size == file.size else {
                throw BundleError(
                    .fileMismatch, path: path,
                    reason: "entry \"\(file.path)\": \(written.size) bytes, but manifest.json says \(file.size)",
                    hint: "the bundle was changed after it was signed; do not install it, download it again")
            }
            guard written.sha256 == file.sha256 else {
                throw BundleError(
                    .fileMismatch, path: path, reason: "entry \"\(file.path)\": its SHA-256 differs from manifest.json's",
                    hint: "the bundle was changed after it was signed; do not install it, download it again")
            }
        }
    }
}
